import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PromptStatus } from '../../../shared/schemas/status';
import type { Visibility } from '../../../shared/visibility';
import { users } from './users';
import type { VariableDefinition } from '../../../shared/variable-definitions';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * Prompts. `search_vector` is maintained by PostgreSQL itself (generated column) with weights
 * A = title, B = tags, C = AI applications, author and unit, D = content and notes, so ranking puts
 * title hits above tag hits above content hits. `author_name` is denormalised from users because a
 * generated column cannot read another table; the users service rewrites it when a name changes.
 * `immutable_array_to_string` is created in migration 0000 (array_to_string is only STABLE).
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contentPreview: text('content_preview')
      .notNull()
      .generatedAlwaysAs(sql`left(content, 240)`),
    aiModels: text('ai_models')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBusinessUnit: text('user_business_unit').notNull().default(''),
    authorName: text('author_name').notNull().default(''),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** What each template variable is (shared/variable-definitions.ts); `[]` when none is defined. */
    variableDefinitions: jsonb('variable_definitions').$type<VariableDefinition[]>().notNull().default([]),
    /** Who may see it (shared/visibility.ts); `visible_units` names the units of `units` visibility. */
    visibility: text('visibility').$type<Visibility>().notNull().default('organization'),
    visibleUnits: text('visible_units')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Members who may edit it beside its owner (and see it when it is private). */
    coOwnerIds: uuid('co_owner_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** draft, published, verified or deprecated (shared/schemas/status.ts); folded into `audience`. */
    status: text('status').$type<PromptStatus>().notNull().default('published'),
    /** A deprecated prompt's "use instead" (cleared when that prompt is deleted). */
    replacementId: uuid('replacement_id').references((): AnyPgColumn => prompts.id, { onDelete: 'set null' }),
    /** The curator who last verified it, when, and until when the verification holds. */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    reviewBy: timestamp('review_by', { withTimezone: true }),
    /** The review date whose "review due" inbox items went out (see inbox/review-notices.ts). */
    reviewNoticeFor: timestamp('review_notice_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * One array of every filterable value ("u:Unit 3", "m:Claude", "t:legal") under one GIN index, so
     * that combined filters are intersected inside a single index scan (GIN skips through the large
     * posting lists using the small ones) instead of ANDing three large bitmaps.
     * `prompt_facets` is created in migration 0004.
     */
    facets: text('facets')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`prompt_facets(user_business_unit, ai_models, tags)`),
    /**
     * The keys of who may see it ("o"; else "p:<owner or co-owner id>" and "u:<unit>"), matched against
     * the viewer's keys by every list, count and export (prompt-query/query.visibility.ts). Drafts hold
     * "d" and "dp:<id>" keys, deprecated prompts "x" and their keys prefixed with "x" (migration 0027).
     */
    audience: text('audience')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`prompt_audience(visibility, visible_units, user_id, co_owner_ids, status)`),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', immutable_array_to_string(ai_models) || ' ' || author_name || ' ' || user_business_unit), 'C') || setweight(to_tsvector('english', content || ' ' || coalesce(notes, '')), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex('prompts_user_title_lower_idx').on(t.userId, sql`lower(${t.title})`),
    index('prompts_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('prompts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('prompts_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    index('prompts_author_sort_idx').on(sql`lower(${t.authorName})`, t.id),
    index('prompts_unit_sort_idx').on(sql`lower(${t.userBusinessUnit})`, t.id),
    index('prompts_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('prompts_business_unit_idx').on(t.userBusinessUnit),
    index('prompts_unit_owner_idx').on(t.userBusinessUnit, t.userId),
    index('prompts_facets_gin_idx').using('gin', t.facets),
    index('prompts_co_owner_ids_gin_idx').using('gin', t.coOwnerIds),
    // With the audience: a member's search is tested against their keys inside the index (migration 0022).
    index('prompts_search_gin_idx').using('gin', t.searchVector, t.audience),
    index('prompts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('prompts_visibility_check', sql`${t.visibility} in ('private', 'units', 'organization')`),
    check('prompts_status_check', sql`${t.status} in ('draft', 'published', 'verified', 'deprecated')`),
    // A curator's review queue, by the date verifications run out.
    index('prompts_review_idx')
      .on(t.reviewBy, t.id)
      .where(sql`${t.status} = 'verified'`),
    index('prompts_review_notice_idx')
      .on(t.reviewBy)
      .where(sql`${t.status} = 'verified' and ${t.reviewNoticeFor} is distinct from ${t.reviewBy}`),
    index('prompts_verified_updated_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'verified'`),
    index('prompts_replacement_idx')
      .on(t.replacementId)
      .where(sql`${t.replacementId} is not null`),
  ],
);

export type PromptRow = typeof prompts.$inferSelect;

/**
 * What a filtered list reads, one narrow row (~150 bytes) per prompt: its facets and the key of the
 * default order. A prompt row is about 2 kB (its search vector stays inline, decision 006), so counting
 * or walking filter matches in `prompts` read one 8 kB page per four rows; here fifty rows share a page.
 * A second GIN index holds every pair of facets from different lists (`prompt_facet_pairs`), so that
 * combined filters read short posting lists (decision 008). Kept in step with `prompts` by a trigger
 * (migration 0007); never written by the application.
 */
export const promptFilterKeys = pgTable(
  'prompt_filter_keys',
  {
    promptId: uuid('prompt_id')
      .primaryKey()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    facets: text('facets').array().notNull(),
    audience: text('audience')
      .array()
      .notNull()
      .default(sql`'{o}'::text[]`),
  },
  (t) => [
    index('prompt_filter_keys_updated_idx').on(t.updatedAt.desc(), t.promptId.desc()),
    index('prompt_filter_keys_facets_gin_idx').using('gin', t.facets),
    index('prompt_filter_keys_pairs_gin_idx').using('gin', sql`prompt_facet_pairs(${t.facets})`),
    // A member's capped total, in two parts: the organization's rows, then the others by audience key.
    index('prompt_filter_keys_organization_idx')
      .on(t.promptId)
      .where(sql`${t.audience} @> '{o}'::text[]`),
    // An admin's total: the rows that are neither drafts nor deprecated (migration 0027).
    index('prompt_filter_keys_listed_idx')
      .on(t.promptId)
      .where(sql`not ${t.audience} && '{d,x}'::text[]`),
    index('prompt_filter_keys_restricted_audience_gin_idx')
      .using('gin', t.audience)
      .where(sql`not ${t.audience} @> '{o}'::text[]`),
  ],
);

/**
 * Each prompt's list item rendered as JSON up to its author (id, title, contentPreview, aiModels, tags,
 * userId, userBusinessUnit, createdAt, updatedAt), so a list page concatenates 51 stored texts instead
 * of escaping and formatting every field of every row again: that was half of PostgreSQL's time for a
 * first page (decision 009). Written by a trigger on `prompts` (migration 0008), never by the application.
 */
export const promptListItems = pgTable('prompt_list_items', {
  promptId: uuid('prompt_id')
    .primaryKey()
    .references(() => prompts.id, { onDelete: 'cascade' }),
  head: text('head').notNull(),
});
