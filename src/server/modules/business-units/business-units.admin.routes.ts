import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessUnitInputSchema, businessUnitSchema, deleteBusinessUnitQuerySchema } from '../../../shared/schemas/business-units';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { requireAdmin } from '../../plugins/auth';
import { deleteBusinessUnit, renameBusinessUnit } from './business-units.admin.service';
import { createBusinessUnit, getBusinessUnits } from './business-units.service';

export async function adminBusinessUnitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Business units'];

  r.get(
    '/api/admin/business-units',
    { config: admin, schema: { summary: 'List the business units (administration)', tags, response: { 200: z.array(businessUnitSchema) } } },
    async (request) => {
      requireAdmin(request);
      return getBusinessUnits(app.db);
    },
  );

  r.post(
    '/api/admin/business-units',
    {
      config: { ...admin, idempotent: true },
      schema: { summary: 'Add a business unit (administration)', tags, body: businessUnitInputSchema, response: { 201: businessUnitSchema } },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply.status(201).send(await createBusinessUnit(app.db, actor, request.body.name));
    },
  );

  r.put(
    '/api/admin/business-units/:id',
    {
      config: admin,
      schema: { summary: 'Rename a business unit', tags, params: uuidParamsSchema, body: businessUnitInputSchema, response: { 200: businessUnitSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return renameBusinessUnit(app.db, actor, request.params.id, request.body.name);
    },
  );

  r.delete(
    '/api/admin/business-units/:id',
    {
      config: admin,
      schema: {
        summary: 'Delete a business unit',
        description: 'A unit that still has members or prompts is deleted only with `moveTo`, the unit they move to.',
        tags,
        params: uuidParamsSchema,
        querystring: deleteBusinessUnitQuerySchema,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      await deleteBusinessUnit(app.db, actor, request.params.id, request.query.moveTo);
      return reply.status(204).send();
    },
  );
}
