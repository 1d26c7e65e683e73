import type { Role } from '../../../shared/constants';
import { MAX_TEXT_LENGTH } from '../../../shared/constants';
import type { SsoErrorCode } from '../../../shared/schemas/sso';
import type { OidcSettings } from '../../config';

/** What the app keeps from the provider's claims about one person. */
export interface SsoProfile {
  subject: string;
  email: string;
  /** Undefined when the provider sent no name at all (an existing account then keeps its own). */
  firstName: string | undefined;
  lastName: string | undefined;
  /** Undefined without OIDC_ROLE_CLAIM: the role is then the app's to manage. */
  role: Role | undefined;
  /** Undefined without OIDC_UNIT_CLAIM or when the claim is empty: the person picks a unit. */
  businessUnit: string | undefined;
}

/** A refusal the callback turns into `/auth?sso_error=<code>`. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Claim text as the database can hold it: no control characters (PostgreSQL refuses NUL), trimmed, bounded. */
export function cleanText(value: unknown, max = MAX_TEXT_LENGTH): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(CONTROL_CHARACTERS, ' ').trim().slice(0, max).trim();
  return text || undefined;
}

/** A claim that may be one value or a list (group claims are usually lists). */
function claimValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => cleanText(v)).filter((v): v is string => v !== undefined);
}

/** Reads a claim by name; a dotted name reaches into nested objects (`realm_access.roles`). */
export function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The role the role claim gives: any admin value makes an admin, else any edit value an editor, else
 * read only. Undefined when no role claim is configured.
 */
export function roleFromClaims(claims: Record<string, unknown>, settings: Pick<OidcSettings, 'roleClaim' | 'adminValues' | 'editValues'>): Role | undefined {
  if (!settings.roleClaim) return undefined;
  const values = claimValues(claimAt(claims, settings.roleClaim));
  if (values.some((v) => settings.adminValues.includes(v))) return 'admin';
  if (values.some((v) => settings.editValues.includes(v))) return 'edit';
  return 'read';
}

/** The business unit the unit claim names (its first value), if that claim is configured and present. */
export function unitFromClaims(claims: Record<string, unknown>, settings: Pick<OidcSettings, 'unitClaim'>): string | undefined {
  if (!settings.unitClaim) return undefined;
  return claimValues(claimAt(claims, settings.unitClaim))[0];
}

/** Given and family name, else `name` split at its last space. */
function namesFromClaims(claims: Record<string, unknown>): { firstName: string | undefined; lastName: string | undefined } {
  const given = cleanText(claims.given_name);
  const family = cleanText(claims.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const full = cleanText(claims.name);
  if (!full) return { firstName: undefined, lastName: undefined };
  const cut = full.lastIndexOf(' ');
  return cut > 0 ? { firstName: full.slice(0, cut).trim(), lastName: full.slice(cut + 1) } : { firstName: full, lastName: undefined };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The profile behind a sign-in, or a refusal: an account is only ever found, linked or created by an
 * email address the provider says it has verified.
 */
export function profileFromClaims(claims: Record<string, unknown>, settings: OidcSettings): SsoProfile {
  const subject = cleanText(claims.sub, 255);
  if (!subject) throw new SsoRefusal('failed', 'the provider sent no subject');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw new SsoRefusal('email_missing', 'the provider sent no email address');
  if (email.length > 254 || !EMAIL.test(email)) throw new SsoRefusal('email_missing', 'the provider sent an email address that is not valid');
  // Some providers send the flag as the string "true".
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new SsoRefusal('email_unverified', `the provider has not verified ${email}`);
  }
  return {
    subject,
    email,
    ...namesFromClaims(claims),
    role: roleFromClaims(claims, settings),
    businessUnit: unitFromClaims(claims, settings),
  };
}

/**
 * Only a path on this site may be a destination after sign-in: one leading slash (not `//host`), no
 * backslash (browsers read `/\host` as another host), no control characters. Anything else is `/`.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2048) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\') || next.search(CONTROL_CHARACTERS) !== -1) return '/';
  return next;
}
