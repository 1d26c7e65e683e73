import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Every word the library holds, once each, for "Did you mean …?" (trigram similarity, GiST index).
 * Filled by a trigger on `prompts` (migration 0019), never by the application; words are only added.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

/** Groups of terms that mean the same to people searching; kept by administrators. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The order the administrator wrote them in. */
  position: integer('position').notNull(),
  terms: text('terms').array().notNull(),
});
