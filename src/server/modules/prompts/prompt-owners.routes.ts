import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READ_ONLY_CHANGE_MESSAGE } from '../../../shared/policies/prompts';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptOwnersInputSchema, promptOwnersSchema, writerSearchQuerySchema, writerSearchResponseSchema } from '../../../shared/schemas/owners';
import { requireUser } from '../../plugins/auth';
import { searchWriters } from '../users/users.service';
import { getPromptOwners, setPromptOwners } from './prompt-owners.service';

/** A prompt's owner and co-owners, and the members who can become one. */
export async function promptOwnerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Prompts'];
  const writer = { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, token: 'prompts:write' } as const;

  r.get(
    '/api/prompts/:id/owners',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: { summary: 'Who owns and co-owns a prompt', tags, params: uuidParamsSchema, response: { 200: promptOwnersSchema } },
    },
    (request) => getPromptOwners(app.db, requireUser(request), request.params.id),
  );

  r.put(
    '/api/prompts/:id/owners',
    {
      config: writer,
      schema: {
        summary: 'Change a prompt’s owner and co-owners',
        description:
          'The owner, co-owners and administrators change the co-owners (edit and admin members, at most 20); only the owner or an administrator transfers ownership (a new `ownerId`).',
        tags,
        params: uuidParamsSchema,
        body: promptOwnersInputSchema,
        response: { 200: promptOwnersSchema },
      },
    },
    (request) => setPromptOwners(app.db, requireUser(request), request.params.id, request.body),
  );

  r.get(
    '/api/prompt-writers',
    {
      config: writer,
      schema: {
        summary: 'Find members who can own a prompt',
        description: 'Edit and admin members whose name or email contains `search`: at most 20, by name.',
        tags,
        querystring: writerSearchQuerySchema,
        response: { 200: writerSearchResponseSchema },
      },
    },
    async (request) => ({ items: await searchWriters(app.db, request.query.search) }),
  );
}
