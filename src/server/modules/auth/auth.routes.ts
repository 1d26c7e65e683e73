import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  loginResponseSchema,
  loginSchema,
  passwordResetCompleteSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  profileSchema,
  publicUserSchema,
  registerResponseSchema,
  registerSchema,
} from '../../../shared/schemas/auth';
import { messageResponseSchema } from '../../../shared/schemas/common';
import { PASSWORD_SIGN_IN_DISABLED } from '../../../shared/schemas/sso';
import { forbidden } from '../../errors';
import type { Mailer } from '../../lib/mailer';
import { requireUser } from '../../plugins/auth';
import { isPostgresServer } from '../../db/client';
import { AttemptLimiter, attemptStoreFor, DatabaseAttemptStore, MemoryAttemptStore, PER_IP_MULTIPLIER } from '../../plugins/rate-limit';
import { ResetEmailCap, SignInCeiling } from '../../plugins/account-ceilings';
import { toPublicUser } from '../users/users.presenter';
import { changePassword, login, logout, register, updateProfile } from './auth.service';
import { completePasswordReset, requestPasswordReset, RESET_REQUESTED_MESSAGE } from './password-reset.service';

export async function authRoutes(app: FastifyInstance, opts: { mailer: Mailer | undefined }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // On a PostgreSQL server every instance counts in the same table; the embedded database has one process.
  const limiter = new AttemptLimiter(isPostgresServer(app.db) ? new DatabaseAttemptStore(app.db) : new MemoryAttemptStore());
  const perAccount = app.config.authRateLimit;
  const perIp = app.config.authRateLimit * PER_IP_MULTIPLIER;
  // Per account whatever the address (guessing spread over many addresses, inbox flooding).
  const signInCeiling = new SignInCeiling(attemptStoreFor(app.db), app.config.authAccountFailureLimit);
  const resetEmailCap = new ResetEmailCap(attemptStoreFor(app.db));
  type Reply = Parameters<AttemptLimiter['hit']>[0];
  /**
   * Sign-in and password changes: AUTH_RATE_LIMIT a minute per (IP, account) and ten times that per IP.
   * Never per account alone, or anyone could lock the owner out by guessing from elsewhere.
   */
  const limitGuess = (route: string, ip: string, account: string, reply: Reply) =>
    limiter.hit(reply, [
      { key: `${route}:ip+account:${ip}:${account.trim().toLowerCase()}`, limit: perAccount },
      { key: `${route}:ip:${ip}`, limit: perIp },
    ]);
  /** Sign-up and reset requests create rows or send mail: AUTH_RATE_LIMIT a minute per IP. */
  const limitCreation = (route: string, ip: string, reply: Reply) => limiter.hit(reply, [{ key: `${route}:ip:${ip}`, limit: perAccount }]);
  /**
   * With OIDC_ONLY the identity provider is the only way in: sign-in, sign-up, reset and password changes
   * answer 403 before their bodies are read, whichever account they name (linked to single sign-on or not).
   * A password set then could never be used, and would wait to become a way in once OIDC_ONLY is lifted.
   */
  const passwordsOff = async () => {
    const sso = app.config.oidc;
    if (sso?.only) throw forbidden(`Password sign-in is turned off on this server: sign in with ${sso.displayName}`, PASSWORD_SIGN_IN_DISABLED);
  };
  const tags = ['Account'];

  r.post(
    '/api/register',
    {
      config: { access: 'public' },
      onRequest: passwordsOff,
      schema: {
        summary: 'Sign up',
        description: 'Creates an account and signs it in. The first account becomes the administrator.',
        tags,
        body: registerSchema,
        response: { 201: registerResponseSchema },
        errorStatuses: [409, 429],
      },
    },
    async (request, reply) => {
      await limitCreation('register', request.ip, reply);
      const { token, user, firstAdmin } = await register(app.db, app.config, request.body);
      return reply.status(201).send({ token, user: toPublicUser(user), firstAdmin });
    },
  );

  r.post(
    '/api/login',
    {
      config: { access: 'public' },
      onRequest: passwordsOff,
      schema: { summary: 'Sign in', tags, body: loginSchema, response: { 200: loginResponseSchema }, errorStatuses: [401, 429] },
    },
    async (request, reply) => {
      await limitGuess('login', request.ip, request.body.email, reply);
      await signInCeiling.check(reply, request.body.email, request.ip);
      const { token, user } = await signInCeiling.track(request.body.email, request.ip, () => login(app.db, app.config, request.body));
      return { token, mustChangePassword: user.mustChangePassword === 'true', user: toPublicUser(user) };
    },
  );

  r.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign out',
        description: 'Ends the session whose token is sent; without one there is nothing to end, and the answer is the same.',
        tags,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await logout(app.db, request.user, request.sessionId);
      return { message: 'Logged out' };
    },
  );

  r.get(
    '/api/user',
    {
      config: { access: 'signedIn', allowedBeforePasswordChange: true },
      schema: { summary: 'Who am I: the signed-in member', tags, response: { 200: publicUserSchema } },
    },
    async (request) => toPublicUser(requireUser(request)),
  );

  r.put(
    '/api/profile',
    {
      config: { access: 'signedIn' },
      schema: { summary: 'Change one’s own name, email and business unit', tags, body: profileSchema, response: { 200: publicUserSchema } },
    },
    async (request) => toPublicUser(await updateProfile(app.db, requireUser(request), request.body)),
  );

  const passwordChanged = { message: 'Password changed successfully!' };
  // POST is the forced dialog after a temporary password, PUT the user menu's dialog: one rule for both.
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/change-password',
      // The forced dialog (POST) must work while the temporary password is still in place.
      config: { access: 'signedIn', allowedBeforePasswordChange: method === 'POST' },
      onRequest: passwordsOff,
      schema: {
        summary: method === 'POST' ? 'Replace a temporary password' : 'Change one’s own password',
        description: method === 'POST' ? 'Allowed while a temporary password must still be replaced; the same rule as PUT.' : undefined,
        tags,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
        errorStatuses: [403, 429],
      },
      handler: async (request, reply) => {
        const user = requireUser(request);
        await limitGuess('change-password', request.ip, user.id, reply);
        await changePassword(app.db, user, request.sessionId!, request.body);
        return passwordChanged;
      },
    });
  }

  r.post(
    '/api/password-reset/request',
    {
      config: { access: 'public' },
      onRequest: passwordsOff,
      schema: {
        summary: 'Ask for a password reset link',
        description: 'Answers the same whether or not the address has an account.',
        tags,
        body: passwordResetRequestSchema,
        response: { 200: passwordResetRequestResponseSchema },
        errorStatuses: [429],
      },
    },
    async (request, reply) => {
      await limitCreation('reset', request.ip, reply);
      // Over the cap: the same answer as ever, so that it tells nothing about whether the address has an account.
      if (!(await resetEmailCap.allow(request.body.email, request.log))) return { message: RESET_REQUESTED_MESSAGE };
      return requestPasswordReset(app.db, request.body.email, {
        config: app.config,
        mailer: opts.mailer,
        log: (msg) => request.log.warn(msg),
      });
    },
  );

  r.post(
    '/api/password-reset/complete',
    {
      config: { access: 'public' },
      onRequest: passwordsOff,
      schema: {
        summary: 'Set a new password with a reset link',
        tags,
        body: passwordResetCompleteSchema,
        response: { 200: messageResponseSchema },
        errorStatuses: [429],
      },
    },
    async (request, reply) => {
      // Per IP before the lookup; per (IP, account) once the token names an account.
      await limiter.hit(reply, [{ key: `reset-complete:ip:${request.ip}`, limit: perIp }]);
      const message = await completePasswordReset(app.db, request.body.token, request.body.newPassword, (userId) =>
        limiter.hit(reply, [{ key: `reset-complete:ip+account:${request.ip}:${userId}`, limit: perAccount }]),
      );
      return { message };
    },
  );
}
