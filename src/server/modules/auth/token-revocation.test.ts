import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, auditPageSchema } from '../../../shared/schemas/audit';
import { apiTokens } from '../../db/schema';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// A password set by a reset link, by an administrator, or by its owner ends the API tokens that the
// old password let anyone make: a leaked password must not leave a way in behind it.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimit: 1_000 });
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a fresh and long secret 42';

async function makeToken(u: TestUser, name: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: u.auth, payload: { name, scopes: ['prompts:read'], expiresInDays: 30 } });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ token: string; apiToken: { id: string } }>(res);
}
const worksWith = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/prompts', headers: { authorization: `Bearer ${token}` } })).statusCode === 200;
const tokenIdsOf = async (u: TestUser) => (await t.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, u.user.id))).map((r) => r.id);

/** The `token.revoked` events about these tokens, newest first. */
async function revocationEvents(tokenIds: string[]): Promise<AuditEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=token.revoked&limit=100', headers: admin.auth });
  return auditPageSchema.parse(body(res)).items.filter((e) => tokenIds.includes(e.targetId ?? ''));
}

describe('API tokens and passwords', () => {
  it('an admin reset revokes every token of the member, with one token.revoked event each, and no one else’s', async () => {
    const member = await t.userWithRole('edit', { email: 'reset.by.admin@example.com' });
    const bystander = await t.userWithRole('edit');
    const first = await makeToken(member, 'Laptop script');
    const second = await makeToken(member, 'CI job');
    const kept = await makeToken(bystander, 'Other’s script');

    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.user.id}/reset-password`, headers: admin.auth });
    expect(reset.statusCode).toBe(200);
    expect(await worksWith(first.token)).toBe(false);
    expect(await worksWith(second.token)).toBe(false);
    expect(await tokenIdsOf(member)).toEqual([]);
    expect(await worksWith(kept.token)).toBe(true);

    const events = await revocationEvents([first.apiToken.id, second.apiToken.id]);
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.targetId === first.apiToken.id)).toMatchObject({
      actor: { id: admin.user.id },
      targetType: 'api_token',
      summary: 'Revoked another member’s API token “Laptop script” (prompts:read) with a reset of reset.by.admin@example.com’s password',
      before: { name: 'Laptop script', scopes: ['prompts:read'], owner: member.user.id },
    });
  });

  it('a reset link revokes every token of the member, recorded as theirs', async () => {
    const member = await t.userWithRole('edit', { email: 'reset.by.link@example.com' });
    const one = await makeToken(member, 'Nightly sync');
    const two = await makeToken(member, 'Editor plugin');
    const asked = await t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: member.user.email } });
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/complete',
      payload: { token: body<{ token: string }>(asked).token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await worksWith(one.token)).toBe(false);
    expect(await worksWith(two.token)).toBe(false);
    // Their sessions end too, as before.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: member.auth })).statusCode).toBe(401);
    const events = await revocationEvents([one.apiToken.id, two.apiToken.id]);
    expect(events.map((e) => e.summary).sort()).toEqual([
      'Revoked API token “Editor plugin” (prompts:read) with a password reset link',
      'Revoked API token “Nightly sync” (prompts:read) with a password reset link',
    ]);
    expect(events.every((e) => e.actor.id === member.user.id)).toBe(true);
  });

  it('changing one’s password revokes one’s tokens unless asked not to', async () => {
    const member = await t.userWithRole('edit');
    const change = (from: string, to: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'PUT', url: '/api/change-password', headers: member.auth, payload: { currentPassword: from, newPassword: to, ...extra } });

    const kept = await makeToken(member, 'Kept on purpose');
    const notKept = await change(member.password, NEW_PASSWORD, { revokeApiTokens: false });
    expect(notKept.statusCode, notKept.body).toBe(200);
    expect(await worksWith(kept.token)).toBe(true);
    expect(await revocationEvents([kept.apiToken.id])).toEqual([]);

    const another = await makeToken(member, 'Second one');
    const byDefault = await change(NEW_PASSWORD, member.password);
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(await worksWith(kept.token)).toBe(false);
    expect(await worksWith(another.token)).toBe(false);
    const events = await revocationEvents([kept.apiToken.id, another.apiToken.id]);
    expect(events.map((e) => e.summary).sort()).toEqual([
      'Revoked API token “Kept on purpose” (prompts:read) with a password change',
      'Revoked API token “Second one” (prompts:read) with a password change',
    ]);
    // The session that made the change goes on, and can make new tokens.
    const fresh = await makeToken(member, 'After the change');
    expect(await change(member.password, NEW_PASSWORD, { revokeApiTokens: true })).toMatchObject({ statusCode: 200 });
    expect(await worksWith(fresh.token)).toBe(false);
  });

  it('refuses a revokeApiTokens that is not a boolean, changing nothing', async () => {
    const member = await t.userWithRole('edit');
    const token = await makeToken(member, 'Still here');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: member.auth,
      payload: { currentPassword: member.password, newPassword: NEW_PASSWORD, revokeApiTokens: 'no' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'validation_failed', errors: { revokeApiTokens: 'revokeApiTokens must be true or false' } });
    expect(await worksWith(token.token)).toBe(true);
  });
});
