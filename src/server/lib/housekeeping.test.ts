import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTickets, sessions } from '../db/schema';
import { sha256 } from './crypto';
import { housekeepingJobNames, registerHousekeepingJob, runHousekeeping } from './housekeeping';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe('housekeeping', () => {
  it('refuses a second job under a name already taken, so one module cannot silently replace another’s', () => {
    expect(() => registerHousekeepingJob('sessions', async () => {})).toThrow(/already registered/);
  });

  it('has the job of every module once the app is built', () => {
    expect(housekeepingJobNames().sort()).toEqual(['audit log', 'download tickets', 'idempotency keys', 'sessions', 'single sign-on', 'trash']);
  });

  it('removes sessions past expiry or idle too long and unused download links, and keeps the live ones', async () => {
    const [live, expired, idle] = [await t.register(), await t.register(), await t.register()];
    const sid = (token: string) => sha256(token);
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid(expired.token)));
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(eq(sessions.sid, sid(idle.token)));
    await t.db.insert(downloadTickets).values([
      { id: 'stale', sid: sid(live.token), userId: live.user.id, request: {}, expiresAt: new Date(Date.now() - 1000) },
      { id: 'fresh', sid: sid(live.token), userId: live.user.id, request: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);

    await runHousekeeping(t.db, { sessionIdleDays: 30, trashRetentionDays: 30, auditRetentionDays: 365 });

    const left = await t.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(inArray(sessions.sid, [sid(live.token), sid(expired.token), sid(idle.token)]));
    expect(left.map((r) => r.sid)).toEqual([sid(live.token)]);
    const tickets = await t.db.select({ id: downloadTickets.id }).from(downloadTickets);
    expect(tickets.map((r) => r.id)).toEqual(['fresh']);
  });
});
