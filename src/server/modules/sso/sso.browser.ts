import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken, sha256 } from '../../lib/crypto';

/**
 * Binds a single sign-on flow to the browser that started it. The start sets an HttpOnly cookie with
 * a random value and the flow's rows keep only its SHA-256; the callback and the exchange of the
 * one-time code require the same value. A link made by someone else (their callback URL, their
 * /auth/sso?code=…) then signs nobody into their account: the victim's browser lacks their cookie.
 */
export const SSO_BROWSER_COOKIE = 'apd_sso_browser';
/** Sent only to the sign-in routes of single sign-on, never to the rest of the API. */
const COOKIE_PATH = '/api/auth/oidc';
/** Long enough to sign in at the provider, short enough that a forgotten tab's binding soon lapses. */
export const SSO_BROWSER_COOKIE_MAX_AGE_S = 10 * 60;
/** What newToken() makes: 32 random bytes in base64url. Anything else in the cookie is ignored. */
const VALUE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A Cookie header longer than this is not read (browsers send at most a few kilobytes). */
const MAX_COOKIE_HEADER = 16 * 1024;

/**
 * One cookie's value from a Cookie header (`a=1; b=2`), or undefined. Pairs without `=` are skipped;
 * a quoted value loses its quotes; the first pair with the name wins, as browsers send the cookie of
 * the most specific path first.
 */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text || text.length > MAX_COOKIE_HEADER) return undefined;
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

/** The request's browser value when it is one this server could have set, else undefined. */
function browserValue(request: FastifyRequest): string | undefined {
  const value = readCookie(request.headers.cookie, SSO_BROWSER_COOKIE);
  return value && VALUE_SHAPE.test(value) ? value : undefined;
}

/** The SHA-256 of the request's browser value, or undefined when it carries none. */
export function browserHashOf(request: FastifyRequest): string | undefined {
  const value = browserValue(request);
  return value ? sha256(value) : undefined;
}

/** True when `presented` (a hash of the request's cookie) is the one the flow was started with. */
export function sameBrowser(stored: string, presented: string | undefined): boolean {
  // Rows written before the binding existed hold '' and match no browser.
  if (!stored || !presented || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(presented));
}

function cookieAttributes(secure: boolean, maxAge: number): string {
  return `Max-Age=${maxAge}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Sets the binding cookie for a flow starting now and returns its hash for the flow's row. A browser
 * that already holds a live value keeps it, so that two sign-ins started in two tabs both finish.
 * SameSite=Lax still sends it on the provider's top-level redirect back to the callback.
 */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const value = browserValue(request) ?? newToken();
  reply.header('set-cookie', `${SSO_BROWSER_COOKIE}=${value}; ${cookieAttributes(secure, SSO_BROWSER_COOKIE_MAX_AGE_S)}`);
  return sha256(value);
}

/** Removes the binding cookie once the flow has ended in a session. */
export function releaseBrowser(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', `${SSO_BROWSER_COOKIE}=; ${cookieAttributes(secure, 0)}`);
}
