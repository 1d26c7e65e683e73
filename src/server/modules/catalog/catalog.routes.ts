import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiModelInputSchema, filterCountsSchema } from '../../../shared/schemas/catalog';
import { requireUser } from '../../plugins/auth';
import { addAiModel, filterCounts, listAiModelNames, listTagNames } from './catalog.service';

const signedIn = { access: 'signedIn' } as const;
const names = { response: { 200: z.array(z.string()) } };

export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/ai-models', { config: signedIn, schema: names }, async (request, reply) => {
    requireUser(request);
    // §7: never cached.
    reply.header('Cache-Control', 'no-store');
    return listAiModelNames(app.db);
  });

  r.post(
    '/api/ai-models',
    { config: { access: 'editor', deniedMessage: 'Read-only members cannot add AI applications' }, schema: { body: aiModelInputSchema, response: { 200: z.object({ model: z.string() }), 201: z.object({ model: z.string() }) } } },
    async (request, reply) => {
      requireUser(request);
      const { model, created } = await addAiModel(app.db, request.body.model);
      return reply.status(created ? 201 : 200).send({ model });
    },
  );

  r.get('/api/tags', { config: signedIn, schema: names }, async (request) => {
    requireUser(request);
    return listTagNames(app.db);
  });

  r.get('/api/filter/ai-models', { config: signedIn, schema: names }, async (request) => {
    requireUser(request);
    return (await filterCounts(app.db)).aiModels.map((v) => v.value);
  });

  r.get('/api/filter/tags', { config: signedIn, schema: names }, async (request) => {
    requireUser(request);
    return (await filterCounts(app.db)).tags.map((v) => v.value);
  });

  /** The three sidebar lists with a prompt count beside each value. */
  r.get('/api/filter/counts', { config: signedIn, schema: { response: { 200: filterCountsSchema } } }, async (request) => {
    requireUser(request);
    return filterCounts(app.db);
  });
}
