import { z } from 'zod';
import { ROLES } from '../constants';

/**
 * A prompt's owner and co-owners. The owner is the member the prompt belongs to (its author until it is
 * transferred); co-owners may edit it, change who sees it and who co-owns it, and always see it. Only
 * edit and admin members can own or co-own a prompt (read members cannot write).
 */
export const MAX_CO_OWNERS = 20;

export const OWNER_MESSAGES = {
  tooMany: `A prompt can have at most ${MAX_CO_OWNERS} co-owners`,
  unknownUser: 'Unknown user',
  readMember: 'Read-only members cannot own or co-own prompts',
  ownerIsCoOwner: 'The owner cannot also be a co-owner',
  transferDenied: 'Only the owner or an administrator can transfer ownership',
} as const;

/** Someone who owns, co-owns or may come to own a prompt, as the owners dialog and its picker show them. */
export const promptPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  businessUnit: z.string(),
  role: z.enum(ROLES),
});
export type PromptPerson = z.infer<typeof promptPersonSchema>;

export const promptOwnersSchema = z.object({
  owner: promptPersonSchema,
  coOwners: z.array(promptPersonSchema),
  /** The viewer may change the co-owners (owner, co-owner, admin). */
  canChangeCoOwners: z.boolean(),
  /** The viewer may give the prompt to someone else (owner, admin). */
  canTransfer: z.boolean(),
});
export type PromptOwners = z.infer<typeof promptOwnersSchema>;

const userId = z.uuid({ error: OWNER_MESSAGES.unknownUser });

export const promptOwnersInputSchema = z.object({
  ownerId: userId,
  coOwnerIds: z
    .array(userId, { error: 'coOwnerIds must be a list of user ids' })
    .max(MAX_CO_OWNERS, OWNER_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type PromptOwnersInput = z.infer<typeof promptOwnersInputSchema>;

/** Members who can own a prompt, found by name or email for the co-owner and new-owner pickers. */
export const writerSearchQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
});
export const writerSearchResponseSchema = z.object({ items: z.array(promptPersonSchema) });

/** Which of one's prompts My Prompts lists: those one owns, those one co-owns, or (left out) both. */
export { OWNERSHIP_LABELS, OWNERSHIPS, type Ownership } from '../ownership';
