import type { FastifyInstance } from 'fastify';
import { appliedMigrationCount, pingDatabase, shippedMigrationCount } from '../../db/client';

/**
 * /healthz: is this process alive and does its database answer within a second (never waits longer).
 * /readyz: for load balancers, is the instance ready to serve: the database answers and has every
 * migration this build ships.
 */
export async function healthRoutes(app: FastifyInstance) {
  const unavailable = { status: 'unavailable', message: 'The database is not answering', code: 'database_unavailable' };

  app.get('/healthz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await pingDatabase(app.db, 1_000);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).header('Retry-After', '5').send(unavailable);
    }
  });

  const shipped = shippedMigrationCount();
  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
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
  });
}
