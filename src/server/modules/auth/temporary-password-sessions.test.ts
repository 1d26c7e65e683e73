import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { findUserById } from '../users/users.repo';
import { changePassword, TEMP_PASSWORD_EXPIRED } from './auth.service';
import { dropUserCaches } from '../../lib/user-derived-cache';

// A session opened with a temporary password lasts no longer than that password, and an expired
// temporary password opens nothing, not even the change that would replace it.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A member made by the admin, signed in with the temporary password the admin was given. */
async function memberWithTemporaryPassword() {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin.auth,
    payload: { email: `temp.${Date.now()}.${Math.random()}@example.com`, firstName: 'Tim', lastName: 'Temp', businessUnit: 'Ops', role: 'edit' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { user, temporaryPassword } = body<{ user: { id: string; email: string }; temporaryPassword: string }>(created);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: temporaryPassword } });
  expect(login.statusCode, login.body).toBe(200);
  const token = body<{ token: string }>(login).token;
  return { id: user.id, temporaryPassword, token, auth: { authorization: `Bearer ${token}` } };
}
const expireTemporaryPassword = async (id: string, at = new Date(Date.now() - 1000)) => {
  await t.db.update(users).set({ tempPasswordExpiresAt: at }).where(eq(users.id, id));
  dropUserCaches();
};
const whoAmI = (auth: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/user', headers: auth });

describe('a session opened with a temporary password', () => {
  it('ends when the temporary password expires, and the expired password cannot replace itself', async () => {
    const member = await memberWithTemporaryPassword();
    expect((await whoAmI(member.auth)).statusCode).toBe(200);
    await expireTemporaryPassword(member.id);
    expect((await whoAmI(member.auth)).statusCode).toBe(401);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: member.auth,
      payload: { currentPassword: member.temporaryPassword, newPassword: 'a brand new secret 42' },
    });
    expect(change.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: (await findUserById(t.db, member.id))!.email, password: member.temporaryPassword },
    });
    expect(body(login)).toMatchObject({ code: 'temporary_password_expired' });
    // An admin reset gives a new temporary password, and with it a new way in.
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/reset-password`, headers: admin.auth });
    expect(reset.statusCode).toBe(200);
  });

  it('ends at the expiry even while this instance holds it in its session cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const member = await memberWithTemporaryPassword();
    await expireTemporaryPassword(member.id, new Date(Date.now() + 1000));
    // This call caches the session; nothing changes in the database afterwards, only the clock moves on.
    expect((await whoAmI(member.auth)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 1500);
    expect((await whoAmI(member.auth)).statusCode).toBe(401);
  });

  it('is not cut short once the temporary password was replaced', async () => {
    const member = await memberWithTemporaryPassword();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: member.auth,
      payload: { currentPassword: member.temporaryPassword, newPassword: 'a brand new secret 42' },
    });
    expect(change.statusCode, change.body).toBe(200);
    // Single sign-on lifts the forced change without clearing the old expiry: that session lives on too.
    await t.db.update(users).set({ mustChangePassword: 'false' }).where(eq(users.id, member.id));
    await expireTemporaryPassword(member.id);
    expect((await whoAmI(member.auth)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts', headers: member.auth })).statusCode).toBe(200);
  });

  it('never accepts an expired temporary password as the current password, even to a request already past the session check', async () => {
    const member = await memberWithTemporaryPassword();
    await expireTemporaryPassword(member.id);
    const row = (await findUserById(t.db, member.id))!;
    const input = { currentPassword: member.temporaryPassword, newPassword: 'a brand new secret 42' };
    await expect(changePassword(t.db, row, sha256(member.token), input)).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      errors: { currentPassword: TEMP_PASSWORD_EXPIRED },
    });
    // A wrong password is told as wrong: the expiry is news only to whoever knows the password.
    await expect(changePassword(t.db, row, sha256(member.token), { ...input, currentPassword: 'not it at all' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await findUserById(t.db, member.id))!).toMatchObject({ password: row.password, mustChangePassword: 'true' });
  });
});
