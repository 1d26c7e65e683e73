import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration and sign-in', () => {
  it('makes the first account an admin, later ones editors', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: '  Ada@Example.COM ', password: 'longenough', firstName: ' Ada ', lastName: 'Lovelace', businessUnit: 'Research' },
    });
    expect(first.statusCode).toBe(201);
    const firstBody = body<{ token: string; firstAdmin: boolean; user: Record<string, unknown> }>(first);
    expect(firstBody.firstAdmin).toBe(true);
    expect(firstBody.user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', role: 'admin', businessUnit: 'Research' });
    expect(firstBody.user).not.toHaveProperty('password');
    expect(firstBody.token.length).toBeGreaterThanOrEqual(43);

    const second = await t.register({ businessUnit: 'research' });
    expect(second.user.role).toBe('edit');
    expect(second.user.businessUnit).toBe('Research');
  });

  it('signs in with the right password and refuses a wrong one or an unknown email alike', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ADA@example.com', password: 'longenough' } });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ mustChangePassword: false });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'who@example.com', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong)).toEqual(body(unknown));
    expect(body(wrong)).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('answers the current user for a valid token and 401 otherwise', async () => {
    const u = await t.register();
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: u.auth });
    expect(me.statusCode).toBe(200);
    expect(body(me)).toMatchObject({ id: u.user.id });
    const anon = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(anon.statusCode).toBe(401);
    expect(body(anon)).toMatchObject({ code: 'unauthorized' });
  });
});
