import type { SessionOnlyAction } from '../../shared/policies/tokens';
import type { TokenScope } from '../../shared/schemas/tokens';
import type { RouteAccess } from './auth';

// Which routes a personal API token may call, and with which scope. A token is refused by default:
// a route is open to tokens only when it is listed here, or is an admin route (scope `admin`).
// Signing in, passwords, the profile and the tokens themselves are never open to a token, so a
// leaked token cannot be turned into a password or into more tokens.

const READ: TokenScope = 'prompts:read';
const WRITE: TokenScope = 'prompts:write';

const LISTED: Record<string, TokenScope> = {
  'GET /api/prompts': READ,
  'GET /api/prompts/my': READ,
  'GET /api/prompts/recent': READ,
  'GET /api/prompts/:id': READ,
  'GET /api/prompts/:id/versions': READ,
  'GET /api/prompts/:id/versions/:number': READ,
  'GET /api/tags': READ,
  'GET /api/filter/ai-models': READ,
  'GET /api/filter/tags': READ,
  'GET /api/filter/counts': READ,
  'GET /api/filter/values': READ,
  'GET /api/ai-models': READ,
  'GET /api/form-fields': READ,
  'GET /api/trash': READ,
  // Using and starring a prompt are a reader's own bookkeeping: read members may do both.
  'POST /api/prompts/:id/uses': READ,
  'PUT /api/prompts/:id/favorite': READ,
  'DELETE /api/prompts/:id/favorite': READ,
  'POST /api/prompts': WRITE,
  'POST /api/prompts/bulk': WRITE,
  'PUT /api/prompts/:id': WRITE,
  'DELETE /api/prompts/:id': WRITE,
  'POST /api/prompts/:id/versions/:number/restore': WRITE,
  'POST /api/trash/:id/restore': WRITE,
  'POST /api/business-units': WRITE,
  'POST /api/ai-models': WRITE,
  'DELETE /api/trash/:id': 'admin',
  'POST /mcp': READ,
};

/**
 * Admin routes a token may never call, even with the `admin` scope: tokens, and the one-time download
 * links, which belong to a browser session (a script downloads directly).
 */
const NEVER = new Set(['GET /api/admin/tokens', 'DELETE /api/admin/tokens/:id', 'POST /api/admin/export/tickets', 'POST /api/admin/audit/export/tickets']);

/**
 * Admin routes that would turn an `admin` token into a password sign-in (see SESSION_ONLY_ACTIONS):
 * refused to every token with 403 `session_required`, which tells the caller to sign in instead.
 */
const SESSION_ONLY: Record<string, SessionOnlyAction> = {
  'POST /api/admin/users': 'createUser',
  'POST /api/admin/users/:id/reset-password': 'resetPassword',
  'GET /api/admin/backup': 'downloadBackup',
};

/**
 * Routes open to a token whose body decides: the route checks the change against
 * `sessionOnlyUserChange` once it knows the member. Said in the API reference beside the scope.
 */
export const TOKEN_SCOPE_EXCEPTIONS: Record<string, string> = {
  'PUT /api/admin/users/:id': 'except to change the email address or to make the member an administrator (403 `session_required`)',
};

/** Why a token may never call this route whatever its scopes, or null when its scopes decide. */
export function sessionOnlyActionFor(method: string, url: string): SessionOnlyAction | null {
  return SESSION_ONLY[`${method} ${url}`] ?? null;
}

/** The scope a token needs for this route, or null when tokens are refused there. */
export function tokenScopeFor(method: string, url: string, access: RouteAccess | undefined): TokenScope | null {
  const key = `${method} ${url}`;
  if (NEVER.has(key) || SESSION_ONLY[key]) return null;
  if (LISTED[key]) return LISTED[key];
  return access === 'admin' ? 'admin' : null;
}
