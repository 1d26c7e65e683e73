// A prompt's statuses in the words the server and the screens share, without zod (the list rows'
// badges and the prompt page import this; the schemas are in schemas/status.ts).

/**
 * Where a prompt stands: `draft` (its owner and co-owners are working on it: listed nowhere but their
 * My Prompts), `published` (everyone it is shared with finds it), `verified` (a curator vouched for it,
 * until its review date), `deprecated` (kept for those who use it, left out of lists unless asked for,
 * maybe pointing at a replacement).
 */
export const PROMPT_STATUSES = ['draft', 'published', 'verified', 'deprecated'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** A new prompt starts as one of these (the API's default: published). */
export const CREATE_STATUSES = ['draft', 'published'] as const;

/** How long a verification lasts before the prompt needs review, unless VERIFICATION_DAYS says otherwise. */
export const DEFAULT_VERIFICATION_DAYS = 180;

export const STATUS_LABELS: Record<PromptStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  verified: 'Verified',
  deprecated: 'Deprecated',
};

export const STATUS_MESSAGES = {
  unknown: 'Status must be draft, published, verified or deprecated',
  createStatus: 'A new prompt is saved as draft or published',
  forbidden: "You cannot change this prompt's status",
  verifyForbidden: "Only a curator of the prompt's business unit can verify it",
  draftDeprecated: 'A draft cannot be deprecated: publish it or delete it',
  draftByCurator: "Only the prompt's owner and co-owners decide when a draft is published",
  replacementWithoutDeprecation: 'A replacement is given only when deprecating',
  replacementNotFound: 'Replacement prompt not found',
  replacementItself: 'A prompt cannot replace itself',
  replacementNotListed: 'The replacement must be a published or verified prompt',
  curatorUnitsUnknown: 'Unknown business unit',
} as const;

/**
 * The statuses a list shows: as asked (`status=`), else every status but deprecated; `verified=true`
 * keeps only the verified. Drafts are only ever listed among one's own prompts.
 */
export function listedStatuses(asked: readonly PromptStatus[], verifiedOnly: boolean, ownList: boolean): PromptStatus[] {
  const base: readonly PromptStatus[] = asked.length ? asked : ['draft', 'published', 'verified'];
  return base.filter((s) => (!verifiedOnly || s === 'verified') && (ownList || s !== 'draft'));
}
