import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_IP_MULTIPLIER } from '../../plugins/rate-limit';
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
