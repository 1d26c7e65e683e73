import { eq } from 'drizzle-orm';
import { effectiveScopes } from '../../../shared/policies/tokens';
import {
  type AdminTokenPage,
  type ApiToken,
  type CreatedToken,
  type CreateTokenInput,
  MAX_TOKENS_PER_USER,
  TOKEN_SCOPE_LABELS,
} from '../../../shared/schemas/tokens';
import type { Database } from '../../db/client';
import { apiTokens, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { type AuditActor, recordAudit, recordAuditEvents } from '../audit/audit';
import { countTokensOf, deleteToken, insertToken, listAllTokens, listTokensOf, lockTokenOwner, presentToken } from './tokens.repo';

/** How the audit log names a token: “Nightly sync” (prompts:read, prompts:write). */
export const describeToken = (name: string, scopes: readonly string[]) => `“${name}” (${scopes.join(', ')})`;

/** The member's own tokens, newest first. */
export async function listOwnTokens(db: Database, user: UserRow): Promise<ApiToken[]> {
  return (await listTokensOf(db, user.id)).map(presentToken);
}

/**
 * Creates a token for `user` and answers its secret, the only time it is ever shown. A token may not
 * promise more than its owner's role allows (it would be refused later anyway), only administrators
 * make tokens that never expire, and a member holds at most MAX_TOKENS_PER_USER.
 */
export async function createToken(db: Database, user: UserRow, input: CreateTokenInput): Promise<CreatedToken> {
  const { name, scopes, expiresInDays } = input;
  const beyondRole = scopes.filter((s) => !effectiveScopes([s], user.role).length);
  if (beyondRole.includes('admin')) throw forbidden('Only administrators can create tokens with the admin scope', 'scope_not_allowed');
  if (beyondRole.length)
    throw forbidden(
      `Read-only members cannot create tokens with the scope ${beyondRole.join(', ')} (${TOKEN_SCOPE_LABELS['prompts:write']})`,
      'scope_not_allowed',
    );
  if (expiresInDays === null && user.role !== 'admin') throw forbidden('Only administrators can create tokens that never expire', 'expiry_not_allowed');
  const created = await db.transaction(async (tx) => {
    // Counted inside the transaction, after locking the owner's row, so that two parallel creations
    // cannot both pass the limit.
    await lockTokenOwner(tx, user.id);
    if ((await countTokensOf(tx, user.id)) >= MAX_TOKENS_PER_USER) {
      throw conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens, the most allowed. Revoke one before you create another.`, 'too_many_tokens');
    }
    const made = await insertToken(tx, { userId: user.id, name, scopes, expiresInDays });
    await recordAudit(tx, {
      actor: user,
      action: 'token.created',
      target: { type: 'api_token', id: made.row.id },
      summary: `Created API token ${describeToken(name, scopes)}`,
      after: { name, scopes, expiresAt: made.row.expiresAt?.toISOString() ?? null },
    });
    return made;
  });
  return { token: created.token, apiToken: presentToken(created.row) };
}

/** Deletes a token (only the actor's own unless `ownerId` is left out, for admins) and records it. */
export async function revokeToken(db: Database, actor: UserRow, id: string, ownerId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteToken(tx, id, ownerId);
    if (!row) throw notFound('API token not found', 'token_not_found');
    await recordAudit(tx, {
      actor,
      action: 'token.revoked',
      target: { type: 'api_token', id: row.id },
      summary:
        row.userId === actor.id
          ? `Revoked API token ${describeToken(row.name, row.scopes)}`
          : `Revoked another member’s API token ${describeToken(row.name, row.scopes)}`,
      before: { name: row.name, scopes: row.scopes, owner: row.userId },
    });
  });
}

/** One admin page of every member's tokens, newest first; `cursor` continues after the previous page. */
export async function listTokensPage(db: Database, query: { cursor?: string; limit: number }): Promise<AdminTokenPage> {
  const { cursor, limit } = query;
  // One more than asked for: whether it comes tells if there is a next page.
  const page = await listAllTokens(db, limit + 1, cursor ? decodeTimeIdCursor(cursor) : undefined);
  const items = page.items.slice(0, limit);
  const last = items.at(-1);
  return { items, total: page.total, nextCursor: page.items.length > limit && last ? encodeTimeIdCursor(new Date(last.createdAt), last.id) : null };
}

/**
 * Revokes every API token of `ownerId`, in the caller's transaction, with one `token.revoked` event
 * per token as a single revocation records it; `reason` ends each summary ("with a password reset").
 * A token is checked against the database on every call, so the revocation counts at once everywhere.
 * Returns how many went.
 */
export async function revokeAllTokensOf(db: Database, ownerId: string, actor: AuditActor, reason: string): Promise<number> {
  const revoked = await db.delete(apiTokens).where(eq(apiTokens.userId, ownerId)).returning();
  await recordAuditEvents(
    db,
    revoked.map((row) => ({
      actor,
      action: 'token.revoked' as const,
      target: { type: 'api_token' as const, id: row.id },
      summary: `${row.userId === actor.id ? 'Revoked API token' : 'Revoked another member’s API token'} ${describeToken(row.name, row.scopes)} ${reason}`,
      before: { name: row.name, scopes: row.scopes, owner: row.userId },
    })),
  );
  return revoked.length;
}
