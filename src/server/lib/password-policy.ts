import { PASSWORD_MESSAGES, type PasswordOwner, passwordPolicyProblem } from '../../shared/password-policy';
import { invalidFields } from '../errors';

let commonPasswords: Set<string> | undefined;

/**
 * The password dictionary of @zxcvbn-ts/language-common (about 50,000 entries), lower-cased into a Set
 * on first use: loading it costs a few megabytes and tens of milliseconds, which a server that never
 * sets a password should not pay at start.
 */
async function loadCommonPasswords(): Promise<Set<string>> {
  if (!commonPasswords) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return commonPasswords;
}

/** Exact, case-insensitive membership in the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** The policy message for a password, including the server-only common-password check. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  return passwordPolicyProblem(password, owner) ?? ((await isCommonPassword(password)) ? PASSWORD_MESSAGES.common : undefined);
}

/** Throws the 400 validation_failed of the request schemas, with the message on the password field. */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw invalidFields(problem, { [field]: problem });
}
