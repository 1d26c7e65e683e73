import type { FastifyBaseLogger } from 'fastify';
import type { SsoErrorCode } from '../../../shared/schemas/sso';
import type { OidcSettings } from '../../config';
import type { Database } from '../../db/client';
import { sameBrowser } from './sso.browser';
import { profileFromClaims, SsoRefusal } from './sso.claims';
import { type OidcClient, ProviderUnavailable } from './sso.client';
import { takeLogin } from './sso.repo';
import { handOver, recordRefusal } from './sso.service';

/** What the provider sent the browser back with, and what the route knows of that browser. */
export interface CallbackInput {
  state?: string;
  /** The provider's own refusal (`access_denied`, …) and its words, when it did not sign the person in. */
  error?: string;
  errorDescription?: string;
  /** The hash of the browser's binding cookie, when it sent one. */
  browserHash: string | undefined;
  /**
   * The URL the provider sent the browser to, as openid-client needs it (its query carries code, state,
   * iss). Asked for only once the state and the browser have been checked: building it may refuse the
   * request's Host header.
   */
  callbackUrl: () => URL;
}

/** A one-time code for the web page to exchange; or the words to show on the sign-in screen. Both keep where the person was heading. */
export type CallbackOutcome = { handedOver: true; code: string; next: string } | { handedOver: false; refusal: SsoErrorCode; next?: string };

/**
 * The callback's steps: the state is taken (once), the browser must be the one that started the
 * sign-in, the code is exchanged for verified claims, and the profile they give is handed over to a
 * known or new account. Every refusal a person can meet comes back as an outcome (and is logged, and
 * recorded when it concerns an account); anything else is thrown.
 */
export async function finishCallback(
  db: Database,
  client: OidcClient,
  settings: OidcSettings,
  input: CallbackInput,
  log: FastifyBaseLogger,
): Promise<CallbackOutcome> {
  const { state, error } = input;
  // The state is taken (deleted) whatever happens next: it can never be used twice.
  const login = state && state.length <= 512 ? await takeLogin(db, state) : undefined;
  if (error) {
    log.warn({ error: error.slice(0, 100), description: input.errorDescription?.slice(0, 300) }, 'single sign-on: the provider answered with an error');
    return { handedOver: false, refusal: error === 'access_denied' ? 'denied' : 'provider', next: login?.next };
  }
  if (!login || !state) return { handedOver: false, refusal: 'state' };
  // A callback URL made in another browser (someone else's sign-in, sent as a link) is refused
  // before its code is redeemed: it would sign this browser into their account.
  if (!sameBrowser(login.browserHash, input.browserHash)) {
    log.warn('single sign-on refused: the callback came to another browser than the one that started it');
    return { handedOver: false, refusal: 'browser_mismatch', next: login.next };
  }
  let email: string | undefined;
  try {
    const claims = await client.claims(input.callbackUrl(), { state, nonce: login.nonce, codeVerifier: login.codeVerifier });
    email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase().slice(0, 254) : undefined;
    const profile = profileFromClaims(claims, settings);
    const code = await handOver(db, settings, profile, { next: login.next, browserHash: login.browserHash });
    return { handedOver: true, code, next: login.next };
  } catch (err) {
    if (err instanceof ProviderUnavailable) {
      log.warn({ reason: err.message }, 'single sign-on: identity provider unreachable');
      return { handedOver: false, refusal: 'unavailable', next: login.next };
    }
    if (err instanceof SsoRefusal || err instanceof TypeError) {
      const refusal = err instanceof SsoRefusal ? err : new SsoRefusal('failed', err.message);
      log.warn({ code: refusal.code, reason: refusal.reason }, 'single sign-on refused');
      await recordRefusal(db, email, refusal.reason);
      return { handedOver: false, refusal: refusal.code, next: login.next };
    }
    throw err;
  }
}
