import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What the audit log keeps about the request an action came from. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestMeta>();

/**
 * Makes each request's address and user agent readable from the services it calls, so that an audit
 * event written deep in a transaction needs no extra parameter threaded through every signature.
 * The hook is callback-style so that the rest of the request runs inside `storage.run`.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    storage.run({ ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null }, done);
  });
}

/** The current request's address and agent; nulls outside a request (housekeeping, command line). */
export function requestMeta(): RequestMeta {
  return storage.getStore() ?? { ip: null, userAgent: null };
}
