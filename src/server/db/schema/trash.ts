import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Deleted prompts, kept for TRASH_RETENTION_DAYS so that a delete can be undone. A trashed prompt
 * leaves the prompts table, so no list, search, count or export can show it; its row, versions,
 * favourites and use counts are kept here as one snapshot and put back on restore.
 */
export const trashedPrompts = pgTable(
  'trashed_prompts',
  {
    /** The prompt's own id, which it keeps when restored. */
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    trashedBy: uuid('trashed_by').references(() => users.id, { onDelete: 'set null' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('trashed_prompts_owner_idx').on(t.ownerId, t.trashedAt.desc(), t.id.desc()),
    index('trashed_prompts_time_idx').on(t.trashedAt.desc(), t.id.desc()),
  ],
);

/** A prompt merged into another: its old id leads to the prompt kept while it lies in the trash. */
export const promptMerges = pgTable(
  'prompt_merges',
  {
    mergedId: uuid('merged_id')
      .primaryKey()
      .references(() => trashedPrompts.id, { onDelete: 'cascade' }),
    keptId: uuid('kept_id').notNull(),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompt_merges_kept_idx').on(t.keptId)],
);
