import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { onUsersChanged } from '../../lib/user-derived-cache';

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is rewritten at most this often per session, not on every request. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** Creates a session and returns the bearer token; only its SHA-256 is stored. Marks the user's last sign-in. */
export async function createSession(db: Database, userId: string, ttlDays: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    sid: sha256(token),
    userId,
    sess: { userId, createdAt: now.toISOString() },
    expire: new Date(now.getTime() + ttlDays * DAY_MS),
    lastUsedAt: now,
  });
  // Every way in (password, sign-up, single sign-on) comes through here.
  await db.update(users).set({ lastSignedInAt: now }).where(eq(users.id, userId));
  return token;
}

/**
 * Every API request looks up its session; on a busy list that lookup was a third of the work. Found
 * sessions are kept for a moment. Revoking sessions and changing users empty the cache after commit,
 * in this process and in the other instances sharing the database (`afterUserWrite` in
 * lib/user-derived-cache.ts); the short lifetime is a last bound should a notification be lost.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
interface CachedSession {
  db: Database;
  user: UserRow;
  expire: Date;
  cachedUntil: number;
}
const sessionCache = new Map<string, CachedSession>();
/**
 * Bumped by every invalidation. A lookup remembers the generation it started in and stores its row
 * only if no invalidation happened meanwhile: a row read before a revoke or a user change must not be
 * cached after it.
 */
let generation = 0;

/** Drops every cached session (through `afterUserWrite`, or a notification from another instance). */
function dropCachedSessions(): void {
  generation++;
  sessionCache.clear();
}
onUsersChanged(dropCachedSessions);

/**
 * A session opened with a temporary password ends when that password expires, unless it was replaced
 * meanwhile: otherwise a session would outlive the only credential that opened it.
 */
function sessionEnd(expire: Date, user: UserRow): Date {
  const temporary = user.mustChangePassword === 'true' ? user.tempPasswordExpiresAt : null;
  return temporary && temporary < expire ? temporary : expire;
}

/**
 * The user behind a bearer token, if the session exists, has not expired, was used within the last
 * `idleDays`, and its user does not hold an expired temporary password.
 */
export async function findSessionUser(db: Database, token: string, idleDays: number): Promise<{ sid: string; user: UserRow } | undefined> {
  const sid = sha256(token);
  const now = Date.now();
  const idleCutoff = now - idleDays * DAY_MS;
  const cached = sessionCache.get(sid);
  if (cached && cached.db === db && cached.cachedUntil > now && cached.expire.getTime() > now) return { sid, user: cached.user };
  const startedIn = generation;
  const [row] = await db
    .select({ user: users, expire: sessions.expire, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.sid, sid),
        gt(sessions.expire, new Date(now)),
        gt(sessions.lastUsedAt, new Date(idleCutoff)),
        or(ne(users.mustChangePassword, 'true'), isNull(users.tempPasswordExpiresAt), gt(users.tempPasswordExpiresAt, new Date(now))),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.sid, sid));
  }
  if (startedIn !== generation) return { sid, user: row.user };
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  // Kept no longer than the session lasts, its temporary password included.
  sessionCache.set(sid, { db, user: row.user, expire: sessionEnd(row.expire, row.user), cachedUntil: now + SESSION_CACHE_MS });
  return { sid, user: row.user };
}

/** Ends one session; the caller calls `afterUserWrite` once it has committed. */
export async function revokeSession(db: Database, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/**
 * Revokes every session of a user, except `keepSid` when given (the one making the change); the caller
 * calls `afterUserWrite` once it has committed.
 */
export async function revokeUserSessions(db: Database, userId: string, keepSid?: string): Promise<void> {
  await db.delete(sessions).where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
}

/** Removes sessions past their absolute expiry or idle for longer than `idleDays`. */
export async function deleteExpiredSessions(db: Database, idleDays: number): Promise<void> {
  const now = Date.now();
  await db.delete(sessions).where(or(lt(sessions.expire, new Date(now)), lt(sessions.lastUsedAt, new Date(now - idleDays * DAY_MS))));
}

/** Whether the session still exists (read from the database, never from the cache). */
export async function sessionExists(db: Database, sid: string): Promise<boolean> {
  const [row] = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.sid, sid)).limit(1);
  return Boolean(row);
}
