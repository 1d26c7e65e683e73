import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { findSessionUser } from '../modules/auth/sessions.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid bearer token. */
    user: UserRow | null;
    /** The session id (SHA-256 of the token) of that user. */
    sessionId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  return match?.[1];
}

/** Resolves the bearer token of every /api request into `request.user`. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    const session = token ? await findSessionUser(app.db, token, app.config.sessionIdleDays) : undefined;
    if (session) {
      request.user = session.user;
      request.sessionId = session.sid;
    }
    // Every admin call answers 401/403 before its input is even validated.
    if (request.url.startsWith('/api/admin/')) requireAdmin(request);
  });
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
