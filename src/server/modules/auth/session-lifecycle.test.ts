import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { dropUserCaches } from '../../lib/user-derived-cache';
import { findSessionUser, SESSION_TOUCH_MS } from './sessions.repo';

const IDLE_DAYS = 7;
const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionTtlDays: 30, sessionIdleDays: IDLE_DAYS });
});
afterAll(() => t.close());

const me = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth });
const lastUsed = async (u: TestUser) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sha256(u.token)))
  )[0]?.lastUsedAt;
async function setLastUsed(u: TestUser, at: Date) {
  await t.db
    .update(sessions)
    .set({ lastUsedAt: at })
    .where(eq(sessions.sid, sha256(u.token)));
  dropUserCaches();
}

describe('sliding sessions (SESSION_IDLE_DAYS)', () => {
  it('ends a session unused for longer than SESSION_IDLE_DAYS, before its absolute expiry', async () => {
    const u = await t.register();
    await setLastUsed(u, new Date(Date.now() - (IDLE_DAYS + 0.1) * DAY_MS));
    expect((await me(u)).statusCode).toBe(401);
  });

  it('keeps a session used within the window, and moves its last use forward', async () => {
    const u = await t.register();
    const before = new Date(Date.now() - (IDLE_DAYS - 0.5) * DAY_MS);
    await setLastUsed(u, before);
    expect((await me(u)).statusCode).toBe(200);
    expect((await lastUsed(u))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes the last use at most every few minutes, not on every request', async () => {
    const u = await t.register();
    const recent = new Date(Date.now() - SESSION_TOUCH_MS / 2);
    await setLastUsed(u, recent);
    expect((await me(u)).statusCode).toBe(200);
    expect((await lastUsed(u))!.getTime()).toBe(recent.getTime());
  });
});

describe('session cache', () => {
  it('a token answers 401 at once after logout, even right after being cached', async () => {
    const u = await t.register();
    expect((await me(u)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: u.auth })).statusCode).toBe(200);
    expect((await me(u)).statusCode).toBe(401);
  });

  it('does not store a lookup that was in flight when the cache was invalidated', async () => {
    const u = await t.register();
    dropUserCaches();
    // The lookup reads the session; meanwhile a revoke commits and invalidates the cache.
    const inFlight = findSessionUser(t.db, u.token, IDLE_DAYS);
    dropUserCaches();
    expect(await inFlight).toBeDefined();
    // The row is gone (deleted without a second invalidation): only a stale cache entry could answer now.
    await t.db.delete(sessions).where(eq(sessions.sid, sha256(u.token)));
    expect(await findSessionUser(t.db, u.token, IDLE_DAYS)).toBeUndefined();
  });
});
