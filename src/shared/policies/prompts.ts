import type { Role } from '../constants';

interface Actor {
  id: string;
  role: Role;
}

/** read: nothing; edit: create, and change their own; admin: everything. Used by server and UI. */
export function canCreatePrompt(user: Actor): boolean {
  return user.role === 'edit' || user.role === 'admin';
}

export function canEditPrompt(user: Actor, prompt: { userId: string }): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'edit' && prompt.userId === user.id;
}

/** Why a read member is refused a prompt write (the server's 403 message). */
export const READ_ONLY_CREATE_MESSAGE = 'Read-only members cannot create prompts';
export const READ_ONLY_CHANGE_MESSAGE = 'Read-only members cannot change prompts';
