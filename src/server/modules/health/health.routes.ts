import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ErrorBody } from '../../../shared/error-body';
import { appliedMigrationCount, pingDatabase, shippedMigrationCount } from '../../db/client';
import { STORAGE_RETRY_AFTER_S, type StorageStatus } from '../../lib/storage-errors';

// Documented only, never used to serialize: the checks stay as cheap as they are, and the error handler
// answers 503 too (a database that fails while a sent token is looked up) with the error body alone,
// which a 503 schema would turn into a 500.
const notReady = {
  description:
    'Not ready: the database is not answering, migrations are still being applied, or the database cannot write because its disk is full (Retry-After says when to ask again)',
  content: { 'application/json': z.object({ status: z.enum(['unavailable', 'migrating', 'storage_full']).optional(), message: z.string(), code: z.string() }) },
};

/**
 * /healthz: is this process alive and does its database answer within a second (never waits longer).
 * /readyz: for load balancers, is the instance ready to serve: the database answers and has every
 * migration this build ships, and it can write (a full disk stops it: see createStorageCheck).
 */
/** A 503 of the health checks: the error body, with the state the instance is in. */
type NotReady = ErrorBody & { status: 'unavailable' | 'migrating' | 'storage_full' };

export async function healthRoutes(app: FastifyInstance) {
  const unavailable = { status: 'unavailable', message: 'The database is not answering', code: 'database_unavailable' } as const satisfies NotReady;
  const tags = ['Health'];

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: the process runs and its database answers',
        tags,
        documentedResponses: { 200: { description: 'Alive', content: { 'application/json': z.object({ status: z.literal('ok') }) } }, 503: notReady },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db, 1_000);
        return { status: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        return reply.status(503).header('Retry-After', '5').send(unavailable);
      }
    },
  );

  const shipped = shippedMigrationCount();
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: the database answers, holds every migration of this build and can write',
        tags,
        documentedResponses: {
          200: { description: 'Ready to serve', content: { 'application/json': z.object({ status: z.literal('ready'), migrations: z.number() }) } },
          503: notReady,
        },
      },
    },
    async (request, reply) => {
      let applied: number;
      let storage: StorageStatus;
      try {
        await pingDatabase(app.db, 1_000);
        applied = await appliedMigrationCount(app.db);
        storage = await app.storageStatus();
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database did not answer');
        return reply.status(503).header('Retry-After', '5').send(unavailable);
      }
      if (applied < shipped) {
        return reply
          .status(503)
          .send({ status: 'migrating', message: `${applied} of ${shipped} migrations applied`, code: 'migrations_pending' } satisfies NotReady);
      }
      if (!storage.writable) {
        return reply
          .status(503)
          .header('Retry-After', String(STORAGE_RETRY_AFTER_S))
          .send({ status: 'storage_full', message: storage.reason, code: 'storage_full' } satisfies NotReady);
      }
      return { status: 'ready', migrations: applied };
    },
  );
}
