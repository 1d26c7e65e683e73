import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP behaviour shared by every route', () => {
  it('GET /healthz answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 'body_too_large' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ message: 'No route GET /api/nope', code: 'route_not_found' });
  });

  it('answers a body of the wrong type with a 400, not a 500', async () => {
    for (const payload of ['[]', '"text"', 'null', '{"email": 5, "password": {}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(body(res)).toHaveProperty('message');
      expect(body(res)).toHaveProperty('code');
    }
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });
});

describe('rate limits on sign-in, sign-up and reset requests', () => {
  it('answers 429 with a clear message past AUTH_RATE_LIMIT attempts per minute per email', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'victim@example.com', password: 'guess' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(body(blocked)).toMatchObject({ code: 'rate_limited' });
      expect(body<{ message: string }>(blocked).message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      // Counted per IP too: other email addresses from the same address are throttled as well.
      const resets = [];
      for (let i = 0; i < 4; i++) {
        resets.push(await limited.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: `p${i}@example.com` } }));
      }
      expect(resets.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      const registers = [];
      for (let i = 0; i < 4; i++) {
        registers.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/register',
            payload: { email: `r${i}@example.com`, password: 'longenough', firstName: 'A', lastName: 'B', businessUnit: 'C' },
          }),
        );
      }
      expect(registers.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /healthz when the database is gone', () => {
  it('answers 503', async () => {
    const broken = await createTestApp();
    await broken.handle.close();
    const res = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable' });
    await broken.app.close();
  });
});
