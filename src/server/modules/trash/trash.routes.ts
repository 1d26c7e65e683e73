import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { restoreQuerySchema, trashListQuerySchema, trashListSchema } from '../../../shared/schemas/trash';
import { requireUser } from '../../plugins/auth';
import { deleteFromTrash, listTrash, restoreFromTrash } from './trash.service';

/** The trash: each member sees their own deleted prompts (admins everyone's); admins delete for good. */
export async function trashRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Trash'];

  r.get(
    '/api/trash',
    {
      config: { access: 'signedIn', token: 'prompts:read' },
      schema: {
        summary: 'List deleted prompts',
        description: 'One’s own; administrators may ask for everyone’s.',
        tags,
        querystring: trashListQuerySchema,
        response: { 200: trashListSchema },
      },
    },
    (request) => listTrash(app.db, requireUser(request), { ...request.query, retentionDays: app.config.trashRetentionDays }),
  );

  r.post(
    '/api/trash/:id/restore',
    {
      config: { access: 'signedIn', token: 'prompts:write' },
      schema: {
        summary: 'Restore a deleted prompt',
        description: 'Its owner or an administrator. When the title is taken meanwhile: 409, and `rename=true` restores it under a new title.',
        tags,
        params: uuidParamsSchema,
        querystring: restoreQuerySchema,
        response: { 200: z.object({ id: z.string(), title: z.string() }).describe('Restored, with the title it has now') },
      },
    },
    async (request) => restoreFromTrash(app.db, requireUser(request), request.params.id, request.query.rename),
  );

  r.delete(
    '/api/trash/:id',
    {
      config: { access: 'admin' },
      schema: { summary: 'Delete a prompt for good', tags, params: uuidParamsSchema, response: { 204: z.undefined().describe('Deleted for good') } },
    },
    async (request, reply) => {
      await deleteFromTrash(app.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
