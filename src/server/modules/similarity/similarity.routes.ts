import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { relatedPromptsSchema, SIMILARITY_THRESHOLD, similarPromptsInputSchema, similarPromptsSchema } from '../../../shared/schemas/similar';
import { requireUser } from '../../plugins/auth';
import { loadVisiblePrompt } from '../prompts/prompts.visibility';
import { relatedPrompts } from './similarity.related';
import { similarPrompts } from './similarity.service';

/** Near-copies, asked while a prompt is written (one good prompt instead of five), and related prompts. */
export async function similarityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/prompts/similar',
    {
      // Names only prompts the member may already see: a read member (or a prompts:read token) may ask.
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'Prompts whose content is nearly the same as a text',
        description: `Up to five published or verified prompts the member sees whose content is at least ${SIMILARITY_THRESHOLD} alike (pg_trgm similarity, 0 to 1), most alike first. Contents under 40 characters are not compared (an empty list). \`excludeId\` leaves out the prompt being edited. Nothing is stored.`,
        tags: ['Prompts'],
        body: similarPromptsInputSchema,
        response: { 200: similarPromptsSchema },
      },
    },
    (request) => similarPrompts(app.db, requireUser(request), request.body),
  );

  r.get(
    '/api/prompts/:id/related',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'Prompts related to a prompt',
        description:
          'Up to five published or verified prompts the member sees whose content is alike or that share its tags, most related first; each with the tags it shares and how alike its content is. 404 for a prompt the member may not see.',
        tags: ['Prompts'],
        params: uuidParamsSchema,
        response: { 200: relatedPromptsSchema },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      await loadVisiblePrompt(app.db, viewer, request.params.id);
      return relatedPrompts(app.db, viewer, request.params.id);
    },
  );
}
