import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { TOKEN_PREFIX, type TokenScope } from '../../shared/schemas/tokens';
import type { UserRow } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../errors';
import { findSessionUser } from '../modules/auth/sessions.repo';
import { findTokenUser } from '../modules/tokens/tokens.repo';
import { AttemptLimiter, attemptStoreFor, tokenAttemptKey } from './rate-limit';
import { effectiveScopes, SESSION_REQUIRED, type SessionOnlyAction, sessionRequiredMessage } from '../../shared/policies/tokens';
import { type RouteAccess, sessionOnlyActionOf, type TokenRule, tokenScopeOf } from './token-scopes';

/**
 * Who may call a route, declared in its options (`config: { access }`):
 * - `public`: anyone; a bearer token, when sent, is still resolved (logout needs it);
 * - `signedIn`: any member with a valid session;
 * - `editor`: members who write prompts (roles edit and admin);
 * - `curator`: administrators, and members who curate at least one business unit (the route narrows
 *   what they get to their units);
 * - `admin`: administrators only.
 */
export type { RouteAccess };

/** One route as the tests that walk all routes read it: who may call it, and with which token scope. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The scope a personal API token needs, or null when tokens are refused. */
  tokenScope: TokenScope | null;
  /** Why no token may ever call it (403 `session_required`), or null. */
  sessionOnly: SessionOnlyAction | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** What a personal API token needs here (token-scopes.ts); left out, admin routes need `admin` and others refuse tokens. */
    token?: TokenRule;
    /** Said in the API reference beside the scope: when the route's body can still refuse a token. */
    tokenNote?: string;
    /** The 403 message when the role is not enough, e.g. "Read-only members cannot create prompts". */
    deniedMessage?: string;
    /** Reachable while the member must still replace a temporary password (who am I, the change itself). */
    allowedBeforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declared access (read by the tests that walk all routes). */
    routeAccessTable: ReadonlyArray<RouteAccessEntry>;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid bearer token. */
    user: UserRow | null;
    /** The session id (SHA-256 of the token) of that user; null for a personal API token. */
    sessionId: string | null;
    /** The personal API token the request came with, and what it may do now; null for a session. */
    apiToken: { id: string; scopes: TokenScope[] } | null;
  }
}

const ROLE_ALLOWED: Record<Exclude<RouteAccess, 'public' | 'signedIn' | 'curator'>, ReadonlyArray<UserRow['role']>> = {
  editor: ['edit', 'admin'],
  admin: ['admin'],
};

export const PASSWORD_CHANGE_REQUIRED = 'Change your temporary password before you continue.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  return match?.[1];
}

/** Routes the API serves: every one of them must say who may call it. */
const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/') || url === '/healthz' || url === '/readyz' || url === '/mcp';

function checkDeclaration(route: RouteOptions): RouteAccess | undefined {
  const access = route.config?.access;
  if (!isApiRoute(route.url)) return access;
  if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
  // Curators look after part of the library beside the administrators: their routes may live here too.
  if (route.url.startsWith('/api/admin/') && access !== 'admin' && access !== 'curator') {
    throw new Error(`Route ${String(route.method)} ${route.url} is under /api/admin/ but its access is "${access}"`);
  }
  return access;
}

/**
 * Resolves the bearer token into `request.user`, then enforces the matched route's declared access.
 * It runs in onRequest, so a missing session (401) or role (403) is answered before the body is read,
 * parsed or validated, and it reads the route the router matched, so no spelling of a URL (for example
 * percent-encoded letters) can reach a route without its check.
 */
export function registerAuth(app: FastifyInstance): void {
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiToken', null);
  const tokenLimiter = new AttemptLimiter(attemptStoreFor(app.db));

  app.addHook('onRoute', (route) => {
    const access = checkDeclaration(route);
    const [tokenScope, sessionOnly] = [tokenScopeOf(route.config), sessionOnlyActionOf(route.config)];
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, tokenScope, sessionOnly });
  });

  app.addHook('onRequest', async (request, reply) => {
    const { access, deniedMessage, allowedBeforePasswordChange } = request.routeOptions.config;
    // Unmatched URLs (the SPA and JSON 404 handler) and static files declare nothing: nothing to check.
    if (!access) return;
    const token = bearerToken(request);
    if (token?.startsWith(TOKEN_PREFIX)) {
      const found = await findTokenUser(app.db, token);
      // A public route needs no account, so a bad token there changes nothing.
      if (!found && access !== 'public') throw unauthorized('This API token is not valid: it was revoked, it expired, or it was mistyped');
      if (found) {
        request.user = found.user;
        request.apiToken = { id: found.token.id, scopes: effectiveScopes(found.token.scopes, found.user.role) };
      }
    } else if (token) {
      const session = await findSessionUser(app.db, token, app.config.sessionIdleDays);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sid;
      }
    }
    // A public route needs no account, so gating it would protect nothing (the header can be left out).
    if (access === 'public') return;
    const user = requireUser(request);
    if (request.apiToken) await checkTokenScope(request, reply, request.apiToken, tokenLimiter, app.config.apiTokenRateLimit);
    if (user.mustChangePassword === 'true' && !allowedBeforePasswordChange) {
      throw new AppError(403, 'password_change_required', PASSWORD_CHANGE_REQUIRED);
    }
    if (access === 'curator' && user.role !== 'admin' && user.curatorUnits.length === 0) {
      throw forbidden(deniedMessage ?? 'Only administrators and curators can do this');
    }
    if (access === 'editor' || access === 'admin') {
      if (!ROLE_ALLOWED[access].includes(user.role)) {
        throw forbidden(deniedMessage ?? (access === 'admin' ? 'Only administrators can do this' : 'Read-only members cannot do this'));
      }
    }
  });
}

/** The 429's words when a personal API token is over API_TOKEN_RATE_LIMIT. */
export const TOKEN_TOO_MANY = 'Too many requests with this API token.';

/**
 * A personal API token may call only the routes whose declared token rule opens them to its scopes (as its owner's
 * role allows them now), and only so often a minute; counted per token, across every instance.
 */
async function checkTokenScope(
  request: FastifyRequest,
  reply: FastifyReply,
  token: { id: string; scopes: TokenScope[] },
  limiter: AttemptLimiter,
  perMinute: number,
) {
  const { config } = request.routeOptions;
  const sessionOnly = sessionOnlyActionOf(config);
  if (sessionOnly) throw forbidden(sessionRequiredMessage(sessionOnly), SESSION_REQUIRED);
  const needed = tokenScopeOf(config);
  if (!needed) throw forbidden('API tokens cannot be used here: sign in to the web app for this', 'insufficient_scope');
  if (!token.scopes.includes(needed)) throw forbidden(`This API token lacks the scope ${needed}, which this call needs`, 'insufficient_scope');
  await limiter.hit(reply, [tokenAttemptKey(token.id, perMinute)], TOKEN_TOO_MANY);
}

/** The signed-in user, or a 401 that the client turns into "You are logged out…". */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in admin; 401 without a session, 403 for any other role. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Only administrators can do this');
  return user;
}
