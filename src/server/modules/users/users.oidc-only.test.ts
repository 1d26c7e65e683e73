import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { createSession } from '../auth/sessions.repo';
import { NO_PASSWORD } from './users.admin.service';
import { insertUser } from './users.repo';

// With OIDC_ONLY nobody signs in with a password, so an administrator can no longer make one: new
// members get none, and resets are refused. The provider is never reached by these calls.
let t: TestApp;
let adminAuth: { authorization: string };
beforeAll(async () => {
  const oidc = {
    issuer: 'http://127.0.0.1:9',
    clientId: 'prompts',
    clientSecret: 'secret',
    displayName: 'Contoso ID',
    scopes: 'openid email',
    discoveryRetryMs: 2_000,
  };
  t = await createTestApp({ oidc: { ...oidc, adminValues: [], editValues: [], roleClaim: undefined, unitClaim: undefined, only: true } });
  // Sign-up is off: the administrator exists already, signed in (as through the provider).
  const admin = await insertUser(t.db, {
    email: 'ada@example.com',
    password: NO_PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    businessUnit: 'Ops',
    role: 'admin',
  });
  adminAuth = { authorization: `Bearer ${await createSession(t.db, admin.id, 1)}` };
});
afterAll(() => t.close());

const newMember = { email: 'new.member@example.com', firstName: 'Nia', lastName: 'New', businessUnit: 'Ops', role: 'edit' };

describe('OIDC_ONLY and the administration of members', () => {
  it('creates members without a password, answering none', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: newMember });
    expect(res.statusCode, res.body).toBe(201);
    const answer = body(res);
    expect(answer).toMatchObject({ message: 'User created successfully', user: { email: newMember.email, mustChangePassword: 'false' } });
    expect(answer).not.toHaveProperty('temporaryPassword');
    expect(answer).not.toHaveProperty('temporaryPasswordExpiresAt');

    const [stored] = await t.db.select().from(users).where(eq(users.email, newMember.email));
    expect(stored).toMatchObject({ password: NO_PASSWORD, mustChangePassword: 'false', tempPasswordExpiresAt: null });
    // Not a hash at all: nothing verifies against it, whatever is tried.
    for (const guess of ['', NO_PASSWORD, 'single-sign-on-only', 'password']) expect(await verifyPassword(stored!.password, guess)).toBe(false);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, stored!.id));
    expect(event).toMatchObject({ action: 'user.created', summary: 'Created new.member@example.com (edit) to sign in with single sign-on' });
  });

  it('refuses an admin password reset with 403 password_sign_in_disabled, changing nothing', async () => {
    const member = await insertUser(t.db, {
      email: 'had.a.password@example.com',
      password: await hashPassword('the old password 1'),
      firstName: 'Hal',
      lastName: 'Had',
      businessUnit: 'Ops',
      role: 'edit',
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/reset-password`, headers: adminAuth });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 'password_sign_in_disabled', message: 'Password sign-in is turned off on this server: members sign in with Contoso ID' });
    const [stored] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(stored).toMatchObject({ password: member.password, mustChangePassword: 'false' });
  });

  it('tells the web app that passwords are off', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(body(options)).toMatchObject({ passwordSignIn: false, sso: { displayName: 'Contoso ID' } });
  });
});
