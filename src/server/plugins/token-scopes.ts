import type { SessionOnlyAction } from '../../shared/policies/tokens';
import type { TokenScope } from '../../shared/schemas/tokens';

// Which routes a personal API token may call, and with which scope, is declared on each route next to
// its access (`config: { access, token }`). A token is refused by default: a route is open to tokens
// only when it names a scope, or is an admin route (scope `admin`) that does not refuse them. Signing
// in, passwords, the profile and the tokens themselves never name one, so a leaked token cannot be
// turned into a password or into more tokens. auth.access.test.ts pins the whole list.

/** Who may call a route (see plugins/auth.ts). */
export type RouteAccess = 'public' | 'signedIn' | 'editor' | 'curator' | 'admin';

/**
 * What a personal API token needs to call a route: a scope; `never` (an admin route that belongs to a
 * browser session: the tokens themselves, one-time download links); or `{ sessionOnly }` (an admin
 * route that would turn an `admin` token into a password sign-in: 403 `session_required`, which tells
 * the caller to sign in instead). Left out: the `admin` scope on admin and curator routes, refused elsewhere.
 */
export type TokenRule = TokenScope | 'never' | { sessionOnly: SessionOnlyAction };

/** The part of a route's config that decides about tokens. */
export interface TokenDeclaration {
  access?: RouteAccess;
  token?: TokenRule;
}

/** Why a token may never call this route whatever its scopes, or null when its scopes decide. */
export function sessionOnlyActionOf(config: TokenDeclaration | undefined): SessionOnlyAction | null {
  const rule = config?.token;
  return typeof rule === 'object' ? rule.sessionOnly : null;
}

/** The scope a token needs for this route, or null when tokens are refused there. */
export function tokenScopeOf(config: TokenDeclaration | undefined): TokenScope | null {
  const rule = config?.token;
  if (rule === 'never' || typeof rule === 'object') return null;
  if (rule) return rule;
  return config?.access === 'admin' || config?.access === 'curator' ? 'admin' : null;
}
