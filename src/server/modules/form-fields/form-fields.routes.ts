import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formFieldSchema } from '../../../shared/schemas/form-fields';
import { requireUser } from '../../plugins/auth';
import { listBusinessUnits } from '../business-units/business-units.repo';
import { toFormField } from './form-fields.presenter';
import { getEnabledFormFields } from './form-fields.service';

export async function formFieldRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The enabled fields in configured order, for the prompt form. */
  r.get('/api/form-fields', { schema: { response: { 200: z.array(formFieldSchema) } } }, async (request) => {
    requireUser(request);
    const [fields, units] = await Promise.all([getEnabledFormFields(app.db), listBusinessUnits(app.db)]);
    const names = units.map((u) => u.name);
    return fields.map((f) => toFormField(f, names));
  });
}
