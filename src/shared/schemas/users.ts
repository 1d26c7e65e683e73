import { z } from 'zod';
import { ROLES } from '../constants';
import { publicUserSchema } from './auth';
import { emailSchema, requiredText } from './common';

export const adminUserInputSchema = z.object({
  email: emailSchema,
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  businessUnit: requiredText('Business unit is required'),
  role: z.enum(ROLES, { error: 'Role must be read, edit or admin' }).default('edit'),
});
export type AdminUserInput = z.input<typeof adminUserInputSchema>;

export const adminUserSchema = publicUserSchema.extend({ promptCount: z.number() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * Create and reset answer a random temporary password, once, so the admin can pass it on; it is never
 * stored in clear and expires after TEMP_PASSWORD_TTL_HOURS.
 */
export const temporaryPasswordResponseSchema = z.object({
  user: publicUserSchema,
  temporaryPassword: z.string(),
  temporaryPasswordExpiresAt: z.string(),
  message: z.string(),
});

/**
 * A new member: with a temporary password as above, or, when only single sign-on is allowed
 * (OIDC_ONLY), without any (they sign in through the identity provider).
 */
export const createdUserResponseSchema = temporaryPasswordResponseSchema.partial({ temporaryPassword: true, temporaryPasswordExpiresAt: true });
export type CreatedUserResponse = z.infer<typeof createdUserResponseSchema>;

export const deleteUserQuerySchema = z.object({
  transferTo: z.uuid({ error: 'transferTo must be a user id' }).optional(),
});

export const OWN_ROLE_MESSAGE = 'You cannot change your own admin role. Ask another admin to modify your role if needed.';
