import { z } from 'zod';
import { listLimitSchema } from './common';
import { versionEditorSchema } from './prompts';

/**
 * The inbox: what happened to a member's prompts, suggestions and roles, newest first. Items are written
 * in the transaction of the change that caused them and read from the database, so a member sees them
 * whichever instance served the change.
 */
export const INBOX_TYPES = [
  'suggestion_received',
  'suggestion_accepted',
  'suggestion_declined',
  'feedback_note',
  'prompt_verified',
  'prompt_deprecated',
  'review_due',
  'favorite_changed',
  'co_owner_added',
  'curator_assigned',
] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

// Kept in the zod-free constants: the header's bell polls with it, and must not pull zod into every page.
export { INBOX_POLL_MS } from '../constants';
export const MAX_READ_IDS = 200;

export const inboxItemSchema = z.object({
  id: z.string(),
  type: z.enum(INBOX_TYPES),
  promptId: z.string().nullable(),
  /** The prompt's title now; null when the member can no longer see the prompt, or it is gone. */
  promptTitle: z.string().nullable(),
  suggestionId: z.string().nullable(),
  /** Who did it (null for what the clock does, such as a review date passing). */
  actor: versionEditorSchema.nullable(),
  /** A short text that goes with it: the feedback note, the decline's reply, the curated units. */
  detail: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxListSchema = z.object({
  items: z.array(inboxItemSchema),
  unread: z.number(),
  nextCursor: z.string().nullable(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'Unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: listLimitSchema,
  cursor: z.string().max(200).optional(),
});
export type InboxListQuery = z.output<typeof inboxListQuerySchema>;

export const inboxUnreadSchema = z.object({ unread: z.number() });

/** POST /api/inbox/read: some items, or all of them. */
export const inboxReadSchema = z.union(
  [
    z
      .object({
        ids: z
          .array(z.uuid({ error: 'Each id must be an item id' }))
          .min(1, 'Give at least one id')
          .max(MAX_READ_IDS, `At most ${MAX_READ_IDS} ids`),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Send { ids: [...] } or { all: true }' },
);
export type InboxRead = z.infer<typeof inboxReadSchema>;

/** Inbox email: none, one message per item, or one daily digest of the unread items. */
export const INBOX_EMAIL_MODES = ['off', 'each', 'daily'] as const;
export type InboxEmailMode = (typeof INBOX_EMAIL_MODES)[number];
export const INBOX_EMAIL_LABELS: Record<InboxEmailMode, string> = { off: 'Off', each: 'For each item', daily: 'Daily digest' };

export const inboxSettingsSchema = z.object({
  email: z.enum(INBOX_EMAIL_MODES, { error: 'Email must be off, each or daily' }),
});
export const inboxSettingsResponseSchema = inboxSettingsSchema.extend({
  /** Whether the server can send email at all (SMTP configured). */
  emailAvailable: z.boolean(),
});
export type InboxSettings = z.infer<typeof inboxSettingsResponseSchema>;
