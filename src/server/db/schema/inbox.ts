import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';
import { users } from './users';

// Suggested edits and the inbox (migration 0028).

/** A member's proposed change to a prompt they cannot edit; `fields` names what it changes. */
export const promptSuggestions = pgTable(
  'prompt_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fields: text('fields').array().notNull(),
    title: text('title'),
    content: text('content'),
    notes: text('notes'),
    tags: text('tags').array(),
    message: text('message').notNull(),
    baseVersion: integer('base_version').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'declined'] })
      .notNull()
      .default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reply: text('reply'),
    acceptedVersion: integer('accepted_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prompt_suggestions_prompt_idx').on(t.promptId, t.createdAt.desc(), t.id.desc()),
    index('prompt_suggestions_open_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open'`),
    index('prompt_suggestions_author_idx')
      .on(t.authorId, t.promptId)
      .where(sql`${t.status} = 'open'`),
    index('prompt_suggestions_decided_by_idx').on(t.decidedBy),
  ],
);
export type PromptSuggestionRow = typeof promptSuggestions.$inferSelect;

/** One thing a member hears about. `promptId` has no foreign key: a trashed prompt may come back. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    promptId: uuid('prompt_id'),
    suggestionId: uuid('suggestion_id').references(() => promptSuggestions.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailPending: boolean('email_pending').notNull().default(false),
  },
  (t) => [
    index('inbox_items_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('inbox_items_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('inbox_items_email_idx')
      .on(t.createdAt)
      .where(sql`${t.emailPending}`),
    index('inbox_items_actor_idx').on(t.actorId),
    index('inbox_items_suggestion_idx').on(t.suggestionId),
  ],
);
export type InboxItemRow = typeof inboxItems.$inferSelect;
