import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Catalog of AI applications offered in the prompt form (seeded, plus custom additions). */
export const aiModels = pgTable(
  'ai_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Opens the application with a prompt: an https URL template in which `{prompt}` is the URL-encoded text. */
    launchUrl: text('launch_url'),
    /** Opens the application without a prompt (an https address), for "Copy & open" when there is no launch URL. */
    homeUrl: text('home_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_models_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Known tags: the first spelling of a tag wins, later spellings reuse it (case-insensitive). */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
);
