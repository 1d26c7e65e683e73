import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { synonymListResponseSchema, synonymListSchema } from '../../../shared/schemas/search';
import { requireAdmin } from '../../plugins/auth';
import { listSynonymGroups, saveSynonymGroups } from './search-synonyms.service';

export async function searchSynonymRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Search administration'];

  r.get(
    '/api/admin/search-synonyms',
    { config: admin, schema: { summary: 'List the search synonyms', tags, response: { 200: synonymListResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      return { groups: await listSynonymGroups(app.db) };
    },
  );

  r.put(
    '/api/admin/search-synonyms',
    {
      config: admin,
      schema: {
        summary: 'Replace the search synonyms',
        description: 'Each group lists terms that mean the same: a search for one of them also finds the others.',
        tags,
        body: synonymListSchema,
        response: { 200: synonymListResponseSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { groups: await saveSynonymGroups(app.db, request.body.groups) };
    },
  );
}
