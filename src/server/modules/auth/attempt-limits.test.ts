import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { configWarnings, loadConfig } from '../../config';
import { openDatabase, queryRows } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { MAX_SLOWDOWN_S, RESET_EMAILS_PER_HOUR, slowdownSeconds } from '../../plugins/account-ceilings';
import { PER_IP_MULTIPLIER } from '../../plugins/rate-limit';
import { testDatabaseKind } from '../../test/test-database';
import { body, createTestApp, type TestApp } from '../../test/test-app';

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: LIMIT, passwordResetDelivery: 'response' });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });

function expect429(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(body(res)).toMatchObject({ code: 'rate_limited' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits per (IP, email) and per IP', () => {
  it('wrong guesses from one address do not lock the owner out from another', async () => {
    // Registration counts per IP too: give each account its own address.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.9.0.1',
      payload: { email: 'owner@example.com', password: 'the owner password', firstName: 'O', lastName: 'W', businessUnit: 'U' },
    });
    expect(owner.statusCode).toBe(201);
    for (let i = 0; i < LIMIT; i++) expect((await login('owner@example.com', 'guess', '203.0.113.7')).statusCode).toBe(401);
    expect429(await login('owner@example.com', 'guess', '203.0.113.7'));
    expect((await login('owner@example.com', 'the owner password', '198.51.100.20')).statusCode).toBe(200);
  });

  it(`one address trying many accounts is stopped at ${PER_IP_MULTIPLIER}× the limit`, async () => {
    const perIp = LIMIT * PER_IP_MULTIPLIER;
    for (let i = 0; i < perIp; i++) expect((await login(`spray${i}@example.com`, 'guess', '203.0.113.99')).statusCode).toBe(401);
    expect429(await login('spray-last@example.com', 'guess', '203.0.113.99'));
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: every client behind it shares one address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await login('xff@example.com', 'guess', '127.0.0.1', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode).toBe(401);
    }
    expect429(await login('xff@example.com', 'guess', '127.0.0.1', { 'x-forwarded-for': '192.0.2.200' }));
  });
});

describe('TRUST_PROXY', () => {
  it('counts each client named by X-Forwarded-For from a trusted proxy separately', async () => {
    const proxied = await createTestApp({ authRateLimit: LIMIT, trustProxy: ['127.0.0.1'] });
    try {
      const attempt = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: { email: 'proxied@example.com', password: 'guess' },
        });
      for (let i = 0; i < LIMIT; i++) expect((await attempt('192.0.2.1')).statusCode).toBe(401);
      expect((await attempt('192.0.2.1')).statusCode).toBe(429);
      expect((await attempt('192.0.2.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('limits on password changes and reset completion', () => {
  it('PUT and POST /api/change-password answer 429 after repeated wrong current passwords', async () => {
    const u = await t.register({ email: 'changer@example.com' });
    const call = (method: 'POST' | 'PUT') =>
      t.app.inject({
        method,
        url: '/api/change-password',
        headers: u.auth,
        remoteAddress: '198.51.100.30',
        payload: { currentPassword: 'wrong', newPassword: 'whatever it is' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await call(i % 2 ? 'POST' : 'PUT')).statusCode).toBe(400);
    expect429(await call('PUT'));
  });

  it('reset completion is limited per IP (bogus tokens) and per account (valid token)', async () => {
    const bogus = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/complete',
        remoteAddress: '198.51.100.40',
        payload: { token: 'bogus', newPassword: 'long enough one', confirmPassword: 'long enough one' },
      });
    for (let i = 0; i < LIMIT * PER_IP_MULTIPLIER; i++) expect((await bogus()).statusCode).toBe(400);
    expect429(await bogus());

    const u = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.9.0.2',
      payload: { email: 'resetter@example.com', password: 'the first password', firstName: 'R', lastName: 'S', businessUnit: 'U' },
    });
    expect(u.statusCode).toBe(201);
    const { token } = body<{ token: string }>(
      await t.app.inject({ method: 'POST', url: '/api/password-reset/request', remoteAddress: '10.9.0.3', payload: { email: 'resetter@example.com' } }),
    );
    const weak = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/complete',
        remoteAddress: '198.51.100.41',
        payload: { token, newPassword: 'password1', confirmPassword: 'password1' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await weak()).statusCode).toBe(400);
    expect429(await weak());
  });
});

describe('configuration warnings', () => {
  it('warn when TRUST_PROXY is a hop count and HOST is not a loopback address, and only then', () => {
    const warnings = (env: Record<string, string>) => configWarnings(loadConfig(env));
    expect(warnings({ TRUST_PROXY: '1' })).toEqual([expect.stringMatching(/^TRUST_PROXY is a hop count while HOST is 0\.0\.0\.0: .*forge X-Forwarded-For/)]);
    expect(warnings({ TRUST_PROXY: '2', HOST: '10.1.2.3' })).toHaveLength(1);
    for (const host of ['127.0.0.1', '::1', 'localhost', '[::1]']) expect(warnings({ TRUST_PROXY: '1', HOST: host }), host).toEqual([]);
    expect(warnings({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' })).toEqual([]);
    expect(warnings({})).toEqual([]);
  });
});

describe('the per-account ceiling on failed sign-ins', () => {
  const CEILING = 3;
  let c: TestApp;
  let second: { app: FastifyInstance; close(): Promise<void> };
  let address = 0;
  /** A new client address each time: the guesser spreads over many, so no per-IP limit ever sees it. */
  const fresh = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const attempt = (app: FastifyInstance, email: string, password: string, remoteAddress = fresh()) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
  /**
   * Polls with the right password until the account's current slowdown is over (it lasts seconds):
   * refused meanwhile, then a sign-in, which counts no failure.
   */
  const waitOut = async (email: string, password: string) => {
    await expect.poll(async () => (await attempt(c.app, email, password)).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
  };

  beforeAll(async () => {
    c = await createTestApp({ authAccountFailureLimit: CEILING });
    // A second instance on the same database: on PostgreSQL its own connections (its counters are the table's).
    if (testDatabaseKind() === 'postgres') {
      const [row] = await queryRows(c.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${String(row!.name)}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      const app = await buildApp({ config: c.config, db: handle.db, webDistDir: '/nonexistent' });
      second = { app, close: async () => (await app.close(), await handle.close()) };
    } else {
      const app = await buildApp({ config: c.config, db: c.db, webDistDir: '/nonexistent' });
      second = { app, close: () => app.close() };
    }
  });
  afterAll(async () => {
    await second?.close();
    await c?.close();
  });

  it('slows an account guessed at from many addresses with a growing wait, on every instance, never a lockout', async () => {
    await c.register({ email: 'target@example.com', password: 'the real password' });
    for (let i = 0; i < CEILING; i++) expect((await attempt(c.app, 'target@example.com', `guess ${i}`)).statusCode).toBe(401);
    // The first failure beyond the ceiling opens a 1 s wait; during it every address is refused, the
    // other instance too, before any password is checked.
    expect((await attempt(c.app, 'target@example.com', 'guess beyond')).statusCode).toBe(401);
    const refused = await attempt(second.app, 'target@example.com', 'the real password');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Too many failed sign-ins for this account') });
    expect(refused.headers['retry-after']).toBe('1');
    // Each further failure doubles the wait.
    for (const expected of ['2', '4']) {
      await waitOut('target@example.com', 'the real password');
      expect((await attempt(c.app, 'target@example.com', 'another guess')).statusCode).toBe(401);
      expect((await attempt(second.app, 'target@example.com', 'another guess')).headers['retry-after']).toBe(expected);
    }
  });

  it('lets the owner in from an address that signed in to the account before, even while it is slowed', async () => {
    const home = '203.0.113.50';
    await c.register({ email: 'owner2@example.com', password: 'the owner password' });
    expect((await attempt(c.app, 'owner2@example.com', 'the owner password', home)).statusCode).toBe(200);
    for (let i = 0; i <= CEILING; i++) expect((await attempt(c.app, 'owner2@example.com', `guess ${i}`)).statusCode).toBe(401);
    expect((await attempt(c.app, 'owner2@example.com', 'the owner password')).statusCode).toBe(429);
    expect((await attempt(second.app, 'owner2@example.com', 'the owner password', home)).statusCode).toBe(200);
    // Known to this account only: the same address gets no pass for another one.
    await c.register({ email: 'other2@example.com', password: 'the other password' });
    for (let i = 0; i <= CEILING; i++) expect((await attempt(c.app, 'other2@example.com', `guess ${i}`)).statusCode).toBe(401);
    expect((await attempt(c.app, 'other2@example.com', 'the other password', home)).statusCode).toBe(429);
  });

  it('treats an address without an account exactly alike, so the wait reveals nothing', async () => {
    for (let i = 0; i <= CEILING; i++) expect((await attempt(c.app, 'nobody-here@example.com', `guess ${i}`)).statusCode).toBe(401);
    const refused = await attempt(c.app, 'nobody-here@example.com', 'guess');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('waits 1 s, 2 s, 4 s … and never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50, 10_000].map(slowdownSeconds)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expect(MAX_SLOWDOWN_S).toBe(60);
  });
});

describe('the per-account cap on reset emails', () => {
  it(`sends ${RESET_EMAILS_PER_HOUR} links an hour per account from any addresses, then answers the same words without one`, async () => {
    const r = await createTestApp({ passwordResetDelivery: 'response' });
    try {
      const account = await r.register({ email: 'flooded@example.com' });
      const ask = (email: string, i: number) =>
        r.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: `198.51.100.${100 + i}` });
      const answers = [];
      for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i++) answers.push(body<{ message: string; token?: string }>(await ask('Flooded@Example.com', i)));
      expect(answers.slice(0, RESET_EMAILS_PER_HOUR).every((a) => typeof a.token === 'string')).toBe(true);
      const [capped] = answers.slice(RESET_EMAILS_PER_HOUR);
      expect(capped).toEqual({ message: answers[0]!.message });
      const links = await r.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.user.id));
      expect(links).toHaveLength(RESET_EMAILS_PER_HOUR);
      // An address without an account gets the very same answer once over the cap.
      for (let i = 0; i < RESET_EMAILS_PER_HOUR; i++) await ask('no-account@example.com', 10 + i);
      const none = await ask('no-account@example.com', 20);
      expect(none.statusCode).toBe(200);
      expect(body(none)).toEqual(capped);
      expect((await r.db.select().from(users).where(eq(users.email, 'no-account@example.com'))).length).toBe(0);
    } finally {
      await r.close();
    }
  });
});
