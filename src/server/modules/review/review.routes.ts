import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewQueueQuerySchema, reviewQueueSchema } from '../../../shared/schemas/status';
import { requireUser } from '../../plugins/auth';
import { reviewQueue } from './review.service';

export async function reviewRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/review',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'A curator’s review queue',
        description:
          'The verified prompts the caller curates (administrators: all) whose verification has run out (`VERIFICATION_DAYS` after it was given), the oldest first. Verify one again or deprecate it through `PUT /api/prompts/{id}/status`. Empty for members who curate no unit.',
        tags: ['Prompts'],
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueSchema },
      },
    },
    (request) => reviewQueue(app.db, requireUser(request), request.query, app.config),
  );
}
