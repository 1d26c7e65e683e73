import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcHandoffs, oidcLogins, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { runHousekeeping } from '../../lib/housekeeping';
import { dropUserCaches } from '../../lib/user-derived-cache';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createSsoTestApp, handoffCode, type SsoTestApp } from './sso.test-support';

/** OIDC_ONLY, the defaults without role or unit claims, PUBLIC_URL, and the housekeeping of sign-ins in flight. */
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
});
afterAll(() => provider?.stop());

const post = (t: SsoTestApp, url: string, body: unknown) =>
  fetch(`${t.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('OIDC_ONLY', () => {
  let t: SsoTestApp;
  beforeAll(async () => {
    t = await createSsoTestApp(provider, { only: true, displayName: 'Contoso ID' });
  });
  afterAll(() => t?.close());

  it('tells the sign-in screen to offer only the provider', async () => {
    const options = await fetch(`${t.url}/api/auth/options`).then((r) => r.json());
    expect(options).toEqual({ sso: { displayName: 'Contoso ID' }, passwordSignIn: false });
  });

  it('refuses password sign-in, sign-up and reset with 403 before reading the body', async () => {
    for (const url of ['/api/login', '/api/register', '/api/password-reset/request', '/api/password-reset/complete']) {
      const res = await fetch(`${t.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"not json' });
      expect(res.status, url).toBe(403);
      expect(await res.json(), url).toEqual({
        code: 'password_sign_in_disabled',
        message: 'Password sign-in is turned off on this server: sign in with Contoso ID',
      });
    }
  });

  it('gives a linked account no way in by password, and lifts a temporary password’s forced change', async () => {
    // The first SSO account; then an admin-made account with a temporary password, as after a reset.
    expect((await t.signIn('ada')).status).toBe(200);
    await t.db.insert(users).values({
      email: 'eve@example.com',
      password: 'x',
      firstName: 'Eve',
      mustChangePassword: 'true',
      tempPasswordExpiresAt: new Date(Date.now() + 3600_000),
    });
    dropUserCaches();
    const done = await t.signIn('eve');
    expect(done).toMatchObject({ status: 200, body: { mustChangePassword: false, user: { mustChangePassword: 'false', role: 'edit' } } });
    const me = await fetch(`${t.url}/api/prompts`, { headers: { authorization: `Bearer ${String(done.body.token)}` } });
    expect(me.status).toBe(200);
    const login = await post(t, '/api/login', { email: 'eve@example.com', password: 'anything at all' });
    expect(login.status).toBe(403);
    // Nor can a signed-in member set a password that would wait for OIDC_ONLY to be lifted.
    for (const method of ['PUT', 'POST']) {
      const change = await fetch(`${t.url}/api/change-password`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${String(done.body.token)}` },
        body: JSON.stringify({ currentPassword: 'x', newPassword: 'A new password 123!', confirmPassword: 'A new password 123!' }),
      });
      expect(change.status, method).toBe(403);
      expect(await change.json(), method).toMatchObject({ code: 'password_sign_in_disabled' });
    }
  });
});

describe('without role and unit claims', () => {
  let t: SsoTestApp;
  beforeAll(async () => {
    t = await createSsoTestApp(provider, { roleClaim: undefined, unitClaim: undefined, scopes: 'openid email profile' });
  });
  afterAll(() => t?.close());

  it('makes the first account of an empty database the administrator, later ones editors, and leaves roles to the app', async () => {
    const first = await t.signIn('rita', { businessUnit: 'Sales' });
    expect(first.body).toMatchObject({ created: true, user: { role: 'admin', businessUnit: 'Sales' } });
    // Ada is in the admin group at the provider, but without OIDC_ROLE_CLAIM the app decides.
    const ada = await t.signIn('ada');
    expect(ada).toMatchObject({ status: 409, body: { code: 'business_unit_required' } });
    const code = handoffCode(ada.location)!;
    const created = await t.exchange(code, 'Research');
    expect(created.body).toMatchObject({ user: { role: 'edit', businessUnit: 'Research' } });

    // An administrator makes Ada read-only and moves her; her next sign-in keeps both.
    await t.db.update(users).set({ role: 'read', businessUnit: 'Legal' }).where(eq(users.email, 'ada@example.com'));
    dropUserCaches();
    const again = await t.signIn('ada');
    expect(again).toMatchObject({ status: 200, body: { created: false, user: { role: 'read', businessUnit: 'Legal' } } });
  });
});

describe('PUBLIC_URL', () => {
  it('is the base of the redirect URI the provider is given', async () => {
    const t = await createSsoTestApp(provider, {}, { publicUrl: 'https://prompts.example.com/' });
    try {
      const start = new URL(await t.start());
      expect(start.searchParams.get('redirect_uri')).toBe('https://prompts.example.com/api/auth/oidc/callback');
      // The browser reaches the app over https: the binding cookie is Secure.
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', headers: { accept: 'text/html' } });
      expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await t.close();
    }
  });

  it('unset: the binding cookie is Secure when the request came over https through a trusted proxy', async () => {
    const t = await createSsoTestApp(provider, {}, { trustProxy: ['127.0.0.1'] });
    try {
      const start = (proto: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', headers: { accept: 'text/html', 'x-forwarded-proto': proto } });
      expect(String((await start('https')).headers['set-cookie'])).toMatch(/; Secure$/);
      expect(String((await start('http')).headers['set-cookie'])).not.toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('housekeeping', () => {
  it('sweeps sign-ins never completed and codes never exchanged, and keeps live ones', async () => {
    const t = await createSsoTestApp(provider);
    try {
      const stale = new URL(await t.start()).searchParams.get('state')!;
      const live = new URL(await t.start()).searchParams.get('state')!;
      const staleCode = handoffCode(await t.callback(await signInAtProvider(await t.start(), 'eve')))!;
      const liveCode = handoffCode(await t.callback(await signInAtProvider(await t.start(), 'eve')))!;
      const past = new Date(Date.now() - 1000);
      await t.db
        .update(oidcLogins)
        .set({ expiresAt: past })
        .where(eq(oidcLogins.stateHash, sha256(stale)));
      await t.db
        .update(oidcHandoffs)
        .set({ expiresAt: past })
        .where(eq(oidcHandoffs.codeHash, sha256(staleCode)));

      await runHousekeeping(t.db, { sessionIdleDays: 7, trashRetentionDays: 30, auditRetentionDays: 365 });

      const logins = (await t.db.select({ h: oidcLogins.stateHash }).from(oidcLogins)).map((r) => r.h);
      expect(logins).toEqual([sha256(live)]);
      const codes = (await t.db.select({ h: oidcHandoffs.codeHash }).from(oidcHandoffs)).map((r) => r.h);
      expect(codes).toEqual([sha256(liveCode)]);
    } finally {
      await t.close();
    }
  });
});
