import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { TOKEN_PREFIX, type AdminApiToken, type ApiToken, type TokenScope } from '../../../shared/schemas/tokens';
import type { Database } from '../../db/client';
import { apiTokens, type ApiTokenRow, type UserRow, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

/** last_used_at is rewritten at most this often per token: a busy script must not write on every call. */
export const TOKEN_TOUCH_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "apd_" and the first characters of the random part: enough to tell tokens apart, useless to an attacker. */
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

/** A new token: "apd_" and 256 random bits. Only its SHA-256 is stored. */
export function newApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TokenScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function insertToken(
  db: Database,
  input: { userId: string; name: string; scopes: TokenScope[]; expiresInDays: number | null },
): Promise<{ token: string; row: ApiTokenRow }> {
  const token = newApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: input.userId,
      name: input.name,
      tokenHash: sha256(token),
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      scopes: input.scopes,
      expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
    })
    .returning();
  return { token, row: row! };
}

/** Locks the owner's row until the caller's transaction ends: token creations of one member take turns. */
export async function lockTokenOwner(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countTokensOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return Number(row?.n ?? 0);
}

export async function listTokensOf(db: Database, userId: string): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Deletes a token; `ownerId` limits it to that member's own. Returns the deleted row, if any. */
export async function deleteToken(db: Database, id: string, ownerId?: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .delete(apiTokens)
    .where(ownerId ? and(eq(apiTokens.id, id), eq(apiTokens.userId, ownerId)) : eq(apiTokens.id, id))
    .returning();
  return row;
}

/** One admin page of everyone's tokens, newest first, after the (createdAt, id) of `after`. */
export async function listAllTokens(db: Database, limit: number, after?: { at: Date; id: string }): Promise<{ items: AdminApiToken[]; total: number }> {
  const rows = await db
    .select({ token: apiTokens, owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(after ? or(lt(apiTokens.createdAt, after.at), and(eq(apiTokens.createdAt, after.at), lt(apiTokens.id, after.id))) : undefined)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(apiTokens);
  return { items: rows.map((r) => ({ ...presentToken(r.token), owner: r.owner })), total: Number(total?.n ?? 0) };
}

/**
 * The token and its owner, when the token exists and has not expired. The owner's row is read on
 * every call (no cache), so that a revoked token, a deleted owner or a changed role counts at once.
 */
export async function findTokenUser(db: Database, token: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const now = new Date();
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))))
    .limit(1);
  if (!row) return undefined;
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() >= TOKEN_TOUCH_MS) {
    // The condition keeps concurrent calls from all writing the same minute's touch.
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - TOKEN_TOUCH_MS)))));
  }
  return row;
}
