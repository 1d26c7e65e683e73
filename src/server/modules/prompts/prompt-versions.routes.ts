import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READ_ONLY_CHANGE_MESSAGE } from '../../../shared/policies/prompts';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptSchema, promptVersionListSchema, promptVersionSchema, versionListQuerySchema, versionParamsSchema } from '../../../shared/schemas/prompts';
import { requireUser } from '../../plugins/auth';
import { getVersion, listVersions, toVersion } from './prompt-versions';
import { readablePrompt, restorePromptVersion } from './prompts.service';

/** A prompt's history: readable by every member (as the prompt is), restorable by its owner or an admin. */
export async function promptVersionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route here reads what a prompts:read token may read.
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;
  const tags = ['Versions'];

  r.get(
    '/api/prompts/:id/versions',
    {
      config: signedIn,
      schema: {
        summary: 'List a prompt’s versions, newest first',
        tags,
        params: uuidParamsSchema,
        querystring: versionListQuerySchema,
        response: { 200: promptVersionListSchema },
      },
    },
    async (request) => listVersions(app.db, await readablePrompt(app.db, requireUser(request), request.params.id), request.query.limit, request.query.cursor),
  );

  r.get(
    '/api/prompts/:id/versions/:number',
    { config: signedIn, schema: { summary: 'Read one version of a prompt', tags, params: versionParamsSchema, response: { 200: promptVersionSchema } } },
    async (request) => toVersion(await getVersion(app.db, await readablePrompt(app.db, requireUser(request), request.params.id), request.params.number)),
  );

  r.post(
    '/api/prompts/:id/versions/:number/restore',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, token: 'prompts:write' },
      schema: {
        summary: 'Restore a version',
        description: 'Saves the version’s content as the prompt’s newest version; the prompt’s owner or an administrator.',
        tags,
        params: versionParamsSchema,
        response: { 200: promptSchema },
      },
    },
    (request) => restorePromptVersion(app.db, requireUser(request), request.params.id, request.params.number, app.config),
  );
}
