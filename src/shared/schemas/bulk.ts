import { z } from 'zod';
import { PROMPT_STATUSES, STATUS_MESSAGES } from './status';
import { MAX_TEXT_LENGTH } from '../constants';
import { isSingleTag, normaliseTag, TAG_SEPARATOR_MESSAGE } from '../tag-names';
import { MAX_VISIBLE_UNITS, VISIBILITIES, VISIBILITY_MESSAGES } from '../visibility';

export const BULK_ACTIONS = ['moveToBusinessUnit', 'addTag', 'removeTag', 'trash', 'changeVisibility'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many prompts change in one request (a filter matching more is refused: narrow it). */
export const BULK_MAX_PROMPTS = 10_000;

const names = z.array(z.string().max(MAX_TEXT_LENGTH)).max(50).default([]);

/** The list a bulk action applies to, in the list's own terms ("select all N matching"). */
export const bulkFilterSchema = z.object({
  search: z
    .string()
    .max(200, 'Search must be at most 200 characters')
    .default('')
    .transform((v) => v.trim()),
  businessUnits: names,
  aiModels: names,
  tags: names.transform((v) => v.map(normaliseTag)),
  /** The list's visibility filter ("Only me", "My units", "Organization"). */
  visibility: z
    .array(z.enum(VISIBILITIES, { error: VISIBILITY_MESSAGES.unknown }))
    .max(3)
    .default([]),
  /** The list's statuses (as `status=` on lists: left empty, what the list shows by default). */
  status: z
    .array(z.enum(PROMPT_STATUSES, { error: STATUS_MESSAGES.unknown }))
    .max(4)
    .default([]),
  verified: z.boolean().default(false),
  /** Only the caller's favourites. */
  favorites: z.boolean().default(false),
  /** Only the caller's own prompts (My Prompts); members who are not admins always get this. */
  mine: z.boolean().default(false),
  /** Only the prompts of this collection (a collection's page). */
  collection: z.uuid({ error: 'collection must be a collection id' }).optional(),
});
export type BulkFilter = z.output<typeof bulkFilterSchema>;

export const bulkActionSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: 'Invalid prompt id' }), { error: 'Expected a list of prompt ids' })
      .min(1, 'Select at least one prompt')
      .max(BULK_MAX_PROMPTS, `At most ${BULK_MAX_PROMPTS.toLocaleString('en')} prompts at once`)
      .optional(),
    filter: bulkFilterSchema.optional(),
    action: z.enum(BULK_ACTIONS, { error: 'action must be one of: moveToBusinessUnit, addTag, removeTag, trash, changeVisibility' }),
    /** The business unit, the tag or the visibility; not used by trash. */
    value: z.string().trim().max(MAX_TEXT_LENGTH, `Value must be at most ${MAX_TEXT_LENGTH} characters`).optional(),
    /** changeVisibility to `units`: which units (default: the caller's own). */
    units: z
      .array(z.string().max(100, 'Each business unit must be at most 100 characters'), { error: 'Expected a list of business unit names' })
      .max(MAX_VISIBLE_UNITS)
      .optional(),
  })
  .refine((b) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1, { message: 'Send either ids or filter', path: ['ids'] })
  // A tag is named in its stored form, like everywhere else.
  .transform((b) => (b.value && (b.action === 'addTag' || b.action === 'removeTag') ? { ...b, value: normaliseTag(b.value) } : b))
  .refine((b) => b.action === 'trash' || Boolean(b.value), {
    message: 'Choose the business unit or tag',
    path: ['value'],
  })
  .refine((b) => !b.value || (b.action !== 'addTag' && b.action !== 'removeTag') || isSingleTag(b.value), { message: TAG_SEPARATOR_MESSAGE, path: ['value'] })
  .refine((b) => b.action !== 'changeVisibility' || !b.value || (VISIBILITIES as readonly string[]).includes(b.value), {
    message: VISIBILITY_MESSAGES.unknown,
    path: ['value'],
  });
export type BulkActionInput = z.output<typeof bulkActionSchema>;

export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** Prompts the selection named that exist. */
  matched: z.number(),
  /** Prompts that changed (the rest already had the value). */
  changed: z.number(),
  message: z.string(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
