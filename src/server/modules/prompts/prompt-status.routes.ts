import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptSchema } from '../../../shared/schemas/prompts';
import { statusChangeSchema } from '../../../shared/schemas/status';
import { requireUser } from '../../plugins/auth';
import { changeStatus } from './prompt-status.service';
import { getPrompt } from './prompts.service';

/** A prompt's status: publishing a draft, verifying, deprecating (by its editors and its curators). */
export async function promptStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Curators need not be editors: a read member who curates a unit verifies its prompts. Who may make
  // which change is decided per prompt (statusChangeRefusal).
  r.put(
    '/api/prompts/:id/status',
    {
      config: { access: 'signedIn', token: 'prompts:write' },
      schema: {
        summary: 'Change a prompt’s status',
        description:
          'Its owner, co-owners and administrators move it between `draft`, `published` and `deprecated`. Curators of the business unit of its owner, or of a unit it is shared with, and administrators set `verified` (again: renews the review date), `published` (taking a verification or deprecation back) and `deprecated`, never a draft. `replacementId` names the prompt to use instead of a deprecated one. 403 to a member who may see the prompt but not make the change.',
        tags: ['Prompts'],
        params: uuidParamsSchema,
        body: statusChangeSchema,
        response: { 200: promptSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await changeStatus(app.db, actor, request.params.id, request.body, app.config);
      return getPrompt(app.db, actor, request.params.id, app.config);
    },
  );
}
