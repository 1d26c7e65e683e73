import type { Role } from '../constants';
import { TOKEN_SCOPES, type TokenScope } from '../schemas/tokens';

/**
 * The scopes a role may give a token, and the ones a token keeps on every request: a read member's
 * token can only read, an editor's can also write, and only an administrator's can administer. Used
 * by the server on every call and by the UI to offer and to mark scopes.
 */
export function scopesForRole(role: Role): TokenScope[] {
  if (role === 'admin') return [...TOKEN_SCOPES];
  return role === 'edit' ? ['prompts:read', 'prompts:write'] : ['prompts:read'];
}

/** What a token may do now: its scopes, cut down to what its owner's current role allows. */
export function effectiveScopes(scopes: readonly string[], role: Role): TokenScope[] {
  return scopesForRole(role).filter((s) => scopes.includes(s));
}

/** The error `code` of a call an API token may never make, whatever its scopes: it needs a signed-in session. */
export const SESSION_REQUIRED = 'session_required';

/**
 * What only a signed-in session may do, because each would let an `admin` token become a password
 * sign-in: a new account answers a temporary password, an email change sends the next reset link to
 * another mailbox, a new administrator can make more tokens, a reset answers a password, and a backup
 * holds every password hash. The words finish "API tokens cannot …".
 */
export const SESSION_ONLY_ACTIONS = {
  createUser: 'create accounts',
  changeEmail: 'change a member’s email address',
  grantAdmin: 'make a member an administrator',
  resetPassword: 'reset passwords',
  downloadBackup: 'download backups',
} as const;
export type SessionOnlyAction = keyof typeof SESSION_ONLY_ACTIONS;

export function sessionRequiredMessage(action: SessionOnlyAction): string {
  return `Sign in to the web app to do this: API tokens cannot ${SESSION_ONLY_ACTIONS[action]}`;
}

/**
 * Which part of an admin's change to a member only a session may make: a new email, or the admin role
 * given to someone who lacks it. Anything else (names, unit, a demotion) stays open to an admin token.
 */
export function sessionOnlyUserChange(target: { email: string; role: Role }, change: { email: string; role: Role }): SessionOnlyAction | null {
  // Addresses are compared as the schemas store them (lowercased): a case change moves no mail.
  if (change.email.toLowerCase() !== target.email.toLowerCase()) return 'changeEmail';
  if (change.role === 'admin' && target.role !== 'admin') return 'grantAdmin';
  return null;
}
