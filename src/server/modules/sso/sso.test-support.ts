import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AppConfig, OidcSettings } from '../../config';
import { oidcSettingsFor, signInAtProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

let clients = 0;

/**
 * The Cookie header a call sends: by default this test app's one browser's binding cookie (the one
 * the last start set); `null` sends none; a string is sent as the whole header (another browser).
 */
export interface AsBrowser {
  cookie?: string | null;
}

export interface SsoTestApp extends TestApp {
  /** The app's own address (it listens on 127.0.0.1: the provider sends a real browser-style redirect to it). */
  url: string;
  /** GET /api/auth/oidc/start as a browser would (sending its cookie); returns where it redirects. */
  start(next?: string, as?: AsBrowser): Promise<string>;
  /** Follows the provider's redirect into the app's callback; returns where the callback redirects. */
  callback(callbackUrl: string, as?: AsBrowser): Promise<string>;
  /** POST /api/auth/oidc/exchange. */
  exchange(code: string, businessUnit?: string, as?: AsBrowser): Promise<{ status: number; body: Record<string, unknown>; setCookie: string[] }>;
  /** The binding cookie the browser holds now, as `name=value`; undefined when none or cleared. */
  browserCookie(): string | undefined;
  /** The whole round: start, the provider's login page as `login`, the callback, and the exchange when it gave a code. */
  signIn(login: string, options?: { next?: string; businessUnit?: string }): Promise<{ location: string; status: number; body: Record<string, unknown> }>;
}

/** The one-time code in an /auth/sso location, or undefined for any other place. */
export function handoffCode(location: string): string | undefined {
  const url = new URL(location, 'http://app.invalid');
  return url.pathname === '/auth/sso' ? (url.searchParams.get('code') ?? undefined) : undefined;
}

/** The `sso_error` of an /auth location. */
export function ssoError(location: string): string | null {
  return new URL(location, 'http://app.invalid').searchParams.get('sso_error');
}

/**
 * The real app on a real database, listening on 127.0.0.1 and registered as a client of `provider`
 * with its callback URL. `oidc` overrides the test cast's settings (roles from `groups`, units from
 * `department`); `issuer` may point elsewhere to test an unreachable provider.
 */
export async function createSsoTestApp(provider: TestOidcProvider, oidc: Partial<OidcSettings> = {}, overrides: Partial<AppConfig> = {}): Promise<SsoTestApp> {
  clients++;
  const client = { clientId: `prompts-app-${clients}`, clientSecret: randomBytes(16).toString('hex') };
  const t = await createTestApp({ oidc: oidcSettingsFor(provider.issuer, client, oidc), ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  provider.addClient({ ...client, redirectUri: `${(overrides.publicUrl ?? url).replace(/\/+$/, '')}/api/auth/oidc/callback` });

  // The one browser of this app: it keeps what Set-Cookie says, as a browser would (Max-Age=0 removes).
  let held: string | undefined;
  const keepCookies = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      held = /;\s*Max-Age=0\b/i.test(line) || pair.endsWith('=') ? undefined : pair;
    }
    return res;
  };
  const cookieHeader = (as: AsBrowser = {}): Record<string, string> => {
    const cookie = as.cookie === undefined ? held : as.cookie;
    return cookie ? { cookie } : {};
  };
  const location = (res: Response) => {
    const to = res.headers.get('location');
    if (res.status !== 302 || !to) throw new Error(`expected a redirect, got ${res.status}: ${to ?? ''}`);
    return to;
  };
  const start: SsoTestApp['start'] = async (next, as) => {
    const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
    const res = await fetch(`${url}/api/auth/oidc/start${query}`, { redirect: 'manual', headers: { accept: 'text/html', ...cookieHeader(as) } });
    // Only this browser's own start sets its cookie; a call made as another browser leaves it alone.
    return location(as?.cookie === undefined ? keepCookies(res) : res);
  };
  const callback: SsoTestApp['callback'] = async (callbackUrl, as) => location(await fetch(callbackUrl, { redirect: 'manual', headers: cookieHeader(as) }));
  const exchange: SsoTestApp['exchange'] = async (code, businessUnit, as) => {
    const res = await fetch(`${url}/api/auth/oidc/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cookieHeader(as) },
      body: JSON.stringify({ code, ...(businessUnit ? { businessUnit } : {}) }),
    });
    const setCookie = res.headers.getSetCookie();
    if (as?.cookie === undefined) keepCookies(res);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, setCookie };
  };
  const signIn: SsoTestApp['signIn'] = async (login, options = {}) => {
    const back = await callback(await signInAtProvider(await start(options.next), login));
    const code = handoffCode(back);
    if (!code) return { location: back, status: 0, body: {} };
    return { location: back, ...(await exchange(code, options.businessUnit)) };
  };
  return { ...t, url, start, callback, exchange, signIn, browserCookie: () => held };
}
