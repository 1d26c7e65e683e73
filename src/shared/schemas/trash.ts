import { z } from 'zod';
import { listLimitSchema } from './common';

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const trashedPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  owner: person,
  /** Who moved it to the trash; null once that account is deleted. */
  trashedBy: person.nullable(),
  trashedAt: z.string(),
  /** When it will be deleted for good. */
  purgeAt: z.string(),
  /** Whether the caller may restore it (its owner, or an admin). */
  canRestore: z.boolean(),
});
export type TrashedPrompt = z.infer<typeof trashedPromptSchema>;

export const trashListSchema = z.object({ items: z.array(trashedPromptSchema), total: z.number(), nextCursor: z.string().nullable() });
export type TrashList = z.infer<typeof trashListSchema>;

export const trashListQuerySchema = z.object({
  /** Admins: everyone's trash rather than their own. */
  all: z
    .enum(['true', 'false'], { error: 'All must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: listLimitSchema,
  cursor: z.string().max(400, 'Invalid cursor').optional(),
});

export const restoreQuerySchema = z.object({
  /** When the title is now taken: restore it with " (restored)" appended. */
  rename: z
    .enum(['true', 'false'], { error: 'Rename must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** Appended to the title of a prompt restored beside one with its old title. */
export const RESTORED_SUFFIX = ' (restored)';
