import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAiModelSchema,
  aiModelChangeResultSchema,
  aiModelCreateSchema,
  aiModelMergeSchema,
  aiModelSchema,
  aiModelUpdateSchema,
} from '../../../shared/schemas/catalog';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { requireAdmin } from '../../plugins/auth';
import { createAiModel, deleteAiModel, listAdminAiModels, mergeAiModel, updateAiModel } from './ai-models.service';

/** The AI Applications admin screen's calls: list with counts, add, change, delete an unused one, merge. */
export async function aiModelAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Catalog'];

  r.get(
    '/api/admin/ai-models',
    {
      config: admin,
      schema: { summary: 'List the AI applications, with how many prompts name each', tags, response: { 200: z.array(adminAiModelSchema) } },
    },
    async (request) => {
      requireAdmin(request);
      return listAdminAiModels(app.db);
    },
  );

  r.post(
    '/api/admin/ai-models',
    {
      config: { ...admin, idempotent: true },
      schema: {
        summary: 'Add an AI application',
        description: 'A name another application has (any case) answers 409 `ai_model_exists`.',
        tags,
        body: aiModelCreateSchema,
        response: { 201: aiModelSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAiModel(app.db, requireAdmin(request), request.body)),
  );

  r.put(
    '/api/admin/ai-models/:id',
    {
      config: admin,
      schema: {
        summary: 'Rename an AI application or change its launch and home URLs',
        description:
          'A new name is carried into every prompt, version and trashed prompt that names the application; a name another application has (any case) answers 409 `ai_model_exists`. `launchUrl` and `homeUrl` left out stay as they are; blank or null removes them.',
        tags,
        params: uuidParamsSchema,
        body: aiModelUpdateSchema,
        response: { 200: aiModelSchema },
      },
    },
    async (request) => updateAiModel(app.db, requireAdmin(request), request.params.id, request.body),
  );

  r.delete(
    '/api/admin/ai-models/:id',
    {
      config: admin,
      schema: {
        summary: 'Delete an AI application no prompt names',
        description: 'One that prompts name answers 409 `ai_model_in_use` (the count in `errors.prompts`): merge it into another instead.',
        tags,
        params: uuidParamsSchema,
        response: { 200: aiModelChangeResultSchema },
      },
    },
    async (request) => deleteAiModel(app.db, requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/ai-models/:id/merge',
    {
      config: admin,
      schema: {
        summary: 'Merge an AI application into another',
        description:
          'Every prompt, version and trashed prompt that names it names `into` instead (once, where it named both), and the application is deleted. `into` keeps its own name and URLs.',
        tags,
        params: uuidParamsSchema,
        body: aiModelMergeSchema,
        response: { 200: aiModelChangeResultSchema },
      },
    },
    async (request) => mergeAiModel(app.db, requireAdmin(request), request.params.id, request.body.into),
  );
}
