import type { VariableDefinition } from '../../../shared/variable-definitions';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { prompts } from './prompts';
import { users } from './users';

/**
 * Every saved state of a prompt, numbered from 1, never changed once written. A prompt created before
 * versions existed gets its version 1 (its state then) when it is first changed; until then its
 * history shows that state as version 1 without storing it.
 */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    notes: text('notes'),
    aiModels: text('ai_models').array().notNull(),
    tags: text('tags').array().notNull(),
    userBusinessUnit: text('user_business_unit').notNull(),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull(),
    variableDefinitions: jsonb('variable_definitions').$type<VariableDefinition[]>().notNull().default([]),
    /** Who saved it; their names as they were then, for when the account is gone. */
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    editorFirstName: text('editor_first_name').notNull(),
    editorLastName: text('editor_last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** "What changed?", as the editor wrote it (up to 200 characters), or "Restored version N". */
    note: text('note'),
    /** The suggester an accepted suggestion's version credits, as they were named then. */
    suggestedBy: jsonb('suggested_by').$type<{ id: string | null; firstName: string; lastName: string }>(),
    /** The fields that differ from the previous version (all set fields for version 1). */
    changedFields: text('changed_fields').array().notNull(),
  },
  (t) => [uniqueIndex('prompt_versions_prompt_number_idx').on(t.promptId, t.number.desc()), index('prompt_versions_editor_idx').on(t.editorId)],
);

export type PromptVersionRow = typeof promptVersions.$inferSelect;
