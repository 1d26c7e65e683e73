import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READ_ONLY_CHANGE_MESSAGE, READ_ONLY_CREATE_MESSAGE } from '../../../shared/policies/prompts';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptInputSchema, promptListQuerySchema, promptSchema } from '../../../shared/schemas/prompts';
import { requireUser } from '../../plugins/auth';
import { createPrompt, deletePrompt, getPrompt, listPrompts, updatePrompt } from './prompts.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `Cache-Control: no-cache` (a forced reload, or the benchmark) asks for an answer computed now. */
const wantsFresh = (request: FastifyRequest) => /no-cache|no-store|max-age=0/i.test(request.headers['cache-control'] ?? '');

export async function promptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Lists are sent as the JSON text the service assembles (items are built by PostgreSQL), so no
  // response schema: the tests check every list answer against promptListResponseSchema instead.
  const listSchema = { querystring: promptListQuerySchema };
  const signedIn = { access: 'signedIn' } as const;

  r.get('/api/prompts', { config: signedIn, schema: listSchema }, async (request, reply) =>
    reply.type(JSON_TYPE).send(await listPrompts(app.db, requireUser(request), request.query, undefined, wantsFresh(request))),
  );

  r.get('/api/prompts/my', { config: signedIn, schema: listSchema }, async (request, reply) => {
    const user = requireUser(request);
    return reply.type(JSON_TYPE).send(await listPrompts(app.db, user, request.query, user.id, wantsFresh(request)));
  });

  r.get('/api/prompts/:id', { config: signedIn, schema: { params: uuidParamsSchema, response: { 200: promptSchema } } }, (request) =>
    getPrompt(app.db, requireUser(request), request.params.id),
  );

  r.post(
    '/api/prompts',
    { config: { access: 'editor', deniedMessage: READ_ONLY_CREATE_MESSAGE }, schema: { body: promptInputSchema, response: { 201: promptSchema } } },
    async (request, reply) => reply.status(201).send(await createPrompt(app.db, requireUser(request), request.body)),
  );

  r.put(
    '/api/prompts/:id',
    {
      config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE },
      schema: { params: uuidParamsSchema, body: promptInputSchema, response: { 200: promptSchema } },
    },
    (request) => updatePrompt(app.db, requireUser(request), request.params.id, request.body),
  );

  r.delete(
    '/api/prompts/:id',
    { config: { access: 'editor', deniedMessage: READ_ONLY_CHANGE_MESSAGE }, schema: { params: uuidParamsSchema } },
    async (request, reply) => {
      await deletePrompt(app.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
