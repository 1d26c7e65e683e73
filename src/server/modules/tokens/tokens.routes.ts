import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { adminTokenListQuerySchema, adminTokenPageSchema, createdTokenSchema, createTokenSchema, tokenListSchema } from '../../../shared/schemas/tokens';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { createToken, listOwnTokens, listTokensPage, revokeToken } from './tokens.service';

const tags = ['API tokens'];

/**
 * Personal API tokens. These routes are for a signed-in browser session only: a token can neither
 * see nor make other tokens (the admin token routes declare `token: 'never'`).
 */
export async function tokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tokens',
    { config: { access: 'signedIn' }, schema: { summary: 'List one’s own API tokens', tags, response: { 200: tokenListSchema } } },
    async (request) => ({ items: await listOwnTokens(app.db, requireUser(request)) }),
  );

  r.post(
    '/api/tokens',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: { summary: 'Create an API token (shown once)', tags, body: createTokenSchema, response: { 201: createdTokenSchema } },
    },
    async (request, reply) => reply.status(201).send(await createToken(app.db, requireUser(request), request.body)),
  );

  r.delete(
    '/api/tokens/:id',
    { config: { access: 'signedIn' }, schema: { summary: 'Revoke one of one’s own API tokens', tags, params: uuidParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await revokeToken(app.db, user, request.params.id, user.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/admin/tokens',
    {
      // Tokens are managed from a signed-in browser only: a token cannot list or revoke tokens.
      config: { access: 'admin', token: 'never' },
      schema: { summary: 'List every member’s API tokens', tags, querystring: adminTokenListQuerySchema, response: { 200: adminTokenPageSchema } },
    },
    async (request) => {
      requireAdmin(request);
      return listTokensPage(app.db, request.query);
    },
  );

  r.delete(
    '/api/admin/tokens/:id',
    {
      config: { access: 'admin', token: 'never' },
      schema: { summary: 'Revoke any member’s API token', tags, params: uuidParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeToken(app.db, requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
