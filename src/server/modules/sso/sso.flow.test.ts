import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, oidcHandoffs, prompts, users } from '../../db/schema';
import { signInAtProvider, startOidcProvider, TEST_ACCOUNTS, type TestOidcProvider } from '../../test/oidc-provider';
import { createSsoTestApp, handoffCode, type SsoTestApp } from './sso.test-support';

/**
 * Single sign-on end to end against a real OpenID provider over HTTP: the app's start redirect, the
 * provider's login page, the callback, and the exchange of the one-time code for a session.
 */
let provider: TestOidcProvider;
let t: SsoTestApp;
beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createSsoTestApp(provider);
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const account = (sub: string) => ({ ...TEST_ACCOUNTS.find((a) => a.sub === sub)! });
const me = (token: string) => fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const actions = async (userId: string) =>
  (await t.db.select({ action: auditEvents.action, summary: auditEvents.summary }).from(auditEvents).where(eq(auditEvents.targetId, userId))).map(
    (e) => `${e.action}: ${e.summary}`,
  );

describe('first sign-in', () => {
  it('creates the account from verified claims, with its role and unit, and answers like a password sign-in', async () => {
    const start = new URL(await t.start('/my-prompts'));
    // The authorization request: code flow, PKCE S256, state, nonce, the configured scopes, our callback.
    expect(`${start.origin}${start.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile groups',
      redirect_uri: `${t.url}/api/auth/oidc/callback`,
    });
    for (const param of ['state', 'nonce', 'code_challenge']) expect(start.searchParams.get(param)?.length).toBeGreaterThanOrEqual(32);

    const back = await t.callback(await signInAtProvider(start.toString(), 'ada'));
    // No session token in any URL: only a one-time code for the web page.
    expect(back).toMatch(/^\/auth\/sso\?code=[\w-]{43}&next=%2Fmy-prompts$/);
    const done = await t.exchange(handoffCode(back)!);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      mustChangePassword: false,
      next: '/my-prompts',
      created: true,
      user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'admin', businessUnit: 'Research' },
    });
    const token = done.body.token as string;
    expect((await me(token)).status).toBe(200);
    // The same opaque session as a password sign-in: it signs out the same way.
    expect((await fetch(`${t.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await me(token)).status).toBe(401);

    const row = (await userRow('ada@example.com'))!;
    expect(row.oidcSubject).toBe('ada');
    expect(await actions(row.id)).toEqual([
      'auth.sign_up: ada@example.com signed up through single sign-on in “Research”',
      'auth.sign_in: ada@example.com signed in with single sign-on',
      'auth.sign_out: ada@example.com signed out',
    ]);
  });

  it('uses the code once only', async () => {
    const back = await t.callback(await signInAtProvider(await t.start(), 'eve'));
    const code = handoffCode(back)!;
    expect((await t.exchange(code)).status).toBe(200);
    const again = await t.exchange(code);
    expect(again).toMatchObject({ status: 400, body: { code: 'sso_code_invalid' } });
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  it('asks a new person without a unit claim to pick a unit, keeping the code until then', async () => {
    const back = await t.callback(await signInAtProvider(await t.start('/favorites'), 'nora'));
    const code = handoffCode(back)!;
    const first = await t.exchange(code);
    expect(first).toMatchObject({ status: 409, body: { code: 'business_unit_required', errors: { businessUnit: 'Business unit is required' } } });
    expect(first.body.message).toContain('nora@example.com');
    expect(await userRow('nora@example.com')).toBeUndefined();

    const blank = await t.exchange(code, '   ');
    expect(blank).toMatchObject({ status: 400, body: { errors: { businessUnit: 'Business unit is required' } } });

    const done = await t.exchange(code, 'Brand New Unit');
    expect(done).toMatchObject({ status: 200, body: { created: true, next: '/favorites', user: { businessUnit: 'Brand New Unit', role: 'edit' } } });
    const units = await fetch(`${t.url}/api/business-units`).then((r) => r.json() as Promise<Array<{ name: string }>>);
    expect(units.map((u) => u.name)).toContain('Brand New Unit');
    expect((await t.exchange(code, 'Brand New Unit')).status).toBe(400);
  });

  it('picks an existing unit whatever its spelling', async () => {
    provider.setAccount({ sub: 'nils', email: 'nils@example.com', email_verified: true, name: 'Nils Karl Nounit' });
    const done = await t.signIn('nils', { businessUnit: 'research' });
    expect(done).toMatchObject({ status: 200, body: { user: { businessUnit: 'Research', firstName: 'Nils Karl', lastName: 'Nounit', role: 'read' } } });
  });
});

describe('later sign-ins', () => {
  it('finds the same account by subject, and applies changed names, role and unit', async () => {
    const before = (await userRow('ada@example.com'))!;
    const signedIn = await t.signIn('ada');
    const created = await fetch(`${t.url}/api/prompts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(signedIn.body.token)}` },
      body: JSON.stringify({ title: 'By Ada', content: 'Text', aiModels: ['Claude'], tags: ['sso'] }),
    });
    const authored = (await created.json()) as { id: string };
    provider.setAccount({ ...account('ada'), given_name: 'Augusta', groups: ['staff'], department: 'Operations' });
    const done = await t.signIn('ada');
    expect(done).toMatchObject({
      status: 200,
      body: { created: false, user: { id: before.id, firstName: 'Augusta', role: 'read', businessUnit: 'Operations' } },
    });
    expect(
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, 'ada@example.com'))
      )[0]!.n,
    ).toBe(1);
    const [prompt] = await t.db.select({ authorName: prompts.authorName }).from(prompts).where(eq(prompts.id, authored.id));
    expect(prompt!.authorName).toBe('Augusta Lovelace');
    expect(await actions(before.id)).toContain('user.updated: Single sign-on updated ada@example.com: firstName, role, businessUnit');

    // A sign-in that changes nothing records only the sign-in.
    const count = (await actions(before.id)).length;
    expect((await t.signIn('ada')).status).toBe(200);
    expect((await actions(before.id)).slice(count)).toEqual(['auth.sign_in: ada@example.com signed in with single sign-on']);
    provider.setAccount(account('ada'));
    expect((await t.signIn('ada')).body).toMatchObject({ user: { role: 'admin', firstName: 'Ada', businessUnit: 'Research' } });
  });

  it('links an existing password account with the same verified email instead of creating another', async () => {
    const rita = await t.register({ email: 'Rita@Example.com', firstName: 'Rita', lastName: 'Before', businessUnit: 'Engineering' });
    const done = await t.signIn('rita');
    expect(done).toMatchObject({ status: 200, body: { created: false, user: { id: rita.user.id, lastName: 'Reader', role: 'read', businessUnit: 'Sales' } } });
    const row = (await userRow(rita.user.email))!;
    expect(row.oidcSubject).toBe('rita');
    expect(await actions(rita.user.id)).toContain(
      'user.updated: rita@example.com was linked to single sign-on (the provider also set lastName, role, businessUnit)',
    );
    // Without OIDC_ONLY the password still works alongside.
    const login = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: rita.user.email, password: rita.password }),
    });
    expect(login.status).toBe(200);
  });

  it('links the account a person created with a password between the callback and the unit choice', async () => {
    provider.setAccount({ sub: 'olga', email: 'olga@example.com', email_verified: true, given_name: 'Olga' });
    const code = handoffCode(await t.callback(await signInAtProvider(await t.start(), 'olga')))!;
    const olga = await t.register({ email: 'olga@example.com', firstName: 'Olga', lastName: 'Other' });
    const done = await t.exchange(code);
    expect(done).toMatchObject({ status: 200, body: { created: false, user: { id: olga.user.id } } });
  });

  it('keeps the hand-over row only until it is used', async () => {
    const code = handoffCode(await t.callback(await signInAtProvider(await t.start(), 'eve')))!;
    const live = await t.db.select().from(oidcHandoffs);
    expect(live.some((h) => h.userId !== null)).toBe(true);
    await t.exchange(code);
    const eve = (await userRow('eve@example.com'))!;
    expect(
      await t.db
        .select()
        .from(oidcHandoffs)
        .where(and(eq(oidcHandoffs.userId, eve.id))),
    ).toEqual([]);
  });
});
