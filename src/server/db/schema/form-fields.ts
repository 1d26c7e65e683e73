import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const formFields = pgTable(
  'form_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    label: text('label').notNull(),
    type: text('type', {
      enum: ['text', 'textarea', 'checkbox', 'select', 'multiselect', 'tags', 'business-units'],
    }).notNull(),
    required: boolean('required').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    order: integer('order').notNull().default(0),
    placeholder: text('placeholder'),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    check('form_fields_type_check', sql`${t.type} in ('text', 'textarea', 'checkbox', 'select', 'multiselect', 'tags', 'business-units')`),
    check('form_fields_order_check', sql`${t.order} >= 0`),
  ],
);

export type FormFieldRow = typeof formFields.$inferSelect;
