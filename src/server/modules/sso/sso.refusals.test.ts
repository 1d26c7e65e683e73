import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, oidcHandoffs, oidcLogins, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp } from '../../test/test-app';
import { createSsoTestApp, handoffCode, ssoError, type SsoTestApp } from './sso.test-support';

/**
 * Every way a sign-in through the provider can go wrong ends on the sign-in screen with an error code
 * the page turns into words: never a 500, never a session, never an account.
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

const sessionCount = async () => (await t.db.select({ sid: sessions.sid }).from(sessions)).length;
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

describe('the state', () => {
  it('refuses a wrong state, then accepts the genuine one once, and refuses it replayed', async () => {
    const sessionsBefore = await sessionCount();
    const genuine = await signInAtProvider(await t.start('/my-prompts'), 'eve');
    const forged = await t.callback(withParam(genuine, 'state', 'not-the-state-we-sent'));
    expect(forged).toBe('/auth?sso_error=state');
    const missing = new URL(genuine);
    missing.searchParams.delete('state');
    expect(ssoError(await t.callback(missing.toString()))).toBe('state');
    expect(await sessionCount()).toBe(sessionsBefore);

    const ok = await t.callback(genuine);
    expect(handoffCode(ok)).toBeDefined();
    expect(ssoError(await t.callback(genuine))).toBe('state');
  });

  it('refuses an expired state', async () => {
    const start = await t.start();
    const state = new URL(start).searchParams.get('state')!;
    await t.db
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLogins.stateHash, sha256(state)));
    expect(ssoError(await t.callback(await signInAtProvider(start, 'eve')))).toBe('state');
  });
});

describe('the nonce and the ID token', () => {
  it('refuses an ID token whose nonce is not the one this sign-in sent, creating nothing', async () => {
    provider.setAccount({ sub: 'nina', email: 'nina@example.com', email_verified: true, given_name: 'Nina', department: 'Legal' });
    const start = await t.start('/favorites');
    const state = new URL(start).searchParams.get('state')!;
    // As if the nonce stored with this sign-in were another one: the provider's token carries the original.
    await t.db
      .update(oidcLogins)
      .set({ nonce: 'a-different-nonce' })
      .where(eq(oidcLogins.stateHash, sha256(state)));
    const back = await t.callback(await signInAtProvider(start, 'nina'));
    expect(back).toBe('/auth?sso_error=nonce&next=%2Ffavorites');
    expect(await userByEmail('nina@example.com')).toBeUndefined();
    const refused = await t.db.select({ summary: auditEvents.summary }).from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in_failed'));
    expect(refused.map((e) => e.summary)).toContain('Single sign-on refused: the ID token’s nonce did not match this sign-in');
  });

  it('refuses a code whose PKCE verifier does not match', async () => {
    const start = await t.start();
    const state = new URL(start).searchParams.get('state')!;
    await t.db
      .update(oidcLogins)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oidcLogins.stateHash, sha256(state)));
    expect(ssoError(await t.callback(await signInAtProvider(start, 'eve')))).toBe('failed');
  });
});

describe('the provider’s answer', () => {
  it('shows an error the provider sends back, keeping where the person was heading', async () => {
    // prompt=none without a session at the provider: it answers login_required to our callback.
    const start = withParam(await t.start('/recent'), 'prompt', 'none');
    const back = await t.callback(await signInAtProvider(start, 'eve'));
    expect(back).toBe('/auth?sso_error=provider&next=%2Frecent');
    const denied = await t.callback(`${t.url}/api/auth/oidc/callback?error=access_denied&state=whatever`);
    expect(ssoError(denied)).toBe('denied');
  });

  it('refuses an unverified email address and a missing one', async () => {
    expect(ssoError((await t.signIn('uma')).location)).toBe('email_unverified');
    expect(await userByEmail('uma@example.com')).toBeUndefined();
    expect(ssoError((await t.signIn('nemo')).location)).toBe('email_missing');
  });

  it('does not link an email whose account is linked to another subject', async () => {
    expect((await t.signIn('ada')).status).toBe(200);
    provider.setAccount({ sub: 'ada-elsewhere', email: 'ada@example.com', email_verified: true, department: 'Sales' });
    expect(ssoError((await t.signIn('ada-elsewhere')).location)).toBe('account_conflict');
    expect((await userByEmail('ada@example.com'))!.oidcSubject).toBe('ada');
  });

  it('refuses an unverified email even for an existing account', async () => {
    const uma = await t.register({ email: 'uma@example.com' });
    expect(ssoError((await t.signIn('uma')).location)).toBe('email_unverified');
    expect((await userByEmail(uma.user.email))!.oidcSubject).toBeNull();
  });
});

describe('the one-time code', () => {
  it('refuses a wrong or expired code', async () => {
    expect(await t.exchange('made-up-code')).toMatchObject({ status: 400, body: { code: 'sso_code_invalid' } });
    const code = handoffCode(await t.callback(await signInAtProvider(await t.start(), 'eve')))!;
    await t.db
      .update(oidcHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcHandoffs.codeHash, sha256(code)));
    expect(await t.exchange(code)).toMatchObject({ status: 400, body: { code: 'sso_code_invalid' } });
  });
});

describe('same-origin destinations', () => {
  it.each([
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/prompts/1?view=full#notes', '/prompts/1?view=full#notes'],
  ])('next=%s returns to %s', async (next, expected) => {
    const done = await t.signIn('eve', { next });
    expect(done.body.next).toBe(expected);
  });
});

describe('an unreachable provider', () => {
  it('answers 503 (or the screen’s words), then works once the provider is back', async () => {
    const down = await startOidcProvider();
    down.setReachable(false);
    // The pause before discovery is tried again, shortened from 2 s: the test waits it out.
    const app = await createSsoTestApp(down, { discoveryRetryMs: 300 });
    try {
      const json = await fetch(`${app.url}/api/auth/oidc/start`, { redirect: 'manual' });
      expect(json.status).toBe(503);
      expect(await json.json()).toEqual({ code: 'sso_unavailable', message: 'Single sign-on is unavailable: the identity provider could not be reached' });
      expect(ssoError(await app.start('/trash'))).toBe('unavailable');

      down.setReachable(true);
      // Discovery is tried again once the pause after a failure has passed.
      await new Promise((r) => setTimeout(r, 350));
      expect((await app.signIn('eve')).status).toBe(200);

      // Down between the login page and the callback: the token request fails.
      const back = await signInAtProvider(await app.start('/recent'), 'eve');
      down.setReachable(false);
      expect(await app.callback(back)).toBe('/auth?sso_error=unavailable&next=%2Frecent');
    } finally {
      await app.close();
      await down.stop();
    }
  });
});

describe('without single sign-on configured', () => {
  it('says so on every route, and the options say so too', async () => {
    const plain = await createTestApp();
    try {
      const options = await plain.app.inject({ method: 'GET', url: '/api/auth/options' });
      expect(options.json()).toEqual({ sso: null, passwordSignIn: true });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.json()).toMatchObject({ code: 'sso_not_configured' });
      expect(start.statusCode).toBe(404);
      const page = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start', headers: { accept: 'text/html' } });
      expect(page.headers.location).toBe('/auth?sso_error=not_configured');
      const callback = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' });
      expect(callback.headers.location).toBe('/auth?sso_error=not_configured');
      const exchange = await plain.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code: 'x' } });
      expect(exchange.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
