import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { isPersonalPassword, PASSWORD_MESSAGES, type PasswordOwner } from '../password-policy';
import { emailSchema, requiredText } from './common';

/** A new password: the shared length rule with the shared messages. */
const newPassword = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong);

export const registerSchema = z
  .object({
    email: emailSchema,
    password: newPassword,
    firstName: requiredText('First name is required'),
    lastName: requiredText('Last name is required'),
    businessUnit: requiredText('Business unit is required'),
  })
  .superRefine((v, ctx) => {
    if (isPersonalPassword(v.password, v)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.personal });
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileSchema = z.object({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  businessUnit: requiredText('Business unit is required'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const currentPassword = z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH);

/** POST (the forced dialog) and PUT (the menu dialog) /api/change-password: one rule for both. */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword,
  /** Also revoke every personal API token of the member: whoever knew the old password may have made some. */
  revokeApiTokens: z.boolean({ error: 'revokeApiTokens must be true or false' }).default(true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const confirmPassword = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: "Passwords don't match", path: ['confirmPassword'] };

/** The change-password dialogs add a confirmation, and check the signed-in user's own name and email. */
export function changePasswordFormSchema(owner: PasswordOwner) {
  return changePasswordSchema
    .extend({ confirmPassword })
    .refine(passwordsMatch, mismatch)
    .refine((v) => !isPersonalPassword(v.newPassword, owner), { message: PASSWORD_MESSAGES.personal, path: ['newPassword'] });
}

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetCompleteSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(512),
    newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch, mismatch);

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessUnit: z.string(),
  role: z.enum(ROLES),
  /** The business units whose prompts they curate (verify, deprecate). */
  curatorUnits: z.array(z.string()),
  mustChangePassword: z.enum(['true', 'false']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  mustChangePassword: z.boolean(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.object({
  token: z.string(),
  user: publicUserSchema,
  /** True when this account was the first in an empty database and became the administrator. */
  firstAdmin: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const passwordResetRequestResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
});
