import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessUnitInputSchema, businessUnitSchema } from '../../../shared/schemas/business-units';
import { requireUser } from '../../plugins/auth';
import { createBusinessUnit, getBusinessUnits } from './business-units.service';

/**
 * Public list (the sign-up form needs it) and creation by members who write prompts (the prompt form).
 * Sign-up adds a new unit through /api/register instead, so a visitor never needs this route.
 */
export async function businessUnitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/business-units', { config: { access: 'public' }, schema: { response: { 200: z.array(businessUnitSchema) } } }, () => getBusinessUnits(app.db));

  r.post(
    '/api/business-units',
    {
      config: { access: 'editor', deniedMessage: 'Read-only members cannot add business units' },
      schema: { body: businessUnitInputSchema, response: { 201: businessUnitSchema } },
    },
    async (request, reply) => {
      requireUser(request);
      return reply.status(201).send(await createBusinessUnit(app.db, request.body.name));
    },
  );
}
