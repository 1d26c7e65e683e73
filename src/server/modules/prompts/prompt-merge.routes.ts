import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promptMergeInputSchema, promptMergeResultSchema } from '../../../shared/schemas/merge';
import { requireUser } from '../../plugins/auth';
import { mergePrompts } from './prompt-merge.service';
import { READ_ONLY_CHANGE_MESSAGE } from '../../../shared/policies/prompts';

/** Near-copies merged into the one prompt kept. */
export async function promptMergeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/prompts/merge',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, token: 'prompts:write' },
      schema: {
        summary: 'Merge near-copies into one prompt',
        description:
          'The prompts of `mergeIds` go to the trash (restorable); their favourites, uses and places in collections move to `keepId`, and `GET /api/prompts/{id}` of a merged one answers 301 to the prompt kept until the trash is emptied. For administrators, and for members who own or co-own every prompt involved (403 otherwise; 404 for one they may not see). One audit event.',
        tags: ['Prompts'],
        body: promptMergeInputSchema,
        response: { 200: promptMergeResultSchema },
      },
    },
    (request) => mergePrompts(app.db, requireUser(request), request.body),
  );
}
