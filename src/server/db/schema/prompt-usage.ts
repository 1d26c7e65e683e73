import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';
import { users } from './users';

// What people do with prompts: how often each is used, what each person used last, their favourites.
// These rows change far more often than prompts do, so they live apart from the prompt row, whose
// triggers rebuild its derived rows (filter keys, list item) on every update.

/**
 * How many times a prompt was used, by everyone. Only prompts used at least once have a row; the
 * "Most used" order walks the index on (use_count, prompt_id), then the prompts without a row.
 */
export const promptUseCounts = pgTable(
  'prompt_use_counts',
  {
    promptId: uuid('prompt_id')
      .primaryKey()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    useCount: integer('use_count').notNull(),
    /** The latest use by anyone: Library Health's unused prompts are those without one for a while. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('prompt_use_counts_order_idx').on(t.useCount.desc(), t.promptId.desc()), index('prompt_use_counts_last_used_idx').on(t.lastUsedAt, t.promptId)],
);

/** Uses of a prompt per day (UTC): the last thirty days' counts and growth in Library Health. */
export const promptUseDays = pgTable(
  'prompt_use_days',
  {
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ name: 'prompt_use_days_pk', columns: [t.promptId, t.day] }), index('prompt_use_days_day_idx').on(t.day, t.promptId)],
);

/** Prompts given to their owner when the account that owned them was deleted: orphaned until handed on. */
export const promptHandovers = pgTable(
  'prompt_handovers',
  {
    promptId: uuid('prompt_id')
      .primaryKey()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    handedAt: timestamp('handed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompt_handovers_order_idx').on(t.handedAt, t.promptId)],
);

/** Each person's use of each prompt: the "Recently used" list, newest use first. */
export const promptUserUses = pgTable(
  'prompt_user_uses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    useCount: integer('use_count').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    /** How it was last used: copy, launch (opened in an AI application) or mcp. */
    lastKind: text('last_kind').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.promptId] }),
    index('prompt_user_uses_recent_idx').on(t.userId, t.lastUsedAt.desc(), t.promptId.desc()),
    // Deleting a prompt removes its rows here; without this index each delete would read the whole table.
    index('prompt_user_uses_prompt_idx').on(t.promptId),
  ],
);

/** A person's favourite prompts. */
export const promptFavorites = pgTable(
  'prompt_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.promptId] }), index('prompt_favorites_prompt_idx').on(t.promptId)],
);

/** Test runs sent to the AI gateway per member and UTC day (migration 0035): the daily limit's count. */
export const aiRunCounts = pgTable(
  'ai_run_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    runs: integer('runs').notNull(),
  },
  (t) => [primaryKey({ name: 'ai_run_counts_pk', columns: [t.userId, t.day] })],
);
