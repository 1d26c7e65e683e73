// Which of one's prompts My Prompts lists, in the words the server and the screens share. Kept apart
// from the owners contract (schemas/owners.ts), which needs zod: the list page's filters must not.

/** The prompts one owns, or those one co-owns; left out, both. */
export const OWNERSHIPS = ['owned', 'coOwned'] as const;
export type Ownership = (typeof OWNERSHIPS)[number];
export const OWNERSHIP_LABELS: Record<Ownership, string> = { owned: 'I own', coOwned: 'I co-own' };
