import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { PASSWORD_MESSAGES } from '../../../shared/password-policy';
import { dropUserCaches } from '../../lib/user-derived-cache';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionTtlDays: 7 });
});
afterAll(() => t.close());

const me = (auth: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/user', headers: auth });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function signIn(u: TestUser, password = u.password): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.user.email, password } });
  expect(res.statusCode).toBe(200);
  return body<{ token: string }>(res).token;
}

describe('bearer sessions', () => {
  it('stores only the SHA-256 of the token, with the configured expiry', async () => {
    const u = await t.register();
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sha256(u.token)));
    expect(row).toBeDefined();
    expect(row!.sid).not.toBe(u.token);
    const days = (row!.expire.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const byToken = await t.db.select().from(sessions).where(eq(sessions.sid, u.token));
    expect(byToken).toHaveLength(0);
  });

  it('refuses an expired session', async () => {
    const u = await t.register();
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sha256(u.token)));
    dropUserCaches();
    expect((await me(u.auth)).statusCode).toBe(401);
  });

  it('refuses malformed and unknown bearer values', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer nope', `Bearer ${'x'.repeat(600)}`]) {
      expect((await me({ authorization })).statusCode).toBe(401);
    }
  });

  it('logout revokes that token only', async () => {
    const u = await t.register();
    const other = await signIn(u);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: u.auth });
    expect(out.statusCode).toBe(200);
    expect((await me(u.auth)).statusCode).toBe(401);
    expect((await me(bearer(other))).statusCode).toBe(200);
  });

  it('a password change keeps the current session and revokes the others (both dialogs)', async () => {
    const u = await t.register();
    const other = await signIn(u);
    const forced = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: 'brand new password' },
    });
    expect(forced.statusCode).toBe(200);
    expect(body(forced)).toEqual({ message: 'Password changed successfully!' });
    expect((await me(u.auth)).statusCode).toBe(200);
    expect((await me(bearer(other))).statusCode).toBe(401);

    const third = await signIn(u, 'brand new password');
    const menu = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: u.auth,
      payload: { currentPassword: 'brand new password', newPassword: 'eight chars' },
    });
    expect(menu.statusCode).toBe(200);
    expect((await me(bearer(third))).statusCode).toBe(401);
    expect((await me(u.auth)).statusCode).toBe(200);
    await signIn(u, 'eight chars');
  });
});

describe('change password validation', () => {
  it('checks the current password and the same 8-character minimum in both dialogs', async () => {
    const u = await t.register();
    const call = (method: 'POST' | 'PUT', payload: object) => t.app.inject({ method, url: '/api/change-password', headers: u.auth, payload });

    const wrong = await call('POST', { currentPassword: 'wrong', newPassword: 'longenough' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ errors: { currentPassword: 'Current password is incorrect' } });

    const shortForced = await call('POST', { currentPassword: '', newPassword: 'seven77' });
    expect(body(shortForced)).toMatchObject({
      errors: { currentPassword: 'Current password is required', newPassword: PASSWORD_MESSAGES.tooShort },
    });
    // The menu dialog once accepted 6 characters; every path now shares the 8-character rule.
    const shortMenu = await call('PUT', { currentPassword: u.password, newPassword: 'sixsix' });
    expect(shortMenu.statusCode).toBe(400);
    expect(body(shortMenu)).toMatchObject({ code: 'validation_failed', errors: { newPassword: PASSWORD_MESSAGES.tooShort } });

    const anon = await t.app.inject({ method: 'PUT', url: '/api/change-password', payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' } });
    expect(anon.statusCode).toBe(401);
  });

  it('clears mustChangePassword once the forced change succeeds', async () => {
    const u = await t.register();
    const { users } = await import('../../db/schema');
    await t.db.update(users).set({ mustChangePassword: 'true' }).where(eq(users.id, u.user.id));
    dropUserCaches();
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.user.email, password: u.password } });
    expect(body(login)).toMatchObject({ mustChangePassword: true });
    const token = body<{ token: string }>(login).token;
    await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(token),
      payload: { currentPassword: u.password, newPassword: 'a better password' },
    });
    expect(body(await me(bearer(token)))).toMatchObject({ mustChangePassword: 'false' });
  });
});

describe('PUT /api/profile', () => {
  it('updates names and unit, keeps the email, and validates with the specified messages', async () => {
    // An admin may move themselves to another unit; members may not (prompts.visibility.test.ts).
    const u = await t.userWithRole('admin');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: u.auth,
      payload: { firstName: ' Katherine ', lastName: 'Johnson', businessUnit: 'Flight Research', email: 'evil@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ firstName: 'Katherine', businessUnit: 'Flight Research', email: u.user.email });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: u.auth,
      payload: { firstName: '', lastName: ' ', businessUnit: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      errors: { firstName: 'First name is required', lastName: 'Last name is required', businessUnit: 'Business unit is required' },
    });
    const anon = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { firstName: 'a', lastName: 'b', businessUnit: 'c' } });
    expect(anon.statusCode).toBe(401);
  });
});
