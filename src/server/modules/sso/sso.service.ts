import { eq } from 'drizzle-orm';
import { isErrorCode } from '../../../shared/error-codes';
import type { SsoExchangeInput } from '../../../shared/schemas/sso';
import { SSO_BROWSER_MISMATCH, SSO_BUSINESS_UNIT_REQUIRED, SSO_ERROR_MESSAGES } from '../../../shared/schemas/sso';
import type { AppConfig, OidcSettings } from '../../config';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { hashPassword, newToken } from '../../lib/crypto';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { changes, recordAudit } from '../audit/audit';
import { createSession } from '../auth/sessions.service';
import { resolveBusinessUnitName } from '../business-units/business-units.service';
import { createAccount } from '../users/create-account';
import { findUserByEmail, syncAuthorName, updateUser } from '../users/users.service';
import { sameBrowser } from './sso.browser';
import { type SsoProfile, SsoRefusal } from './sso.claims';
import { deleteHandoff, type HandoffProfile, insertHandoff, lockHandoff } from './sso.repo';
import { afterUserWrite } from '../../lib/user-derived-cache';

const HANDOFF_INVALID = 'This sign-in link has expired or was already used. Please sign in again.';

/** The login this hand-over continues: where to go afterwards, and the browser it is bound to. */
export interface HandoverFlow {
  next: string;
  browserHash: string;
}

async function findUserBySubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return row;
}

/** Names for a new account: the provider's, else the email's local part. */
function newAccountNames(profile: Pick<SsoProfile, 'email' | 'firstName' | 'lastName'>) {
  return { firstName: profile.firstName ?? profile.email.split('@')[0]!, lastName: profile.lastName ?? '' };
}

/**
 * Brings a known account in line with the provider: links it to the subject on first use, and
 * updates names, and the role and unit when their claims are configured. Returns the account as
 * stored and whether its author name changed (prompts keep a copy of it).
 */
async function applyProfile(tx: Database, user: UserRow, profile: SsoProfile, settings: OidcSettings): Promise<{ user: UserRow; renamed: boolean }> {
  const wanted: Partial<UserRow> = {};
  if (profile.firstName !== undefined) wanted.firstName = profile.firstName;
  if (profile.lastName !== undefined) wanted.lastName = profile.lastName;
  if (profile.role) wanted.role = profile.role;
  if (profile.businessUnit) wanted.businessUnit = await resolveBusinessUnitName(tx, profile.businessUnit);
  // With passwords switched off, a temporary password an admin set is no credential any more: the
  // person signed in through the provider, so there is nothing left to replace.
  if (settings.only && user.mustChangePassword === 'true') Object.assign(wanted, { mustChangePassword: 'false', tempPasswordExpiresAt: null });
  const linking = user.oidcSubject !== profile.subject;
  const diff = changes(user as unknown as Record<string, unknown>, wanted);
  if (!linking && !diff) return { user, renamed: false };
  const updated = (await updateUser(tx, user.id, { ...wanted, oidcSubject: profile.subject }))!;
  const renamed = updated.firstName !== user.firstName || updated.lastName !== user.lastName;
  if (renamed) await syncAuthorName(tx, user.id, updated.firstName, updated.lastName);
  const what = diff ? Object.keys(diff.after).join(', ') : '';
  await recordAudit(tx, {
    actor: updated,
    action: 'user.updated',
    target: { type: 'user', id: user.id },
    summary: linking
      ? `${updated.email} was linked to single sign-on${what ? ` (the provider also set ${what})` : ''}`
      : `Single sign-on updated ${updated.email}: ${what}`,
    before: { ...(diff?.before ?? {}), ...(linking ? { singleSignOn: user.oidcSubject ? 'another identity' : 'not linked' } : {}) },
    after: { ...(diff?.after ?? {}), ...(linking ? { singleSignOn: 'linked' } : {}) },
  });
  return { user: updated, renamed };
}

/** Creates the account for a first sign-in; the first account of an empty database is the administrator. */
async function provision(tx: Database, profile: SsoProfile & { businessUnit: string }, settings: OidcSettings): Promise<UserRow> {
  const { user, firstAdmin } = await createAccount(
    tx,
    {
      email: profile.email,
      // A password nobody knows: the account signs in through the provider (or sets one by reset, when allowed).
      password: await hashPassword(newToken()),
      ...newAccountNames(profile),
      businessUnit: profile.businessUnit,
      role: profile.role,
      oidcSubject: profile.subject,
    },
    // With a role claim configured, the provider decides who is an administrator, even for the first account.
    { firstAccountBecomesAdmin: !settings.roleClaim },
  );
  const { businessUnit } = user;
  await recordAudit(tx, {
    actor: user,
    action: 'auth.sign_up',
    target: { type: 'user', id: user.id },
    summary: `${user.email} signed up through single sign-on in “${businessUnit}”${firstAdmin ? ' as the first administrator' : ''}`,
    after: { email: user.email, firstName: user.firstName, lastName: user.lastName, businessUnit, role: user.role, singleSignOn: 'linked' },
  });
  return user;
}

/**
 * The account a verified profile belongs to: by subject, else by the same email (then linked). An
 * email already linked to another subject is refused: two identities must not share one account.
 */
async function existingAccount(tx: Database, profile: SsoProfile): Promise<UserRow | undefined> {
  const bySubject = await findUserBySubject(tx, profile.subject);
  if (bySubject) return bySubject;
  const byEmail = await findUserByEmail(tx, profile.email);
  if (byEmail?.oidcSubject && byEmail.oidcSubject !== profile.subject) {
    throw new SsoRefusal('account_conflict', `${profile.email} is linked to another single sign-on identity`);
  }
  return byEmail;
}

/** After commit: drop cached sessions and, when an author's name changed, the prompt caches. */
function afterCommit(db: Database, renamed: boolean) {
  afterUserWrite(db);
  if (renamed) afterPromptWrite(db);
}

/**
 * The callback's verified profile becomes a hand-over code: for a known account (linked and updated
 * now) or a new one that could be created now (a unit from the claims), the code names the account;
 * otherwise it holds the profile until the person picks a business unit.
 */
export async function handOver(db: Database, settings: OidcSettings, profile: SsoProfile, flow: HandoverFlow): Promise<string> {
  const { next, browserHash } = flow;
  let renamed = false;
  try {
    return await db.transaction(async (tx) => {
      const known = await existingAccount(tx, profile);
      if (known) {
        const applied = await applyProfile(tx, known, profile, settings);
        renamed = applied.renamed;
        return insertHandoff(tx, { userId: known.id, profile: null, next, browserHash });
      }
      const held: HandoffProfile = { subject: profile.subject, email: profile.email, ...newAccountNames(profile), role: profile.role ?? 'edit' };
      if (profile.businessUnit) {
        const created = await provision(tx, { ...profile, businessUnit: profile.businessUnit }, settings);
        // The profile beside the account marks a first sign-in, so the page can say the account was created.
        return insertHandoff(tx, { userId: created.id, profile: held, next, browserHash });
      }
      return insertHandoff(tx, { userId: null, profile: held, next, browserHash });
    });
  } catch (err) {
    // Two first sign-ins of one person at once: the other one created the account.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new SsoRefusal('failed', 'the account was being created by another sign-in at the same moment');
    throw err;
  } finally {
    afterCommit(db, renamed);
  }
}

/** Records a refused sign-in (never a token), as the password sign-in does. */
export async function recordRefusal(db: Database, email: string | undefined, reason: string): Promise<void> {
  const user = email ? await findUserByEmail(db, email) : undefined;
  await recordAudit(db, {
    actor: { id: user?.id ?? null, email: user?.email ?? email ?? null },
    action: 'auth.sign_in_failed',
    target: user ? { type: 'user', id: user.id } : undefined,
    summary: `Single sign-on refused${email ? ` for ${email}` : ''}: ${reason}`,
  });
}

/**
 * Exchanges a hand-over code for a session, once, in the browser that started the sign-in
 * (`browserHash`: the hash of its binding cookie). A code holding a new person's profile needs their
 * business unit: without one it answers 409 and stays valid, so the page can ask and try again.
 */
export async function exchangeHandoff(db: Database, config: AppConfig, settings: OidcSettings, input: SsoExchangeInput, browserHash: string | undefined) {
  let renamed = false;
  try {
    return await db.transaction(async (tx) => {
      const handoff = await lockHandoff(tx, input.code);
      if (!handoff) throw new AppError(400, 'sso_code_invalid', HANDOFF_INVALID);
      // Someone else's code (sent as a link) must not sign this browser into their account. The code
      // stays valid: it is worthless without the browser it belongs to.
      if (!sameBrowser(handoff.browserHash, browserHash)) throw new AppError(403, SSO_BROWSER_MISMATCH, SSO_ERROR_MESSAGES.browser_mismatch);
      let user: UserRow | undefined;
      let created = false;
      if (handoff.userId) {
        [user] = await tx.select().from(users).where(eq(users.id, handoff.userId)).limit(1);
        created = handoff.profile !== null;
      } else if (handoff.profile) {
        const held = handoff.profile;
        const profile: SsoProfile = { ...held, role: settings.roleClaim ? held.role : undefined, businessUnit: input.businessUnit };
        // The account may have appeared since the callback (a sign-up, or another sign-in): use it.
        user = await existingAccount(tx, profile);
        if (user) {
          const applied = await applyProfile(tx, user, profile, settings);
          ({ user, renamed } = applied);
        } else if (!input.businessUnit) {
          throw new AppError(409, SSO_BUSINESS_UNIT_REQUIRED, `Choose your business unit to finish creating the account for ${held.email}.`, {
            businessUnit: 'Business unit is required',
          });
        } else {
          user = await provision(tx, { ...profile, businessUnit: input.businessUnit }, settings);
          created = true;
        }
      }
      if (!user) throw new AppError(400, 'sso_code_invalid', HANDOFF_INVALID);
      await deleteHandoff(tx, handoff.codeHash);
      const token = await createSession(tx, user.id, config.sessionTtlDays);
      await recordAudit(tx, {
        actor: user,
        action: 'auth.sign_in',
        target: { type: 'user', id: user.id },
        summary: `${user.email} signed in with single sign-on`,
      });
      return { token, user, next: handoff.next, created };
    });
  } catch (err) {
    if (err instanceof SsoRefusal) {
      // Only some refusals can happen here (a linked identity, a race); any other keeps the generic code.
      const code = `sso_${err.code}` as const;
      throw new AppError(409, isErrorCode(code) ? code : 'sso_failed', SSO_ERROR_MESSAGES[err.code]);
    }
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'sso_retry', 'Your account was being created by another sign-in at the same moment. Please try again.');
    throw err;
  } finally {
    afterCommit(db, renamed);
  }
}
