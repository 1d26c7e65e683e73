import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptInputSchema, promptListQuerySchema, promptSchema } from '../../../shared/schemas/prompts';
import { requireUser } from '../../plugins/auth';
import { createPrompt, deletePrompt, getPrompt, listPrompts, updatePrompt } from './prompts.service';

export async function promptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // No response schema on lists: zod-validating 50 items per request costs more than the query.
  // The service builds PromptListResponse objects explicitly, so nothing unlisted can leak.
  const listSchema = { querystring: promptListQuerySchema };

  r.get('/api/prompts', { schema: listSchema }, (request) => listPrompts(app.db, requireUser(request), request.query));

  r.get('/api/prompts/my', { schema: listSchema }, (request) => {
    const user = requireUser(request);
    return listPrompts(app.db, user, request.query, user.id);
  });

  r.get('/api/prompts/:id', { schema: { params: uuidParamsSchema, response: { 200: promptSchema } } }, (request) =>
    getPrompt(app.db, requireUser(request), request.params.id),
  );

  r.post('/api/prompts', { schema: { body: promptInputSchema, response: { 201: promptSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPrompt(app.db, requireUser(request), request.body)),
  );

  r.put('/api/prompts/:id', { schema: { params: uuidParamsSchema, body: promptInputSchema, response: { 200: promptSchema } } }, (request) =>
    updatePrompt(app.db, requireUser(request), request.params.id, request.body),
  );

  r.delete('/api/prompts/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await deletePrompt(app.db, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
}
