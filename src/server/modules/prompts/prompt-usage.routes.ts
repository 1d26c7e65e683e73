import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptListResponseSchema, promptUseInputSchema, recentPromptsQuerySchema } from '../../../shared/schemas/prompts';
import { requireUser } from '../../plugins/auth';
import { listRecentPrompts, recordUse, setFavorite } from './prompt-usage.service';

/** Favourites, uses and the recently used list: open to every signed-in member, read-only ones included. */
export async function promptUsageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Using and starring a prompt are a reader's own bookkeeping: a prompts:read token may do both.
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;
  const tags = ['Favourites and uses'];

  // Sent as the JSON text the service assembles, so documented only; the tests check it against
  // promptListResponseSchema.
  r.get(
    '/api/prompts/recent',
    {
      config: signedIn,
      schema: {
        summary: 'The prompts one used most recently',
        tags,
        querystring: recentPromptsQuerySchema,
        documentedResponses: { 200: { description: 'A page of prompts, most recently used first', content: { 'application/json': promptListResponseSchema } } },
      },
    },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await listRecentPrompts(app.db, requireUser(request), request.query)),
  );

  r.post(
    '/api/prompts/:id/uses',
    {
      config: { ...signedIn, idempotent: true },
      schema: {
        summary: 'Record a use of a prompt (copied or launched)',
        tags,
        params: uuidParamsSchema,
        body: promptUseInputSchema,
        response: { 204: z.undefined().describe('Recorded') },
      },
    },
    async (request, reply) => {
      await recordUse(app.db, requireUser(request), request.params.id, request.body.kind);
      return reply.status(204).send();
    },
  );

  for (const [method, favorite] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/prompts/:id/favorite',
      config: signedIn,
      schema: {
        summary: favorite ? 'Star a prompt' : 'Unstar a prompt',
        tags,
        params: uuidParamsSchema,
        response: { 204: z.undefined().describe(favorite ? 'Starred' : 'Unstarred') },
      },
      handler: async (request, reply) => {
        await setFavorite(app.db, requireUser(request), request.params.id, favorite);
        return reply.status(204).send();
      },
    });
  }
}
