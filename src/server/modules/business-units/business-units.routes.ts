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

  const tags = ['Business units'];

  r.get(
    '/api/business-units',
    {
      config: { access: 'public' },
      schema: {
        summary: 'List the business units',
        description: 'Public: the sign-up form offers them.',
        tags,
        response: { 200: z.array(businessUnitSchema) },
      },
    },
    () => getBusinessUnits(app.db),
  );

  r.post(
    '/api/business-units',
    {
      config: { access: 'editor', deniedMessage: 'Read-only members cannot add business units', idempotent: true, token: 'prompts:write' },
      schema: { summary: 'Add a business unit', tags, body: businessUnitInputSchema, response: { 201: businessUnitSchema } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      return reply.status(201).send(await createBusinessUnit(app.db, actor, request.body.name));
    },
  );
}
