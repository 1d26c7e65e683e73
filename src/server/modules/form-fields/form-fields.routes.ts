import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { formFieldInputSchema, formFieldSchema, reorderFormFieldsSchema } from '../../../shared/schemas/form-fields';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { createFormField, deleteFormField, listAllFormFields, presentFields, reorderFormFields, updateFormField } from './form-fields.admin.service';
import { getEnabledFormFields } from './form-fields.service';

export async function formFieldRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const list = { response: { 200: z.array(formFieldSchema) } };

  /** The enabled fields in configured order, for the prompt form. */
  r.get('/api/form-fields', { config: { access: 'signedIn' }, schema: list }, async (request) => {
    requireUser(request);
    return presentFields(app.db, await getEnabledFormFields(app.db));
  });

  r.get('/api/admin/form-fields', { config: admin, schema: list }, async (request) => {
    requireAdmin(request);
    return listAllFormFields(app.db);
  });

  r.post('/api/admin/form-fields', { config: admin, schema: { body: formFieldInputSchema, response: { 201: formFieldSchema } } }, async (request, reply) => {
    requireAdmin(request);
    return reply.status(201).send(await createFormField(app.db, request.body));
  });

  // Registered before /:id so "reorder" is never read as an id.
  r.put('/api/admin/form-fields/reorder', { config: admin, schema: { body: reorderFormFieldsSchema, ...list } }, async (request) => {
    requireAdmin(request);
    return reorderFormFields(
      app.db,
      request.body.fields.map((f) => f.id),
    );
  });

  r.put(
    '/api/admin/form-fields/:id',
    { config: admin, schema: { params: uuidParamsSchema, body: formFieldInputSchema, response: { 200: formFieldSchema } } },
    async (request) => {
      requireAdmin(request);
      return updateFormField(app.db, request.params.id, request.body);
    },
  );

  r.delete('/api/admin/form-fields/:id', { config: admin, schema: { params: uuidParamsSchema } }, async (request, reply) => {
    requireAdmin(request);
    await deleteFormField(app.db, request.params.id);
    return reply.status(204).send();
  });
}
