import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import {
  adminTokenListQuerySchema,
  adminTokenPageSchema,
  createdTokenSchema,
  createTokenSchema,
  MAX_TOKENS_PER_USER,
  TOKEN_SCOPE_LABELS,
  tokenListSchema,
} from '../../../shared/schemas/tokens';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { effectiveScopes } from '../../../shared/policies/tokens';
import { recordAudit } from '../audit/audit';
import { countTokensOf, deleteToken, insertToken, listAllTokens, listTokensOf, presentToken } from './tokens.repo';
import { describeToken as describe } from './tokens.service';

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
    async (request) => {
      const user = requireUser(request);
      return { items: (await listTokensOf(app.db, user.id)).map(presentToken) };
    },
  );

  r.post(
    '/api/tokens',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: { summary: 'Create an API token (shown once)', tags, body: createTokenSchema, response: { 201: createdTokenSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { name, scopes, expiresInDays } = request.body;
      // A token may not promise more than its owner's role allows; it would be refused later anyway.
      const beyondRole = scopes.filter((s) => !effectiveScopes([s], user.role).length);
      if (beyondRole.includes('admin')) throw forbidden('Only administrators can create tokens with the admin scope', 'scope_not_allowed');
      if (beyondRole.length)
        throw forbidden(
          `Read-only members cannot create tokens with the scope ${beyondRole.join(', ')} (${TOKEN_SCOPE_LABELS['prompts:write']})`,
          'scope_not_allowed',
        );
      if (expiresInDays === null && user.role !== 'admin') throw forbidden('Only administrators can create tokens that never expire', 'expiry_not_allowed');
      const created = await app.db.transaction(async (tx) => {
        // Counted inside the transaction, after locking the owner's row, so that two parallel creations
        // cannot both pass the limit.
        await tx.execute(sql`select 1 from users where id = ${user.id} for update`);
        if ((await countTokensOf(tx, user.id)) >= MAX_TOKENS_PER_USER) {
          throw conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens, the most allowed. Revoke one before you create another.`, 'too_many_tokens');
        }
        const made = await insertToken(tx, { userId: user.id, name, scopes, expiresInDays });
        await recordAudit(tx, {
          actor: user,
          action: 'token.created',
          target: { type: 'api_token', id: made.row.id },
          summary: `Created API token ${describe(name, scopes)}`,
          after: { name, scopes, expiresAt: made.row.expiresAt?.toISOString() ?? null },
        });
        return made;
      });
      return reply.status(201).send({ token: created.token, apiToken: presentToken(created.row) });
    },
  );

  r.delete(
    '/api/tokens/:id',
    { config: { access: 'signedIn' }, schema: { summary: 'Revoke one of one’s own API tokens', tags, params: uuidParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await revoke(app, user, request.params.id, user.id);
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
      const { cursor, limit } = request.query;
      const page = await listAllTokens(app.db, limit + 1, cursor ? decodeTimeIdCursor(cursor) : undefined);
      const items = page.items.slice(0, limit);
      const last = items.at(-1);
      return { items, total: page.total, nextCursor: page.items.length > limit && last ? encodeTimeIdCursor(new Date(last.createdAt), last.id) : null };
    },
  );

  r.delete(
    '/api/admin/tokens/:id',
    {
      config: { access: 'admin', token: 'never' },
      schema: { summary: 'Revoke any member’s API token', tags, params: uuidParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revoke(app, requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Deletes a token (only the actor's own unless `ownerId` is left out, for admins) and records it. */
async function revoke(app: FastifyInstance, actor: UserRow, id: string, ownerId?: string) {
  await app.db.transaction(async (tx) => {
    const row = await deleteToken(tx, id, ownerId);
    if (!row) throw notFound('API token not found', 'token_not_found');
    await recordAudit(tx, {
      actor,
      action: 'token.revoked',
      target: { type: 'api_token', id: row.id },
      summary:
        row.userId === actor.id
          ? `Revoked API token ${describe(row.name, row.scopes)}`
          : `Revoked another member’s API token ${describe(row.name, row.scopes)}`,
      before: { name: row.name, scopes: row.scopes, owner: row.userId },
    });
  });
}
