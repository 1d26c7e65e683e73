import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';
import { users } from './users';

// Feedback on prompts (migration 0026). Like uses and favourites, votes change far more often than the
// prompt does, so they live apart from the prompt row and its derived rows.

/** One member's vote on one prompt ("up": worked well, "down": didn't work), with an optional note. */
export const promptVotes = pgTable(
  'prompt_votes',
  {
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promptId, t.userId] }),
    index('prompt_votes_user_idx').on(t.userId),
    index('prompt_votes_notes_idx')
      .on(t.promptId, t.updatedAt.desc())
      .where(sql`${t.note} is not null`),
  ],
);

/**
 * A voted prompt's counts and Wilson score (`prompt_vote_score(up, down)`), kept by the vote calls. The
 * "Top rated" order walks the index of the prompts scored above 0, then the others by id.
 */
export const promptVoteCounts = pgTable(
  'prompt_vote_counts',
  {
    promptId: uuid('prompt_id')
      .primaryKey()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    up: integer('up').notNull().default(0),
    down: integer('down').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
  },
  (t) => [
    index('prompt_vote_counts_order_idx')
      .on(t.score.desc(), t.promptId.desc())
      .where(sql`${t.score} > 0`),
  ],
);
