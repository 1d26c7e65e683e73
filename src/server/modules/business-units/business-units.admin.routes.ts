import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessUnitInputSchema, businessUnitSchema } from '../../../shared/schemas/business-units';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { requireAdmin } from '../../plugins/auth';
import { createBusinessUnit, deleteBusinessUnit, getBusinessUnits, renameBusinessUnit } from './business-units.service';

export async function adminBusinessUnitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  r.get('/api/admin/business-units', { config: admin, schema: { response: { 200: z.array(businessUnitSchema) } } }, async (request) => {
    requireAdmin(request);
    return getBusinessUnits(app.db);
  });

  r.post(
    '/api/admin/business-units',
    { config: admin, schema: { body: businessUnitInputSchema, response: { 201: businessUnitSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      return reply.status(201).send(await createBusinessUnit(app.db, request.body.name));
    },
  );

  r.put(
    '/api/admin/business-units/:id',
    { config: admin, schema: { params: uuidParamsSchema, body: businessUnitInputSchema, response: { 200: businessUnitSchema } } },
    async (request) => {
      requireAdmin(request);
      return renameBusinessUnit(app.db, request.params.id, request.body.name);
    },
  );

  r.delete('/api/admin/business-units/:id', { config: admin, schema: { params: uuidParamsSchema } }, async (request, reply) => {
    requireAdmin(request);
    await deleteBusinessUnit(app.db, request.params.id);
    return reply.status(204).send();
  });
}
