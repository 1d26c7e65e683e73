import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiModelInputSchema,
  aiModelSchema,
  filterCountsQuerySchema,
  filterCountsSchema,
  filterValuesQuerySchema,
  filterValuesSchema,
} from '../../../shared/schemas/catalog';
import { requireUser } from '../../plugins/auth';
import { listAiModels } from './catalog.repo';
import { addAiModel, filterCounts, filterValues, listTagNames, offeredTo, usedValues } from './catalog.service';

/** The catalog and the sidebar's values: what a prompts:read token may read too. */
const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;
const tags = ['Catalog'];
const names = { tags, response: { 200: z.array(z.string()) } };

export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/ai-models',
    { config: signedIn, schema: { summary: 'List the AI applications', tags, response: { 200: z.array(aiModelSchema) } } },
    async (request, reply) => {
      const user = requireUser(request);
      // The AI application list is never cached.
      reply.header('Cache-Control', 'no-store');
      return offeredTo(
        app.db,
        user,
        'aiModels',
        await listAiModels(app.db),
        (m) => m.name,
        (m) => Boolean(m.launchUrl || m.homeUrl),
      );
    },
  );

  r.post(
    '/api/ai-models',
    {
      config: { access: 'editor', deniedMessage: 'Read-only members cannot add AI applications', idempotent: true, token: 'prompts:write' },
      schema: {
        summary: 'Add an AI application',
        description: 'Answers 201 when it was added, 200 when one of that name already existed (its spelling is returned).',
        tags,
        body: aiModelInputSchema,
        response: { 200: z.object({ model: z.string() }), 201: z.object({ model: z.string() }) },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { model, created } = await addAiModel(app.db, request.body.model);
      return reply.status(created ? 201 : 200).send({ model });
    },
  );

  r.get('/api/tags', { config: signedIn, schema: { ...names, summary: 'List the tag names' } }, async (request) => {
    return offeredTo(app.db, requireUser(request), 'tags', await listTagNames(app.db), (name) => name);
  });

  r.get('/api/filter/ai-models', { config: signedIn, schema: { ...names, summary: 'The AI applications prompts use' } }, async (request) => {
    return (await usedValues(app.db, requireUser(request))).aiModels.map((v) => v.value);
  });

  r.get('/api/filter/tags', { config: signedIn, schema: { ...names, summary: 'The tags prompts use' } }, async (request) => {
    return (await usedValues(app.db, requireUser(request))).tags.map((v) => v.value);
  });

  /**
   * The three sidebar lists for one list view (its search, filters and scope), each value with the count
   * of prompts it would show: every group's top values by count plus the selected ones.
   */
  r.get(
    '/api/filter/counts',
    {
      config: signedIn,
      schema: { summary: 'The filter values of a list view, with counts', tags, querystring: filterCountsQuerySchema, response: { 200: filterCountsSchema } },
    },
    async (request) => filterCounts(app.db, request.query, requireUser(request)),
  );

  /** Finds values of one group beyond the top ones, by text, with the same faceted counts. */
  r.get(
    '/api/filter/values',
    {
      config: signedIn,
      schema: { summary: 'Find filter values by text, with counts', tags, querystring: filterValuesQuerySchema, response: { 200: filterValuesSchema } },
    },
    async (request) => filterValues(app.db, request.query, requireUser(request)),
  );
}
