import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { requiredText } from './common';

/** Where the browser goes to sign in with the identity provider (a full page load, not a fetch). */
export const SSO_START_PATH = '/api/auth/oidc/start';

/** GET /api/auth/options: which ways of signing in the /auth screen offers. */
export const authOptionsSchema = z.object({
  /** Single sign-on, when configured: the button's text. */
  sso: z.object({ displayName: z.string() }).nullable(),
  /** False when only single sign-on is allowed: no password sign-in, sign-up or reset. */
  passwordSignIn: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** GET /api/auth/oidc/start: where to return afterwards; anything but a same-origin path means "/". */
export const ssoStartQuerySchema = z.object({
  next: z.string().max(2048).optional().catch(undefined),
});

/**
 * POST /api/auth/oidc/exchange: the one-time code the callback put in the /auth/sso link, and for a
 * new account without a unit from the provider, the business unit the person picked.
 */
export const ssoExchangeSchema = z.object({
  code: z.string({ error: 'The sign-in code is missing' }).trim().min(1, 'The sign-in code is missing').max(200, 'The sign-in code is not valid'),
  businessUnit: requiredText('Business unit is required').optional(),
});
export type SsoExchangeInput = z.infer<typeof ssoExchangeSchema>;

export const ssoExchangeResponseSchema = loginResponseSchema.extend({
  /** The same-origin path where the sign-in started. */
  next: z.string(),
  /** True when this sign-in created the account. */
  created: z.boolean(),
});
export type SsoExchangeResponse = z.infer<typeof ssoExchangeResponseSchema>;

/**
 * Why a sign-in through the identity provider was refused: the callback sends the browser to
 * `/auth?sso_error=<code>` and the screen shows these words.
 */
export const SSO_ERROR_MESSAGES = {
  state: 'This sign-in link has expired or was already used. Please sign in again.',
  nonce: 'The identity provider’s answer did not match this sign-in, so it was refused. Please sign in again.',
  denied: 'The identity provider did not sign you in (it was cancelled or refused).',
  provider: 'The identity provider reported an error. Please try again, or ask your administrator.',
  email_missing: 'The identity provider did not share your email address, which is needed to sign you in.',
  email_unverified: 'Your email address is not verified at the identity provider, so it cannot be used to sign in here.',
  account_conflict: 'An account with your email address is already linked to a different single sign-on identity. Ask an administrator.',
  unavailable: 'Single sign-on is unavailable: the identity provider could not be reached. Please try again later.',
  failed: 'Single sign-on failed: the identity provider’s answer could not be verified. Please try again.',
  not_configured: 'Single sign-on is not configured on this server.',
  rate_limited: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
  browser_mismatch: 'This sign-in was started in another browser. Start again from the sign-in page.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && Object.hasOwn(SSO_ERROR_MESSAGES, value);
}

/** The error `code` of a callback or exchange from a browser other than the one that started the sign-in. */
export const SSO_BROWSER_MISMATCH = 'sso_browser_mismatch';
/** The error `code` of an exchange that needs a business unit before it can create the account. */
export const SSO_BUSINESS_UNIT_REQUIRED = 'business_unit_required';
/** The error `code` of /api/login, /api/register and password reset when only single sign-on is allowed. */
export const PASSWORD_SIGN_IN_DISABLED = 'password_sign_in_disabled';
