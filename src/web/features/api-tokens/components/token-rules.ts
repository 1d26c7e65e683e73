import { type Role, ROLE_LABELS } from '../../../../shared/constants';
import { scopesForRole } from '../../../../shared/policies/tokens';
import { MAX_TOKENS_PER_USER, TOKEN_LIFETIMES_DAYS, TOKEN_SCOPE_LABELS, type TokenScope } from '../../../../shared/schemas/tokens';
import { countOf } from '../../../../shared/plural';

export { scopesForRole };

/** A lifetime offered in the form: days, or null for a token that never expires. */
export type TokenLifetime = (typeof TOKEN_LIFETIMES_DAYS)[number] | null;

/** The lifetimes a role may choose; a token that never expires is for administrators only. */
export function lifetimesForRole(role: Role): TokenLifetime[] {
  return role === 'admin' ? [...TOKEN_LIFETIMES_DAYS, null] : [...TOKEN_LIFETIMES_DAYS];
}

export function lifetimeLabel(days: TokenLifetime): string {
  if (days === null) return 'Never';
  return days === 365 ? '365 days (1 year)' : `${days} days`;
}

/**
 * The scopes a token still carries but its owner's role no longer allows: the server ignores them, so
 * the lists show them as inactive rather than as rights the token has.
 */
export function inactiveScopes(scopes: readonly TokenScope[], role: Role): TokenScope[] {
  const allowed = scopesForRole(role);
  return scopes.filter((s) => !allowed.includes(s));
}

const joinAnd = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** Why those scopes do nothing, in words: "A Read Only member's token cannot use Write prompts." */
export function inactiveReason(scopes: readonly TokenScope[], role: Role, own: boolean): string {
  const names = joinAnd(scopes.map((s) => TOKEN_SCOPE_LABELS[s]));
  const whose = own ? `Your role (${ROLE_LABELS[role]}) does` : `The owner’s role (${ROLE_LABELS[role]}) does`;
  return `${whose} not allow ${names}: the token keeps only its other rights.`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 22, 2026". */
export const tokenDate = (iso: string) => dateFormat.format(new Date(iso));

/** When a token stops working: "Never", "Expired", or the day it expires. */
export function expiryText(expiresAt: string | null, now = Date.now()): { text: string; expired: boolean } {
  if (expiresAt === null) return { text: 'Never', expired: false };
  if (Date.parse(expiresAt) <= now) return { text: 'Expired', expired: true };
  return { text: tokenDate(expiresAt), expired: false };
}

/** "Never used", or the day and minute of the last call made with the token. */
export function lastUsedText(lastUsedAt: string | null): string {
  return lastUsedAt === null ? 'Never used' : dateTimeFormat.format(new Date(lastUsedAt));
}

/** "1 token", "12 tokens". */
export const tokenCount = (n: number) => countOf(n, 'token');

/** Whether a member already has as many tokens as the server allows. */
export const atTokenLimit = (n: number) => n >= MAX_TOKENS_PER_USER;
