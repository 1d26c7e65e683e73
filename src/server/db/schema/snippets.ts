import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Visibility } from '../../../shared/visibility';
import { prompts } from './prompts';
import { users } from './users';

/**
 * Named, versioned pieces of text that prompts include with `{{> name}}` (migration 0034). Who sees
 * one follows the prompts' rule through the same generated `audience` keys (no co-owners).
 */
export const snippets = pgTable(
  'snippets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** The owner; a deleted member's snippets are handed over, never deleted with them. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    visibility: text('visibility').$type<Visibility>().notNull().default('organization'),
    visibleUnits: text('visible_units')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audience: text('audience')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`prompt_audience(visibility, visible_units, user_id, '{}'::uuid[])`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('snippets_name_idx').on(sql`lower(${t.name})`),
    index('snippets_audience_idx').using('gin', t.audience),
    index('snippets_user_id_idx').on(t.userId),
    check('snippets_visibility_check', sql`${t.visibility} in ('private', 'units', 'organization')`),
  ],
);
export type SnippetRow = typeof snippets.$inferSelect;

/** Every saved state of a snippet, the first included. */
export const snippetVersions = pgTable(
  'snippet_versions',
  {
    snippetId: uuid('snippet_id')
      .notNull()
      .references(() => snippets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'snippet_versions_pk', columns: [t.snippetId, t.version] })],
);

/** Which prompts include which snippets: written only by the database's triggers, from the text. */
export const promptSnippets = pgTable(
  'prompt_snippets',
  {
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    snippetId: uuid('snippet_id')
      .notNull()
      .references(() => snippets.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ name: 'prompt_snippets_pk', columns: [t.promptId, t.snippetId] }), index('prompt_snippets_snippet_idx').on(t.snippetId, t.promptId)],
);

/** Which snippets include which: written only by the database's triggers, from the text. */
export const snippetInclusions = pgTable(
  'snippet_inclusions',
  {
    snippetId: uuid('snippet_id')
      .notNull()
      .references(() => snippets.id, { onDelete: 'cascade' }),
    includedId: uuid('included_id')
      .notNull()
      .references(() => snippets.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ name: 'snippet_inclusions_pk', columns: [t.snippetId, t.includedId] }),
    index('snippet_inclusions_included_idx').on(t.includedId, t.snippetId),
  ],
);
