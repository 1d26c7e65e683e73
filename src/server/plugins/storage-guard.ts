import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { createStorageCheck, STORAGE_FULL_MESSAGE, STORAGE_RETRY_AFTER_S, type StorageStatus } from '../lib/storage-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database can be written now (cached a few seconds); /readyz reports it. */
    storageStatus: () => Promise<StorageStatus>;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * On the embedded database, refuses every write (503 storage_full, before any query runs) while the
 * disk of its folder is below the reserve, so that PGlite never meets a full disk itself (see
 * EMBEDDED_FREE_SPACE_RESERVE_BYTES). On PostgreSQL the server meets it, and its disk_full errors are
 * answered the same way by the error handler.
 */
export function registerStorageGuard(app: FastifyInstance, embeddedDataDir: string | undefined): void {
  const check = createStorageCheck(app.db, embeddedDataDir);
  app.decorate('storageStatus', check);
  if (!embeddedDataDir) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    if ((await check()).writable) return;
    reply.header('Retry-After', String(STORAGE_RETRY_AFTER_S));
    throw new AppError(503, 'storage_full', STORAGE_FULL_MESSAGE);
  });
}
