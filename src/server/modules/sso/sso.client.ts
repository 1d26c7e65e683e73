import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config';
import { SsoRefusal } from './sso.claims';

/** How long the app waits for the identity provider on any one call, in seconds. */
const PROVIDER_TIMEOUT_S = 10;

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/** The provider could not be reached (network, timeout, or an unusable discovery document). */
export class ProviderUnavailable extends Error {}

/**
 * The provider's discovered configuration, fetched on first use and kept for the life of the process
 * (it is configuration, not data). A failed discovery is not kept: the next sign-in after a short
 * pause tries again, so a provider that was down at start is picked up once it is back.
 */
export class OidcClient {
  private discovered: Promise<oidc.Configuration> | undefined;
  private failedAt = 0;

  constructor(readonly settings: OidcSettings) {}

  async configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      if (Date.now() - this.failedAt < this.settings.discoveryRetryMs) throw new ProviderUnavailable('discovery failed moments ago');
      const issuer = new URL(this.settings.issuer);
      // Plain HTTP only to a provider on this machine (tests, local development); anywhere else it must be HTTPS.
      const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
      this.discovered = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          timeout: PROVIDER_TIMEOUT_S,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((err: unknown) => {
          this.discovered = undefined;
          this.failedAt = Date.now();
          throw new ProviderUnavailable(`discovery of ${issuer.href} failed: ${describe(err)}`);
        });
    }
    return this.discovered;
  }

  /** The provider's authorization URL for one sign-in: PKCE S256, state and nonce. */
  async authorizationUrl(redirectUri: string, login: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const config = await this.configuration();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
      state: login.state,
      nonce: login.nonce,
    });
  }

  /**
   * Exchanges the code from the callback URL for tokens, checks the ID token (signature, issuer,
   * audience, expiry, nonce), and returns its claims merged with the userinfo answer, where providers
   * put most profile claims.
   */
  async claims(callbackUrl: URL, login: { state: string; nonce: string; codeVerifier: string }): Promise<Record<string, unknown>> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw refusalFor(err);
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw new SsoRefusal('failed', 'the provider returned no ID token');
    if (!config.serverMetadata().userinfo_endpoint) return { ...idClaims };
    try {
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      // The ID token's own claims win where both speak: it is the signed statement.
      return { ...userinfo, ...idClaims };
    } catch (err) {
      throw refusalFor(err);
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

/** The provider's ID token carried another nonce than the one this sign-in sent. */
function isNonceMismatch(err: unknown): boolean {
  if (!(err instanceof oidc.ClientError) || err.code !== 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') return false;
  const detail = (err.cause as { cause?: { claim?: unknown } } | undefined)?.cause;
  return detail?.claim === 'nonce';
}

/** Network failures and timeouts mean "unreachable"; everything else is an answer that did not verify. */
function refusalFor(err: unknown): SsoRefusal {
  if (err instanceof SsoRefusal) return err;
  if (isNonceMismatch(err)) return new SsoRefusal('nonce', 'the ID token’s nonce did not match this sign-in');
  const name = err instanceof Error ? err.name : '';
  // fetch reports a network failure as a TypeError without a code; openid-client's own argument errors carry one.
  const networkFailure = err instanceof TypeError && (err as { code?: unknown }).code === undefined;
  if (networkFailure || name === 'TimeoutError' || name === 'AbortError') {
    return new SsoRefusal('unavailable', `the provider could not be reached: ${describe(err)}`);
  }
  return new SsoRefusal('failed', `the provider's answer did not verify: ${describe(err)}`);
}
