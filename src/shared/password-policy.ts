/**
 * One password policy for every path that sets a password (sign-up, forced and menu change, reset,
 * admin flows, the ADMIN_PASSWORD bootstrap). Length and "not your own name or email" are checked here,
 * on both sides; the common-password list is checked by the server only (it is too big for the client).
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  common: 'This password is too common. Please choose one that is harder to guess.',
  personal: 'Password must not be your email address or your name',
} as const;

export interface PasswordOwner {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const norm = (s: string) => s.trim().toLowerCase();

/** True when the password is (case-insensitively) the owner's email, a name, or both names together. */
export function isPersonalPassword(password: string, owner: PasswordOwner): boolean {
  const p = norm(password);
  if (!p) return false;
  const first = norm(owner.firstName ?? '');
  const last = norm(owner.lastName ?? '');
  const email = norm(owner.email ?? '');
  const candidates = [email, email.split('@')[0] ?? '', first, last, `${first}${last}`, `${first} ${last}`, `${last}${first}`, `${last} ${first}`];
  return candidates.some((c) => c.trim() !== '' && c === p);
}

/** The policy message for a password's length or personal content, or undefined when those rules pass. */
export function passwordPolicyProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isPersonalPassword(password, owner)) return PASSWORD_MESSAGES.personal;
  return undefined;
}
