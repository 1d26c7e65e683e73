import { z } from 'zod';
import { MIN_MENU_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { emailSchema, requiredText } from './common';

const MAX_PASSWORD_LENGTH = 256;
const password = (min: number, message: string) =>
  z.string({ error: message }).min(min, message).max(MAX_PASSWORD_LENGTH, 'Password is too long');

export const registerSchema = z.object({
  email: emailSchema,
  password: password(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters'),
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  businessUnit: requiredText('Business unit is required'),
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

const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(MAX_PASSWORD_LENGTH);

/** POST /api/change-password: the forced dialog after login (new password ≥ 8). */
export const forcedChangePasswordSchema = z.object({
  currentPassword,
  newPassword: password(MIN_PASSWORD_LENGTH, 'New password must be at least 8 characters'),
});

/** PUT /api/change-password: the user menu dialog (new password ≥ 6). */
export const menuChangePasswordSchema = z.object({
  currentPassword,
  newPassword: password(MIN_MENU_PASSWORD_LENGTH, 'Password must be at least 6 characters'),
});

const confirmPassword = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: "Passwords don't match", path: ['confirmPassword'] };

/** Client forms add a confirmation field to the two change-password calls. */
export const forcedChangePasswordFormSchema = forcedChangePasswordSchema
  .extend({ confirmPassword })
  .refine(passwordsMatch, mismatch);
export const menuChangePasswordFormSchema = menuChangePasswordSchema
  .extend({ confirmPassword })
  .refine(passwordsMatch, mismatch);

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetCompleteSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(512),
    newPassword: password(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters'),
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
