import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';

/**
 * Each prompt's MinHash band keys (decision 039), for finding near-copies without reading texts. Written
 * by the application (modules/similarity) for the prompts a trigger queued (migration 0029).
 */
export const promptSimilarityBands = pgTable(
  'prompt_similarity_bands',
  {
    band: integer('band').notNull(),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'prompt_similarity_bands_pk', columns: [t.band, t.promptId] }), index('prompt_similarity_bands_prompt_idx').on(t.promptId)],
);

/** Prompts whose content changed since their bands were written (queued by a trigger on `prompts`). */
export const promptSimilarityPending = pgTable(
  'prompt_similarity_pending',
  {
    promptId: uuid('prompt_id')
      .primaryKey()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompt_similarity_pending_queued_idx').on(t.queuedAt)],
);
