import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates a session and returns the bearer token; only its SHA-256 is stored. */
export async function createSession(db: Database, userId: string, ttlDays: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    sid: sha256(token),
    userId,
    sess: { userId, createdAt: now.toISOString() },
    expire: new Date(now.getTime() + ttlDays * DAY_MS),
  });
  return token;
}

/**
 * Every API request looks up its session; on a busy list that lookup was a third of the work. Found
 * sessions are kept for a moment. Revoking sessions and changing users empty the cache in this
 * process at once; the short lifetime bounds what another process sharing the database may still
 * accept (see docs/decisions/005-list-fast-path.md).
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { db: Database; user: UserRow; expire: Date; cachedUntil: number }>();

/** Drops every cached session; called whenever a session is revoked or a user row changes. */
export function forgetCachedSessions(): void {
  sessionCache.clear();
}

/** The user behind a bearer token, if the session exists and has not expired. */
export async function findSessionUser(db: Database, token: string): Promise<{ sid: string; user: UserRow } | undefined> {
  const sid = sha256(token);
  const now = Date.now();
  const cached = sessionCache.get(sid);
  if (cached && cached.db === db && cached.cachedUntil > now && cached.expire.getTime() > now) return { sid, user: cached.user };
  const [row] = await db
    .select({ user: users, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date(now))))
    .limit(1);
  if (!row) return undefined;
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  sessionCache.set(sid, { db, user: row.user, expire: row.expire, cachedUntil: now + SESSION_CACHE_MS });
  return { sid, user: row.user };
}

export async function revokeSession(db: Database, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
  forgetCachedSessions();
}

/** Revokes every session of a user, except `keepSid` when given (the one making the change). */
export async function revokeUserSessions(db: Database, userId: string, keepSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
  forgetCachedSessions();
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}
