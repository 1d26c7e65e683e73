import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READ_ONLY_CHANGE_MESSAGE, READ_ONLY_CREATE_MESSAGE } from '../../../shared/policies/prompts';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptDefaultsSchema, promptInputSchema, promptListQuerySchema, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { bulkActionSchema, bulkResultSchema } from '../../../shared/schemas/bulk';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { mergedInto } from './prompt-merge.service';
import { runBulkAction } from './prompts.bulk';
import { createPrompt, deletePrompt, getPrompt, listPrompts, updatePrompt } from './prompts.service';
import { newPromptDefaults } from './prompts.visibility';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `Cache-Control: no-cache` (a forced reload, or the benchmark) asks for an answer computed now. */
const wantsFresh = (request: FastifyRequest) => /no-cache|no-store|max-age=0/i.test(request.headers['cache-control'] ?? '');

export async function promptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Prompts'];
  // Lists are sent as the JSON text the service assembles (items are built by PostgreSQL), so no
  // response schema: the list is documented only, and the tests check every list answer against
  // promptListResponseSchema instead.
  const listSchema = {
    tags,
    querystring: promptListQuerySchema,
    documentedResponses: { 200: { description: 'A page of prompts', content: { 'application/json': promptListResponseSchema } } },
  };
  // Every route here reads what a prompts:read token may read.
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;

  r.get(
    '/api/prompts',
    {
      config: signedIn,
      schema: {
        ...listSchema,
        summary: 'List and search prompts',
        description: 'One page at a time: pass `nextCursor` back as `cursor` for the next. `Cache-Control: no-cache` asks for counts computed now.',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // `ownership` narrows everyone's list to the viewer's own, as My Prompts' filter does.
      const ownerId = request.query.ownership ? user.id : undefined;
      return reply.type(JSON_TYPE).send(await listPrompts(app.db, user, request.query, ownerId, wantsFresh(request)));
    },
  );

  r.get('/api/prompts/my', { config: signedIn, schema: { ...listSchema, summary: 'List and search one’s own prompts' } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.type(JSON_TYPE).send(await listPrompts(app.db, user, request.query, user.id, wantsFresh(request)));
  });

  r.get(
    '/api/prompt-defaults',
    {
      config: signedIn,
      schema: {
        summary: 'What a new prompt gets',
        description: 'The visibility a new prompt gets when its writer does not choose (DEFAULT_VISIBILITY), and its business units.',
        tags,
        response: { 200: promptDefaultsSchema },
      },
    },
    (request) => newPromptDefaults(requireUser(request), app.config.defaultVisibility),
  );

  r.get(
    '/api/prompts/:id',
    {
      config: signedIn,
      schema: {
        summary: 'Read a prompt',
        description: 'A prompt merged into another answers 301 with the kept prompt’s `Location` until the trash is emptied.',
        tags,
        params: uuidParamsSchema,
        response: { 200: promptSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      try {
        return await getPrompt(app.db, viewer, request.params.id, app.config);
      } catch (err) {
        const kept = err instanceof AppError && err.code === 'prompt_not_found' ? await mergedInto(app.db, viewer, request.params.id) : null;
        if (!kept) throw err;
        return reply.redirect(`/api/prompts/${kept}`, 301);
      }
    },
  );

  r.post(
    '/api/prompts',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CREATE_MESSAGE, idempotent: true, token: 'prompts:write' },
      schema: { summary: 'Create a prompt', tags, body: promptInputSchema, response: { 201: promptSchema } },
    },
    async (request, reply) => reply.status(201).send(await createPrompt(app.db, requireUser(request), request.body, app.config.defaultVisibility, app.config)),
  );

  r.post(
    '/api/prompts/bulk',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, idempotent: true, token: 'prompts:write' },
      schema: {
        summary: 'Act on many prompts at once',
        description:
          'Move to a business unit, add or remove a tag, change who can see them, or move to the trash: the chosen prompts, or every prompt a filter matches. Editors act on the prompts they own or co-own.',
        tags,
        body: bulkActionSchema,
        response: { 200: bulkResultSchema },
      },
    },
    (request) => runBulkAction(app.db, requireUser(request), request.body),
  );

  r.put(
    '/api/prompts/:id',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, token: 'prompts:write' },
      schema: {
        summary: 'Change a prompt',
        description: 'Owners change their own prompts, administrators any; each change is kept as a version.',
        tags,
        params: uuidParamsSchema,
        body: promptInputSchema,
        response: { 200: promptSchema },
      },
    },
    (request) => updatePrompt(app.db, requireUser(request), request.params.id, request.body, app.config),
  );

  r.delete(
    '/api/prompts/:id',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE, token: 'prompts:write' },
      schema: { summary: 'Move a prompt to the trash', tags, params: uuidParamsSchema, response: { 204: z.undefined().describe('Moved to the trash') } },
    },
    async (request, reply) => {
      await deletePrompt(app.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
