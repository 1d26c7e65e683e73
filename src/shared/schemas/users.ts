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

/** Create and reset answer the temporary password so the admin can pass it on. */
export const temporaryPasswordResponseSchema = z.object({
  user: publicUserSchema,
  temporaryPassword: z.string(),
  message: z.string(),
});

export const deleteUserQuerySchema = z.object({
  transferTo: z.uuid({ error: 'transferTo must be a user id' }).optional(),
});

/** §4: the initial password is first and last name joined, in lowercase. */
export function initialPassword(firstName: string, lastName: string): string {
  return `${firstName}${lastName}`.toLowerCase();
}

export const OWN_ROLE_MESSAGE = 'You cannot change your own admin role. Ask another admin to modify your role if needed.';
