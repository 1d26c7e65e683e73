import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcHandoffs, oidcLogins, sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { readCookie, SSO_BROWSER_COOKIE } from './sso.browser';
import { createSsoTestApp, handoffCode, ssoError, type SsoTestApp } from './sso.test-support';

/**
 * A sign-in through the provider finishes only in the browser that started it: someone else's callback
 * URL or /auth/sso?code=… link, opened in a victim's browser, must not sign the victim into their account.
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

const MISMATCH = 'This sign-in was started in another browser. Start again from the sign-in page.';
/** A browser that never started a sign-in here, but holds a cookie of the right shape. */
const OTHER_BROWSER = `${SSO_BROWSER_COOKIE}=${'A'.repeat(43)}`;
const sessionCount = async () => (await t.db.select({ sid: sessions.sid }).from(sessions)).length;
const stateOf = (start: string) => new URL(start).searchParams.get('state')!;

/** The attacker's half of the attack: a finished sign-in at the provider, in the attacker's own browser. */
async function attackersCode(attacker: SsoTestApp) {
  return handoffCode(await attacker.callback(await signInAtProvider(await attacker.start(), 'eve')))!;
}

describe('the binding cookie', () => {
  it('is set at the start (HttpOnly, SameSite=Lax, 10 minutes, only for the sign-in routes) and its hash follows the flow', async () => {
    const res = await fetch(`${t.url}/api/auth/oidc/start`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(res.status).toBe(302);
    const [line, ...more] = res.headers.getSetCookie();
    expect(more).toEqual([]);
    expect(line).toMatch(new RegExp(`^${SSO_BROWSER_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=/api/auth/oidc; HttpOnly; SameSite=Lax$`));
    const value = line!.split(';')[0]!.split('=')[1]!;
    const [login] = await t.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.stateHash, sha256(stateOf(res.headers.get('location')!))));
    expect(login!.browserHash).toBe(sha256(value));
  });

  it('lets the browser that started finish, copies the binding to the hand-over, and is cleared by the exchange', async () => {
    const back = await t.callback(await signInAtProvider(await t.start('/favorites'), 'eve'));
    const code = handoffCode(back)!;
    const [handoff] = await t.db
      .select()
      .from(oidcHandoffs)
      .where(eq(oidcHandoffs.codeHash, sha256(code)));
    expect(handoff!.browserHash).toBe(sha256(t.browserCookie()!.split('=')[1]!));
    const done = await t.exchange(code);
    expect(done).toMatchObject({ status: 200, body: { next: '/favorites', user: { email: 'eve@example.com' } } });
    expect(done.setCookie).toEqual([`${SSO_BROWSER_COOKIE}=; Max-Age=0; Path=/api/auth/oidc; HttpOnly; SameSite=Lax`]);
    expect(t.browserCookie()).toBeUndefined();
  });

  it('keeps one value per browser, so a second tab’s start does not break the sign-in of the first', async () => {
    const first = await signInAtProvider(await t.start(), 'eve');
    const cookie = t.browserCookie();
    const second = await signInAtProvider(await t.start(), 'eve');
    expect(t.browserCookie()).toBe(cookie);
    const codes = [handoffCode(await t.callback(second)), handoffCode(await t.callback(first))];
    expect(codes.every(Boolean)).toBe(true);
    expect((await t.exchange(codes[1]!)).status).toBe(200);
  });
});

describe('a sign-in finished in another browser', () => {
  it('is refused at the exchange without the cookie, or with another browser’s, and stays usable by its own browser', async () => {
    const code = await attackersCode(t);
    const sessionsBefore = await sessionCount();
    for (const cookie of [null, OTHER_BROWSER, `${SSO_BROWSER_COOKIE}=not-a-value-we-set`]) {
      const refused = await t.exchange(code, undefined, { cookie });
      expect(refused, String(cookie)).toMatchObject({ status: 403, body: { code: 'sso_browser_mismatch', message: MISMATCH } });
      expect(refused.setCookie).toEqual([]);
    }
    expect(await sessionCount()).toBe(sessionsBefore);
    expect((await t.exchange(code)).status).toBe(200);
  });

  it('is refused at the exchange when another app instance’s browser presents a genuine cookie of its own', async () => {
    const victim = await createSsoTestApp(provider);
    try {
      await victim.start();
      const victimsCookie = victim.browserCookie()!;
      const code = await attackersCode(t);
      expect(await t.exchange(code, undefined, { cookie: victimsCookie })).toMatchObject({ status: 403, body: { code: 'sso_browser_mismatch' } });
    } finally {
      await victim.close();
    }
  });

  it('is refused at the callback without the cookie or with another one, before the provider’s code is redeemed', async () => {
    for (const cookie of [null, OTHER_BROWSER]) {
      const callbackUrl = await signInAtProvider(await t.start('/recent'), 'eve');
      const sessionsBefore = await sessionCount();
      const handoffsBefore = (await t.db.select().from(oidcHandoffs)).length;
      const back = await t.callback(callbackUrl, { cookie });
      expect(back).toBe('/auth?sso_error=browser_mismatch&next=%2Frecent');
      expect(ssoError(back)).toBe('browser_mismatch');
      expect((await t.db.select().from(oidcHandoffs)).length).toBe(handoffsBefore);
      expect(await sessionCount()).toBe(sessionsBefore);
      // The state was spent: the genuine browser cannot reuse this URL either, and starts again.
      expect(ssoError(await t.callback(callbackUrl))).toBe('state');
    }
  });

  it('refuses a flow stored before the binding existed (no hash), whatever the browser sends', async () => {
    const start = await t.start();
    await t.db
      .update(oidcLogins)
      .set({ browserHash: '' })
      .where(eq(oidcLogins.stateHash, sha256(stateOf(start))));
    expect(ssoError(await t.callback(await signInAtProvider(start, 'eve')))).toBe('browser_mismatch');
  });
});

describe('reading the Cookie header', () => {
  it.each([
    [undefined, undefined],
    [undefined, ''],
    [undefined, 'a=1; b=2'],
    ['v1', `${SSO_BROWSER_COOKIE}=v1`],
    ['v2', `theme=dark;${SSO_BROWSER_COOKIE}=v2 ; other=x`],
    ['quoted', `${SSO_BROWSER_COOKIE}="quoted"`],
    ['yes', `x${SSO_BROWSER_COOKIE}=no; ${SSO_BROWSER_COOKIE}=yes`],
    ['first', `${SSO_BROWSER_COOKIE}=first; ${SSO_BROWSER_COOKIE}=second`],
    ['after-a-bare-name', `${SSO_BROWSER_COOKIE}; junk; ${SSO_BROWSER_COOKIE}=after-a-bare-name`],
    ['a=b', `${SSO_BROWSER_COOKIE}=a=b`],
    [undefined, `pad=${'x'.repeat(20_000)}; ${SSO_BROWSER_COOKIE}=too-late`],
  ])('case %# finds %s', (expected, header) => {
    expect(readCookie(header, SSO_BROWSER_COOKIE)).toBe(expected);
  });
});
