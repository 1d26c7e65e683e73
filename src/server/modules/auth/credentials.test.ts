import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../shared/password-policy';
import { passwordResetTokens, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { TEMP_PASSWORD_EXPIRED } from './auth.service';
import { dropUserCaches } from '../../lib/user-derived-cache';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ passwordResetDelivery: 'response', tempPasswordTtlHours: 48 });
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const requestReset = async (email: string) =>
  body<{ token: string }>(await t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email } })).token;
const complete = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/complete', payload: { token, newPassword, confirmPassword: newPassword } });
const changePassword = (u: TestUser, method: 'POST' | 'PUT', currentPassword: string, newPassword: string) =>
  t.app.inject({ method, url: '/api/change-password', headers: u.auth, payload: { currentPassword, newPassword } });
const tokenUsed = async (token: string) =>
  (
    await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.token, sha256(token)))
  )[0]!.used;

describe('temporary passwords', () => {
  it('expire after TEMP_PASSWORD_TTL_HOURS with a message saying what to do', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.auth,
      payload: { email: 'temp.user@example.com', firstName: 'Temp', lastName: 'User', businessUnit: 'Engineering' },
    });
    const { temporaryPassword, temporaryPasswordExpiresAt } = body<{ temporaryPassword: string; temporaryPasswordExpiresAt: string }>(res);
    const hours = (new Date(temporaryPasswordExpiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await login('temp.user@example.com', temporaryPassword)).statusCode).toBe(200);

    await t.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.email, 'temp.user@example.com'));
    const expired = await login('temp.user@example.com', temporaryPassword);
    expect(expired.statusCode).toBe(401);
    expect(body(expired)).toEqual({ message: TEMP_PASSWORD_EXPIRED, code: 'temporary_password_expired' });
    // A wrong password still gets the usual answer: the expiry is news only to the password's holder.
    expect(body(await login('temp.user@example.com', 'not the password'))).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a password chosen by the user never expires, whatever the old temporary deadline', async () => {
    const u = await t.register();
    await t.db
      .update(users)
      .set({ mustChangePassword: 'true', tempPasswordExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(users.id, u.user.id));
    dropUserCaches();
    expect((await changePassword(u, 'POST', u.password, 'my own new secret')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ mustChangePassword: 'false', tempPasswordExpiresAt: null });
  });
});

describe('one password policy on every path', () => {
  it('sign-up refuses common passwords, the email and the names, with field errors', async () => {
    const base = { email: 'grace.h@example.com', firstName: 'Grace', lastName: 'Hopper', businessUnit: 'Navy' };
    const cases: Array<[string, string]> = [
      ['Password123', PASSWORD_MESSAGES.common],
      ['QWERTYUIOP', PASSWORD_MESSAGES.common],
      ['GraceHopper', PASSWORD_MESSAGES.personal],
      ['grace.h@example.com', PASSWORD_MESSAGES.personal],
      ['x'.repeat(257), PASSWORD_MESSAGES.tooLong],
      ['seven77', PASSWORD_MESSAGES.tooShort],
    ];
    for (const [password, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...base, password } });
      expect(res.statusCode, password).toBe(400);
      expect(body(res)).toMatchObject({ code: 'validation_failed', errors: { password: message } });
    }
  });

  it('both change-password calls refuse a common or personal new password', async () => {
    const u = await t.register({ firstName: 'Katherine', lastName: 'Johnson' });
    for (const method of ['POST', 'PUT'] as const) {
      for (const [newPassword, message] of [
        ['iloveyou', PASSWORD_MESSAGES.common],
        ['katherinejohnson', PASSWORD_MESSAGES.personal],
        [u.user.email.toUpperCase(), PASSWORD_MESSAGES.personal],
      ]) {
        const res = await changePassword(u, method, u.password, newPassword!);
        expect(res.statusCode).toBe(400);
        expect(body(res)).toMatchObject({ code: 'validation_failed', errors: { newPassword: message } });
      }
    }
    expect((await login(u.user.email, u.password)).statusCode).toBe(200);
  });

  it('reset completion refuses a common password and leaves the link usable', async () => {
    const u = await t.register();
    const token = await requestReset(u.user.email);
    const weak = await complete(token, 'password1');
    expect(body(weak)).toMatchObject({ code: 'validation_failed', errors: { newPassword: PASSWORD_MESSAGES.common } });
    expect(await tokenUsed(token)).toBe(false);
    expect((await complete(token, 'a sound new password')).statusCode).toBe(200);
  });

  it('a bogus reset token is refused before the password is even looked at', async () => {
    const res = await complete('no-such-token', 'password1');
    expect(body(res)).toMatchObject({ code: 'validation_failed' });
  });
});

describe('older reset links stop working once the password is set', () => {
  it('after completing a newer reset', async () => {
    const u = await t.register();
    const older = await requestReset(u.user.email);
    const newer = await requestReset(u.user.email);
    expect((await complete(newer, 'reset with the newer link')).statusCode).toBe(200);
    expect(body(await complete(older, 'reset with the older link'))).toMatchObject({ code: 'validation_failed' });
  });

  it('after a password change', async () => {
    const u = await t.register();
    const pending = await requestReset(u.user.email);
    expect((await changePassword(u, 'PUT', u.password, 'changed in the menu')).statusCode).toBe(200);
    expect(body(await complete(pending, 'reset after the change'))).toMatchObject({ code: 'validation_failed' });
  });

  it('after an admin reset', async () => {
    const u = await t.register();
    const pending = await requestReset(u.user.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${u.user.id}/reset-password`, headers: admin.auth })).statusCode).toBe(200);
    expect(body(await complete(pending, 'reset after the admin'))).toMatchObject({ code: 'validation_failed' });
  });
});
