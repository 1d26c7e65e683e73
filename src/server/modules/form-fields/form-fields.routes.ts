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
  const tags = ['Form fields'];
  const list = { tags, response: { 200: z.array(formFieldSchema) } };

  /** The enabled fields in configured order, for the prompt form. */
  r.get(
    '/api/form-fields',
    { config: { access: 'signedIn', token: 'prompts:read' }, schema: { ...list, summary: 'The enabled form fields, in order' } },
    async (request) => {
      requireUser(request);
      return presentFields(app.db, await getEnabledFormFields(app.db));
    },
  );

  r.get('/api/admin/form-fields', { config: admin, schema: { ...list, summary: 'Every form field, enabled or not' } }, async (request) => {
    requireAdmin(request);
    return listAllFormFields(app.db);
  });

  r.post(
    '/api/admin/form-fields',
    { config: { ...admin, idempotent: true }, schema: { summary: 'Add a form field', tags, body: formFieldInputSchema, response: { 201: formFieldSchema } } },
    async (request, reply) => {
      const actor = requireAdmin(request);
      return reply.status(201).send(await createFormField(app.db, actor, request.body));
    },
  );

  // Registered before /:id so "reorder" is never read as an id.
  r.put(
    '/api/admin/form-fields/reorder',
    { config: admin, schema: { ...list, summary: 'Put the form fields in a new order', body: reorderFormFieldsSchema } },
    async (request) => {
      const actor = requireAdmin(request);
      return reorderFormFields(
        app.db,
        actor,
        request.body.fields.map((f) => f.id),
      );
    },
  );

  r.put(
    '/api/admin/form-fields/:id',
    {
      config: admin,
      schema: { summary: 'Change a form field', tags, params: uuidParamsSchema, body: formFieldInputSchema, response: { 200: formFieldSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return updateFormField(app.db, actor, request.params.id, request.body);
    },
  );

  r.delete(
    '/api/admin/form-fields/:id',
    { config: admin, schema: { summary: 'Delete a form field', tags, params: uuidParamsSchema, response: { 204: z.undefined().describe('Deleted') } } },
    async (request, reply) => {
      const actor = requireAdmin(request);
      await deleteFormField(app.db, actor, request.params.id);
      return reply.status(204).send();
    },
  );
}
