import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not answering', code: 'database_unavailable' });
    }
  });
}
