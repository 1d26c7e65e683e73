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
