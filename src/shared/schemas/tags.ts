import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { isSingleTag, normaliseTag, TAG_SEPARATOR_MESSAGE } from '../tag-names';

/** A tag on the Tags admin screen: how many prompts carry it (0 for one no prompt uses any more). */
export const adminTagSchema = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type AdminTag = z.infer<typeof adminTagSchema>;

/** One tag name, in its stored form (tag-names.ts). */
const tagName = z
  .string({ error: 'Tag name is required' })
  .max(MAX_TEXT_LENGTH, `Tag name must be at most ${MAX_TEXT_LENGTH} characters`)
  .transform(normaliseTag)
  .refine((v) => v.length > 0, 'Tag name is required')
  .refine(isSingleTag, TAG_SEPARATOR_MESSAGE);

/** Rename; a name another tag has (any case) merges the two. */
export const tagRenameSchema = z.object({ name: tagName });

/** Merge the selected tags into one name: one of theirs, or a new one. */
export const tagMergeSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Invalid tag id' }), { error: 'Choose the tags to merge' })
    .min(2, 'Choose at least two tags to merge')
    .max(1000, 'At most 1,000 tags at once')
    .refine((ids) => new Set(ids).size === ids.length, 'Each tag only once'),
  into: tagName,
});

/** What a rename, merge or delete changed. */
export const tagChangeResultSchema = z.object({
  /** The tag's name afterwards (null after a delete). */
  name: z.string().nullable(),
  /** How many prompts were changed. */
  prompts: z.number(),
  /** Whether the rename met an existing tag and merged into it. */
  merged: z.boolean(),
});
export type TagChangeResult = z.infer<typeof tagChangeResultSchema>;
