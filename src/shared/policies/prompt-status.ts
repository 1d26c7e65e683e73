import type { Role } from '../constants';
import type { Visibility } from '../visibility';
import { type PromptStatus, STATUS_MESSAGES } from '../prompt-status';
import { canEditPrompt } from './prompts';

interface Actor {
  id: string;
  role: Role;
  curatorUnits?: readonly string[];
}

interface CuratedPrompt {
  userId: string;
  coOwnerIds?: readonly string[];
  userBusinessUnit: string;
  visibility: Visibility;
  visibleUnits: readonly string[];
}

/**
 * A curator of a unit vouches for the prompts of that unit's members and for those shared with the unit.
 * Curating opens nothing: the caller has already checked that the curator may see the prompt.
 */
export function canCuratePrompt(user: Actor, prompt: CuratedPrompt): boolean {
  if (user.role === 'admin') return true;
  const units = user.curatorUnits ?? [];
  if (!units.length) return false;
  if (units.includes(prompt.userBusinessUnit)) return true;
  return prompt.visibility === 'units' && prompt.visibleUnits.some((unit) => units.includes(unit));
}

/** What an actor may do to one prompt: edit it (owner, co-owner, admin), curate it (curator, admin). */
export interface StatusRights {
  edits: boolean;
  curates: boolean;
}

export const statusRightsOf = (user: Actor, prompt: CuratedPrompt): StatusRights => ({
  edits: canEditPrompt(user, prompt),
  curates: canCuratePrompt(user, prompt),
});

/**
 * Why someone with `rights` may not move a prompt from `from` to `to` (the 403 or 400 message), or null
 * when they may. Its editors (owner, co-owners, admins) move it between draft, published and
 * deprecated; its curators verify it, publish it again (taking a verification or a deprecation back)
 * and deprecate it. Verifying a verified prompt again renews its review date.
 */
export function statusChangeRefusal({ edits, curates }: StatusRights, from: PromptStatus, to: PromptStatus): { status: 400 | 403; message: string } | null {
  if (to === 'deprecated' && from === 'draft') return { status: 400, message: STATUS_MESSAGES.draftDeprecated };
  if (to === 'verified') {
    if (from === 'draft') return { status: 400, message: STATUS_MESSAGES.draftByCurator };
    return curates ? null : { status: 403, message: STATUS_MESSAGES.verifyForbidden };
  }
  if (to === 'draft' || from === 'draft') return edits ? null : { status: 403, message: curates ? STATUS_MESSAGES.draftByCurator : STATUS_MESSAGES.forbidden };
  return edits || curates ? null : { status: 403, message: STATUS_MESSAGES.forbidden };
}

/** The statuses someone with `rights` may move the prompt to from `from` (the prompt page's actions). */
export function statusChoices(rights: StatusRights, from: PromptStatus): PromptStatus[] {
  const all: PromptStatus[] = ['draft', 'published', 'verified', 'deprecated'];
  return all.filter((to) => (to !== from || to === 'verified') && statusChangeRefusal(rights, from, to) === null);
}

/** Who decides a prompt's suggested edits: those who may edit it, and its curators. */
export const canDecideSuggestions = (user: Actor, prompt: CuratedPrompt): boolean => canEditPrompt(user, prompt) || canCuratePrompt(user, prompt);
