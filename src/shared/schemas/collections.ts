import { z } from 'zod';
import { MAX_VISIBLE_UNITS, VISIBILITIES, VISIBILITY_MESSAGES } from '../visibility';
import { listLimitSchema } from './common';
import { cleanList } from './prompts';

// Collections: named, ordered sets of prompts, seen by the same rule as prompts (visibility, units,
// owner and co-owners). Their items are listed through GET /api/prompts?collection=<id>.

export const MAX_COLLECTION_NAME_LENGTH = 100;
export const MAX_COLLECTION_DESCRIPTION_LENGTH = 10_000;
export const MAX_COLLECTION_ITEMS = 1_000;
export const MAX_COLLECTION_CO_OWNERS = 20;

export const COLLECTION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_COLLECTION_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_COLLECTION_DESCRIPTION_LENGTH} characters`,
  tooManyCoOwners: `At most ${MAX_COLLECTION_CO_OWNERS} co-owners`,
  full: `A collection holds at most ${MAX_COLLECTION_ITEMS} prompts`,
  notFound: 'Collection not found',
  positionNeedsCollection: 'Sorting by position needs a collection',
} as const;

/** "You already have a collection named “X”": names are unique per owner, in any case. */
export const collectionNameTakenMessage = (name: string) => `You already have a collection named “${name}”`;

const name = z
  .string({ error: COLLECTION_MESSAGES.nameRequired })
  .trim()
  .min(1, COLLECTION_MESSAGES.nameRequired)
  .max(MAX_COLLECTION_NAME_LENGTH, COLLECTION_MESSAGES.nameTooLong);

const description = z.string({ error: 'Description must be text' }).trim().max(MAX_COLLECTION_DESCRIPTION_LENGTH, COLLECTION_MESSAGES.descriptionTooLong);

const coOwnerIds = z
  .array(z.uuid({ error: 'Each co-owner must be a user id' }), { error: 'Expected a list of user ids' })
  .max(MAX_COLLECTION_CO_OWNERS, COLLECTION_MESSAGES.tooManyCoOwners)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** The business units something is shared with (collections, snippets): names, each once, at most MAX_VISIBLE_UNITS. */
export const sharedUnitsSchema = z
  .array(z.string({ error: 'Expected a list of business unit names' }).max(100, 'Each business unit must be at most 100 characters'), {
    error: 'Expected a list of business unit names',
  })
  .max(MAX_VISIBLE_UNITS, `At most ${MAX_VISIBLE_UNITS} business units`)
  .transform((v) => cleanList(v, true));

/**
 * A new collection. Visibility as for prompts: omitted, `organization`; `units` without a list means the
 * owner's unit.
 */
export const collectionCreateSchema = z.object({
  name,
  description: description.default(''),
  visibility: z.enum(VISIBILITIES, { error: VISIBILITY_MESSAGES.unknown }).optional(),
  units: sharedUnitsSchema.optional(),
  coOwnerIds: coOwnerIds.optional(),
});
export type CollectionCreate = z.output<typeof collectionCreateSchema>;

/** A change: every field optional, and a field left out keeps its value (a partial update). */
export const collectionUpdateSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  visibility: collectionCreateSchema.shape.visibility,
  units: sharedUnitsSchema.optional(),
  coOwnerIds: coOwnerIds.optional(),
});
export type CollectionUpdate = z.output<typeof collectionUpdateSchema>;

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().describe('Markdown'),
  visibility: z.enum(VISIBILITIES),
  units: z.array(z.string()),
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  coOwnerIds: z.array(z.string()),
  isStarred: z.boolean(),
  itemCount: z.number().int().describe('How many of its prompts the viewer may see'),
  /** Only when the list is asked with `prompt`: whether that prompt is in the collection. */
  hasPrompt: z.boolean().optional().describe('With `?prompt={id}`: whether that prompt (one the caller may see) is in the collection'),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionListSchema = z.object({
  items: z.array(collectionSchema),
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});

/** One page of the collections a viewer sees: starred first, then by name; `search` within the names. */
export const collectionListQuerySchema = z.object({
  limit: listLimitSchema,
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  search: z.string().trim().max(MAX_COLLECTION_NAME_LENGTH, COLLECTION_MESSAGES.nameTooLong).default(''),
  /** Say of each collection whether it holds this prompt (an "Add to collection" menu's check marks). */
  prompt: z.uuid({ error: 'prompt must be a prompt id' }).optional(),
});
export type CollectionList = z.infer<typeof collectionListSchema>;
export type CollectionListQuery = z.output<typeof collectionListQuerySchema>;

/**
 * A new owner and co-owners (`PUT /api/collections/{id}/owners`): the owner, its co-owners and
 * administrators change the co-owners; only the owner or an administrator gives it to someone else.
 * Answered with the owners as prompts answer theirs (`promptOwnersSchema`).
 */
export const collectionOwnersInputSchema = z.object({
  ownerId: z.uuid({ error: 'Unknown user' }),
  coOwnerIds: coOwnerIds,
});
export type CollectionOwnersInput = z.output<typeof collectionOwnersInputSchema>;

export const collectionItemInputSchema = z.object({ promptId: z.uuid({ error: 'promptId must be a prompt id' }) });

/** The new order of the prompts the caller sees in the collection (the others keep their places). */
export const collectionOrderSchema = z.object({
  promptIds: z
    .array(z.uuid({ error: 'Each entry must be a prompt id' }), { error: 'promptIds must be a list of prompt ids' })
    .max(MAX_COLLECTION_ITEMS, COLLECTION_MESSAGES.full),
});

export const collectionItemParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  promptId: z.uuid({ error: 'Invalid prompt id' }),
});
