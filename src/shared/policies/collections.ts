import { canCreatePrompt, canEditPrompt, canViewPrompt } from './prompts';

// A collection is seen and changed by the prompts' rules: an owner, co-owners, the same three
// visibilities. Edit and admin members create collections; read members use them.

export const canCreateCollection = canCreatePrompt;
export const canEditCollection = canEditPrompt;
/** A collection has no status: it is seen as a published prompt with the same owners and visibility is. */
export const canViewCollection = (user: Parameters<typeof canViewPrompt>[0], collection: Omit<Parameters<typeof canViewPrompt>[1], 'status'>) =>
  canViewPrompt(user, { ...collection, status: 'published' });

/** Why a read member is refused a collection write (the server's 403 message). */
export const READ_ONLY_COLLECTION_MESSAGE = 'Read-only members cannot create or change collections';
