import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { adminTagSchema, tagChangeResultSchema, tagMergeSchema, tagRenameSchema } from '../../../shared/schemas/tags';
import { requireAdmin } from '../../plugins/auth';
import { deleteTag, listAdminTags, mergeTags, renameTag } from './tags.service';

export async function tagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Tag administration'];

  r.get(
    '/api/admin/tags',
    { config: admin, schema: { summary: 'List the tags, with how many prompts use each', tags, response: { 200: z.array(adminTagSchema) } } },
    async (request) => {
      requireAdmin(request);
      return listAdminTags(app.db);
    },
  );

  // Registered before /:id so "merge" is never read as an id.
  r.post(
    '/api/admin/tags/merge',
    { config: admin, schema: { summary: 'Merge tags into one', tags, body: tagMergeSchema, response: { 200: tagChangeResultSchema } } },
    async (request) => mergeTags(app.db, requireAdmin(request), request.body.ids, request.body.into),
  );

  r.put(
    '/api/admin/tags/:id',
    {
      config: admin,
      schema: { summary: 'Rename a tag everywhere', tags, params: uuidParamsSchema, body: tagRenameSchema, response: { 200: tagChangeResultSchema } },
    },
    async (request) => renameTag(app.db, requireAdmin(request), request.params.id, request.body.name),
  );

  r.delete(
    '/api/admin/tags/:id',
    { config: admin, schema: { summary: 'Remove a tag from every prompt', tags, params: uuidParamsSchema, response: { 200: tagChangeResultSchema } } },
    async (request) => deleteTag(app.db, requireAdmin(request), request.params.id),
  );
}
