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
