import type { Role } from '../constants';
import type { PromptStatus } from '../prompt-status';
import type { Visibility } from '../visibility';

interface Actor {
  id: string;
  role: Role;
}

/** read: nothing; edit: create, and change their own; admin: everything. Used by server and UI. */
export function canCreatePrompt(user: Actor): boolean {
  return user.role === 'edit' || user.role === 'admin';
}

/** The owner and co-owners of a prompt. */
interface Owned {
  userId: string;
  coOwnerIds?: readonly string[];
}

const ownsOrCoOwns = (user: Actor, prompt: Owned) => prompt.userId === user.id || (prompt.coOwnerIds ?? []).includes(user.id);

export function canEditPrompt(user: Actor, prompt: Owned): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'edit' && ownsOrCoOwns(user, prompt);
}

/**
 * Who may see a prompt: admins, its owner and co-owners always; nobody else a draft; members of its
 * units for `units`; everyone for `organization`. The server's lists apply the same rule in SQL (the
 * prompt's `audience` keys against the viewer's), and a test holds the two to the same answers.
 */
export function canViewPrompt(
  user: Actor & { businessUnit: string },
  prompt: Owned & { visibility: Visibility; visibleUnits: readonly string[]; status: PromptStatus },
): boolean {
  if (user.role === 'admin' || ownsOrCoOwns(user, prompt)) return true;
  if (prompt.status === 'draft') return false;
  if (prompt.visibility === 'organization') return true;
  return prompt.visibility === 'units' && user.businessUnit !== '' && prompt.visibleUnits.includes(user.businessUnit);
}

/** Why a read member is refused a prompt write (the server's 403 message). */
export const READ_ONLY_CREATE_MESSAGE = 'Read-only members cannot create prompts';
export const READ_ONLY_CHANGE_MESSAGE = 'Read-only members cannot change prompts';
