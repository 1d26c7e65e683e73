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
import type { Mailer } from '../../lib/mailer';
import { requireUser } from '../../plugins/auth';
import { isPostgresServer } from '../../db/client';
import { AttemptLimiter, DatabaseAttemptStore, MemoryAttemptStore, PER_IP_MULTIPLIER } from '../../plugins/rate-limit';
import { toPublicUser } from '../users/users.presenter';
import { changePassword, login, register, updateProfile } from './auth.service';
import { completePasswordReset, requestPasswordReset } from './password-reset.service';
import { revokeSession } from './sessions.repo';

export async function authRoutes(app: FastifyInstance, opts: { mailer: Mailer | undefined }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // On a PostgreSQL server every instance counts in the same table; the embedded database has one process.
  const limiter = new AttemptLimiter(isPostgresServer(app.db) ? new DatabaseAttemptStore(app.db) : new MemoryAttemptStore());
  const perAccount = app.config.authRateLimit;
  const perIp = app.config.authRateLimit * PER_IP_MULTIPLIER;
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

  r.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      await limitCreation('register', request.ip, reply);
      const { token, user, firstAdmin } = await register(app.db, app.config, request.body);
      return reply.status(201).send({ token, user: toPublicUser(user), firstAdmin });
    },
  );

  r.post('/api/login', { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
    await limitGuess('login', request.ip, request.body.email, reply);
    const { token, user } = await login(app.db, app.config, request.body);
    return { token, mustChangePassword: user.mustChangePassword === 'true', user: toPublicUser(user) };
  });

  r.post('/api/logout', { config: { access: 'public' }, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    return { message: 'Logged out' };
  });

  r.get('/api/user', { config: { access: 'signedIn', allowedBeforePasswordChange: true }, schema: { response: { 200: publicUserSchema } } }, async (request) =>
    toPublicUser(requireUser(request)),
  );

  r.put('/api/profile', { config: { access: 'signedIn' }, schema: { body: profileSchema, response: { 200: publicUserSchema } } }, async (request) =>
    toPublicUser(await updateProfile(app.db, requireUser(request), request.body)),
  );

  const passwordChanged = { message: 'Password changed successfully!' };
  // POST is the forced dialog after a temporary password, PUT the user menu's dialog: one rule for both.
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/change-password',
      // The forced dialog (POST) must work while the temporary password is still in place.
      config: { access: 'signedIn', allowedBeforePasswordChange: method === 'POST' },
      schema: { body: changePasswordSchema, response: { 200: messageResponseSchema } },
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
    { config: { access: 'public' }, schema: { body: passwordResetRequestSchema, response: { 200: passwordResetRequestResponseSchema } } },
    async (request, reply) => {
      await limitCreation('reset', request.ip, reply);
      return requestPasswordReset(app.db, request.body.email, {
        config: app.config,
        mailer: opts.mailer,
        log: (msg) => request.log.warn(msg),
      });
    },
  );

  r.post(
    '/api/password-reset/complete',
    { config: { access: 'public' }, schema: { body: passwordResetCompleteSchema, response: { 200: messageResponseSchema } } },
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
