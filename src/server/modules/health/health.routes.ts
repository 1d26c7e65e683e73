import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appliedMigrationCount, pingDatabase, shippedMigrationCount } from '../../db/client';

// Documented only, never used to serialize: the checks stay as cheap as they are, and the error handler
// answers 503 too (a database that fails while a sent token is looked up) with the error body alone,
// which a 503 schema would turn into a 500.
const notReady = {
  description: 'Not ready: the database is not answering, or migrations are still being applied (Retry-After says when to ask again)',
  content: { 'application/json': z.object({ status: z.enum(['unavailable', 'migrating']).optional(), message: z.string(), code: z.string() }) },
};

/**
 * /healthz: is this process alive and does its database answer within a second (never waits longer).
 * /readyz: for load balancers, is the instance ready to serve: the database answers and has every
 * migration this build ships.
 */
export async function healthRoutes(app: FastifyInstance) {
  const unavailable = { status: 'unavailable', message: 'The database is not answering', code: 'database_unavailable' } as const;
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
        summary: 'Readiness: the database answers and holds every migration of this build',
        tags,
        documentedResponses: {
          200: { description: 'Ready to serve', content: { 'application/json': z.object({ status: z.literal('ready'), migrations: z.number() }) } },
          503: notReady,
        },
      },
    },
    async (request, reply) => {
      let applied: number;
      try {
        await pingDatabase(app.db, 1_000);
        applied = await appliedMigrationCount(app.db);
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database did not answer');
        return reply.status(503).header('Retry-After', '5').send(unavailable);
      }
      if (applied < shipped) {
        return reply.status(503).send({ status: 'migrating', message: `${applied} of ${shipped} migrations applied`, code: 'migrations_pending' });
      }
      return { status: 'ready', migrations: applied };
    },
  );
}
