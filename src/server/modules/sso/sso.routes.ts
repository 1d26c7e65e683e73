import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  authOptionsSchema,
  SSO_ERROR_MESSAGES,
  SSO_START_PATH,
  type SsoErrorCode,
  ssoExchangeResponseSchema,
  ssoExchangeSchema,
  ssoStartQuerySchema,
} from '../../../shared/schemas/sso';
import { isPostgresServer } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { AttemptLimiter, DatabaseAttemptStore, MemoryAttemptStore, PER_IP_MULTIPLIER } from '../../plugins/rate-limit';
import { toPublicUser } from '../users/users.presenter';
import { bindBrowser, browserHashOf, releaseBrowser } from './sso.browser';
import { finishCallback } from './sso.callback';
import { safeNext } from './sso.claims';
import { OidcClient, ProviderUnavailable } from './sso.client';
import { insertLogin } from './sso.repo';
import { exchangeHandoff } from './sso.service';

export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The web page that exchanges the one-time code for a session. */
const SSO_PAGE = '/auth/sso';

/** The callback's query as documented; it never refuses a request (a bad one is sent back to /auth with words). */
const callbackQuerySchema = z
  .object({
    code: z.string().optional().catch(undefined),
    state: z.string().optional().catch(undefined),
    error: z.string().optional().catch(undefined),
    error_description: z.string().optional().catch(undefined),
  })
  .catchall(z.unknown());

const NOT_CONFIGURED = () => notFound(SSO_ERROR_MESSAGES.not_configured, 'sso_not_configured');

/**
 * Single sign-on with an OpenID provider: the authorization code flow with PKCE, state and nonce.
 * The callback never puts a session token in a URL: it stores a one-time code and sends the browser
 * to /auth/sso, whose page exchanges the code for the same kind of session as a password sign-in.
 */
export async function ssoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.oidc;
  const client = settings ? new OidcClient(settings) : undefined;
  const limiter = new AttemptLimiter(isPostgresServer(app.db) ? new DatabaseAttemptStore(app.db) : new MemoryAttemptStore());
  // Per address only: a whole office may sign in through one NAT address at nine in the morning.
  const perIp = app.config.authRateLimit * PER_IP_MULTIPLIER;

  /**
   * Where the provider sends the browser back: PUBLIC_URL when set, else the address this request came
   * to. Normalised (`:443` and `:80` dropped) because the token request repeats it in normalised form,
   * and the provider compares the two as strings.
   */
  const redirectUri = (request: FastifyRequest) => {
    const base = (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
    try {
      return new URL(`${base}${SSO_CALLBACK_PATH}`).href;
    } catch {
      throw badRequest('The request’s Host header is not a valid address', 'bad_host');
    }
  };

  /** The binding cookie is Secure whenever the browser reaches the app over https. */
  const overHttps = (request: FastifyRequest) => app.config.publicUrl?.startsWith('https:') === true || request.protocol === 'https';

  /** Back to the sign-in screen, which shows the words for `code`, keeping where the person was heading. */
  const refuse = (reply: FastifyReply, code: SsoErrorCode, next?: string) => {
    const params = new URLSearchParams({ sso_error: code });
    if (next && next !== '/') params.set('next', next);
    return reply.redirect(`/auth?${params}`, 302);
  };

  const tags = ['Account'];

  r.get(
    '/api/auth/options',
    {
      config: { access: 'public' },
      schema: { summary: 'Ways to sign in: single sign-on (its button text) and whether passwords are allowed', tags, response: { 200: authOptionsSchema } },
    },
    async () => ({
      sso: settings ? { displayName: settings.displayName } : null,
      passwordSignIn: !settings?.only,
    }),
  );

  r.get(
    SSO_START_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start single sign-on',
        description: 'A browser navigation: redirects to the identity provider. `next` is the same-origin path to return to afterwards.',
        tags,
        querystring: ssoStartQuerySchema,
        documentedResponses: {
          302: { description: 'To the identity provider; for a browser, back to /auth with `sso_error` when single sign-on cannot start' },
        },
        errorStatuses: [404, 429],
      },
    },
    async (request, reply) => {
      // A person clicking the button gets the sign-in screen with words; a program gets the JSON error.
      const browser = (request.headers.accept ?? '').includes('text/html');
      const next = safeNext(request.query.next);
      if (!client) {
        if (browser) return refuse(reply, 'not_configured');
        throw NOT_CONFIGURED();
      }
      try {
        await limiter.hit(reply, [{ key: `sso-start:ip:${request.ip}`, limit: perIp }]);
      } catch (err) {
        if (browser && err instanceof AppError && err.statusCode === 429) return refuse(reply, 'rate_limited', next);
        throw err;
      }
      const login = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), next };
      let url: URL;
      try {
        url = await client.authorizationUrl(redirectUri(request), login);
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        request.log.warn({ reason: err.message }, 'single sign-on: identity provider unreachable');
        if (browser) return refuse(reply, 'unavailable', next);
        reply.header('Retry-After', '5');
        throw new AppError(503, 'sso_unavailable', 'Single sign-on is unavailable: the identity provider could not be reached');
      }
      await insertLogin(app.db, { ...login, browserHash: bindBrowser(request, reply, overHttps(request)) });
      return reply.redirect(url.href, 302);
    },
  );

  r.get(
    SSO_CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Single sign-on callback',
        description: 'Where the identity provider sends the browser back. Redirects to /auth/sso with a one-time code, or to /auth with `sso_error`.',
        tags,
        querystring: callbackQuerySchema,
        documentedResponses: { 302: { description: 'To /auth/sso with a one-time code, or to /auth with `sso_error`' } },
      },
    },
    async (request, reply) => {
      if (!client || !settings) return refuse(reply, 'not_configured');
      const outcome = await finishCallback(
        app.db,
        client,
        settings,
        {
          state: request.query.state,
          error: request.query.error,
          errorDescription: request.query.error_description,
          browserHash: browserHashOf(request),
          callbackUrl: () => {
            const current = new URL(redirectUri(request));
            current.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
            return current;
          },
        },
        request.log,
      );
      if (!outcome.handedOver) return refuse(reply, outcome.refusal, outcome.next);
      const params = new URLSearchParams({ code: outcome.code });
      // The page keeps `next` in its address while it works, so that whenever the app switches to its
      // signed-in routes, they find where to go on to.
      if (outcome.next !== '/') params.set('next', outcome.next);
      return reply.redirect(`${SSO_PAGE}?${params}`, 302);
    },
  );

  r.post(
    '/api/auth/oidc/exchange',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Finish single sign-on',
        description:
          'Exchanges the one-time code from the /auth/sso link for a session, answered like sign-in. Only in the browser that started the sign-in: its binding cookie must come along (403 `sso_browser_mismatch` otherwise). A new account without a unit from the provider needs `businessUnit` (409 `business_unit_required` until then).',
        tags,
        body: ssoExchangeSchema,
        response: { 200: ssoExchangeResponseSchema },
        errorStatuses: [403, 404, 409, 429],
      },
    },
    async (request, reply) => {
      if (!settings) throw NOT_CONFIGURED();
      await limiter.hit(reply, [{ key: `sso-exchange:ip:${request.ip}`, limit: perIp }]);
      const { token, user, next, created } = await exchangeHandoff(app.db, app.config, settings, request.body, browserHashOf(request));
      releaseBrowser(reply, overHttps(request));
      return { token, mustChangePassword: user.mustChangePassword === 'true', user: toPublicUser(user), next, created };
    },
  );
}
