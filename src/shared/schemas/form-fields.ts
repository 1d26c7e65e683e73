import { z } from 'zod';
import { FORM_FIELD_TYPES } from '../constants';

export const FIELD_TYPE_LABELS: Record<(typeof FORM_FIELD_TYPES)[number], string> = {
  text: 'Text Input',
  textarea: 'Text Area',
  checkbox: 'Checkbox',
  select: 'Select Dropdown',
  multiselect: 'Multi-Select',
  tags: 'Tags',
  'business-units': 'Business Units',
};

export const formFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  enabled: z.boolean(),
  order: z.number(),
  placeholder: z.string().nullable(),
  /** Stored options; for type business-units, the names of all business units. */
  options: z.array(z.string()),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** Lowercase, only a-z and 0-9: "Target Audience!" → "targetaudience". */
export function fieldNameFromLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export const formFieldInputSchema = z.object({
  name: z.string({ error: 'Field name is required' }).trim().min(1, 'Field name is required').max(60),
  label: z.string({ error: 'Field label is required' }).trim().min(1, 'Field label is required').max(100, 'Field label must be at most 100 characters'),
  type: z.enum(FORM_FIELD_TYPES, { error: 'Choose a field type' }),
  required: z.boolean().default(false),
  enabled: z.boolean().default(true),
  order: z
    .number({ error: 'Order must be a positive number' })
    .int('Order must be a whole number')
    .min(0, 'Order must be a positive number')
    .max(100_000)
    .default(0),
  placeholder: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  options: z
    .array(z.string().max(200))
    .max(200)
    .default([])
    .transform((list) => [...new Set(list.map((o) => o.trim()).filter(Boolean))]),
});
export type FormFieldInput = z.input<typeof formFieldInputSchema>;

export const reorderFormFieldsSchema = z.object({
  fields: z
    .array(z.object({ id: z.uuid({ error: 'Invalid field id' }) }).passthrough())
    .min(1, 'Send at least one field')
    .max(500),
});
