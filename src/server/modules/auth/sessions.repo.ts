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

/** The user behind a bearer token, if the session exists and has not expired. */
export async function findSessionUser(db: Database, token: string): Promise<{ sid: string; user: UserRow } | undefined> {
  const sid = sha256(token);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
    .limit(1);
  return row ? { sid, user: row.user } : undefined;
}

export async function revokeSession(db: Database, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Revokes every session of a user, except `keepSid` when given (the one making the change). */
export async function revokeUserSessions(db: Database, userId: string, keepSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}
