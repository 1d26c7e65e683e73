import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forcedChangePasswordSchema,
  loginResponseSchema,
  loginSchema,
  menuChangePasswordSchema,
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
import { AttemptLimiter } from '../../plugins/rate-limit';
import { toPublicUser } from '../users/users.presenter';
import { changePassword, login, register, updateProfile } from './auth.service';
import { completePasswordReset, requestPasswordReset } from './password-reset.service';
import { revokeSession } from './sessions.repo';

export async function authRoutes(app: FastifyInstance, opts: { mailer: Mailer | undefined }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new AttemptLimiter(app.config.authRateLimit);
  const limitAttempt = (route: string, ip: string, email: string, reply: Parameters<AttemptLimiter['hit']>[0]) =>
    limiter.hit(reply, [`${route}:ip:${ip}`, `${route}:email:${email}`]);

  r.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      limitAttempt('register', request.ip, request.body.email, reply);
      const { token, user, firstAdmin } = await register(app.db, app.config, request.body);
      return reply.status(201).send({ token, user: toPublicUser(user), firstAdmin });
    },
  );

  r.post('/api/login', { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
    limitAttempt('login', request.ip, request.body.email, reply);
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
  r.post(
    '/api/change-password',
    { config: { access: 'signedIn', allowedBeforePasswordChange: true }, schema: { body: forcedChangePasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await changePassword(app.db, requireUser(request), request.sessionId!, request.body);
      return passwordChanged;
    },
  );
  r.put(
    '/api/change-password',
    { config: { access: 'signedIn' }, schema: { body: menuChangePasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await changePassword(app.db, requireUser(request), request.sessionId!, request.body);
      return passwordChanged;
    },
  );

  r.post(
    '/api/password-reset/request',
    { config: { access: 'public' }, schema: { body: passwordResetRequestSchema, response: { 200: passwordResetRequestResponseSchema } } },
    async (request, reply) => {
      limitAttempt('reset', request.ip, request.body.email, reply);
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
    async (request) => ({ message: await completePasswordReset(app.db, request.body.token, request.body.newPassword) }),
  );
}

