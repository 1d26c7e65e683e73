import type { FastifyInstance } from 'fastify';
import { curatorUnitsInputSchema } from '../../../shared/schemas/status';
import { setCuratorUnits } from './users.curators';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../../shared/schemas/auth';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { PASSWORD_SIGN_IN_DISABLED } from '../../../shared/schemas/sso';
import {
  adminUserInputSchema,
  adminUserSchema,
  createdUserResponseSchema,
  deleteUserQuerySchema,
  temporaryPasswordResponseSchema,
} from '../../../shared/schemas/users';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { createUserAsAdmin, deleteUserAsAdmin, listUsersWithCounts, resetPasswordAsAdmin, updateUserAsAdmin } from './users.admin.service';
import { toPublicUser } from './users.presenter';

function temporaryPasswordResponse(user: UserRow, temporaryPassword: string) {
  return { user: toPublicUser(user), temporaryPassword, temporaryPasswordExpiresAt: user.tempPasswordExpiresAt!.toISOString() };
}

export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Users'];
  /** OIDC_ONLY: members sign in through the identity provider only, so no temporary password is ever made. */
  const passwordSignIn = !app.config.oidc?.only;

  r.get(
    '/api/admin/users',
    { config: admin, schema: { summary: 'List the members, with how many prompts each owns', tags, response: { 200: z.array(adminUserSchema) } } },
    async (request) => {
      requireAdmin(request);
      return listUsersWithCounts(app.db);
    },
  );

  r.post(
    '/api/admin/users',
    {
      config: { ...admin, idempotent: true, token: { sessionOnly: 'createUser' } },
      schema: {
        summary: 'Add a member with a temporary password',
        description: 'With `OIDC_ONLY` the member gets no password (they sign in with single sign-on), and the answer carries none.',
        tags,
        body: adminUserInputSchema,
        response: { 201: createdUserResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      const { user, temporaryPassword } = await createUserAsAdmin(app.db, actor, request.body, {
        ttlHours: app.config.tempPasswordTtlHours,
        passwordSignIn,
      });
      const created = temporaryPassword ? temporaryPasswordResponse(user, temporaryPassword) : { user: toPublicUser(user) };
      return reply.status(201).send({ ...created, message: 'User created successfully' });
    },
  );

  r.put(
    '/api/admin/users/:id',
    {
      config: { ...admin, tokenNote: 'except to change the email address or to make the member an administrator (403 `session_required`)' },
      schema: { summary: 'Change a member’s details or role', tags, params: uuidParamsSchema, body: adminUserInputSchema, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return toPublicUser(await updateUserAsAdmin(app.db, actor, request.params.id, request.body, Boolean(request.apiToken)));
    },
  );

  r.put(
    '/api/admin/users/:id/curator-units',
    {
      config: admin,
      schema: {
        summary: 'Make a member a curator of business units',
        description:
          'Curators verify and deprecate the prompts of members of these units and the prompts shared with them; curating grants no extra visibility. An empty list ends it.',
        tags,
        params: uuidParamsSchema,
        body: curatorUnitsInputSchema,
        response: { 200: publicUserSchema },
      },
    },
    async (request) => toPublicUser(await setCuratorUnits(app.db, requireAdmin(request), request.params.id, request.body.units)),
  );

  r.delete(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        summary: 'Delete a member',
        description: 'Their prompts go to the member named by `transferTo`; `transferred` says how many.',
        tags,
        params: uuidParamsSchema,
        querystring: deleteUserQuerySchema,
        response: { 200: z.object({ message: z.string(), transferred: z.number() }) },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      const { transferred } = await deleteUserAsAdmin(app.db, actor, request.params.id, request.query.transferTo);
      return { message: 'User deleted successfully', transferred };
    },
  );

  r.post(
    '/api/admin/users/:id/reset-password',
    {
      config: { ...admin, token: { sessionOnly: 'resetPassword' } },
      schema: {
        summary: 'Give a member a new temporary password',
        description: 'Signs the member out everywhere and revokes their API tokens. Refused (403) with `OIDC_ONLY`.',
        tags,
        params: uuidParamsSchema,
        response: { 200: temporaryPasswordResponseSchema },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      if (!passwordSignIn) {
        throw forbidden(`Password sign-in is turned off on this server: members sign in with ${app.config.oidc!.displayName}`, PASSWORD_SIGN_IN_DISABLED);
      }
      const { user, temporaryPassword } = await resetPasswordAsAdmin(app.db, actor, request.params.id, app.config.tempPasswordTtlHours);
      return { ...temporaryPasswordResponse(user, temporaryPassword), message: 'Password reset successfully' };
    },
  );
}
