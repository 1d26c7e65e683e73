import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Visibility } from '../../../shared/visibility';
import { prompts } from './prompts';
import { users } from './users';

/**
 * Named, ordered sets of prompts (migration 0023). Who sees one follows the prompts' rule: the same
 * visibility columns, and the same generated `audience` keys matched against a viewer's keys.
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    /** The owner. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coOwnerIds: uuid('co_owner_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    visibility: text('visibility').$type<Visibility>().notNull().default('organization'),
    visibleUnits: text('visible_units')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audience: text('audience')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`prompt_audience(visibility, visible_units, user_id, co_owner_ids)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_owner_name_idx').on(t.userId, sql`lower(${t.name})`),
    index('collections_co_owner_ids_idx').using('gin', t.coOwnerIds),
    index('collections_audience_idx').using('gin', t.audience),
    check('collections_visibility_check', sql`${t.visibility} in ('private', 'units', 'organization')`),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;

/** A prompt in a collection; the order is (position, prompt_id). */
export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.promptId] }),
    index('collection_items_order_idx').on(t.collectionId, t.position, t.promptId),
    index('collection_items_prompt_idx').on(t.promptId),
  ],
);

/** Each member's starred collections. */
export const collectionStars = pgTable(
  'collection_stars',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.collectionId] }), index('collection_stars_collection_idx').on(t.collectionId)],
);
