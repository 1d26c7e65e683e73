import { and, eq } from 'drizzle-orm';
import type { LoginInput, ProfileInput, RegisterInput } from '../../../shared/schemas/auth';
import type { ErrorCode } from '../../../shared/error-codes';
import { canChangeOwnUnit, SELF_UNIT_CHANGE_MESSAGE } from '../../../shared/visibility';
import { type AppConfig, BOOTSTRAP_ADMIN_NAME } from '../../config';
import type { Database } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { AppError, conflict, invalidFields, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/crypto';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { assertPasswordAllowed, passwordProblem } from '../../lib/password-policy';
import { resolveBusinessUnitName } from '../business-units/business-units.service';
import { createAccount } from '../users/create-account';
import { findUserByEmail, type NewUser, syncAuthorName, updateUser } from '../users/users.service';
import { invalidateResetTokens } from './password-reset.service';
import { recordAudit } from '../audit/audit';
import { revokeAllTokensOf } from '../tokens/tokens.service';
import { createSession, revokeSession, revokeUserSessions } from './sessions.repo';
import { afterUserWrite } from '../../lib/user-derived-cache';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TEMP_PASSWORD_EXPIRED = 'Your temporary password has expired. Ask an administrator to reset it.';
const EMAIL_TAKEN = 'An account with this email already exists';

/** Whether the member still holds an admin-set temporary password that has stopped working. */
export function hasExpiredTemporaryPassword(user: Pick<UserRow, 'mustChangePassword' | 'tempPasswordExpiresAt'>, now = Date.now()): boolean {
  return user.mustChangePassword === 'true' && user.tempPasswordExpiresAt !== null && user.tempPasswordExpiresAt.getTime() <= now;
}

export async function register(db: Database, config: AppConfig, input: RegisterInput) {
  await assertPasswordAllowed(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Also refused by the unique index (below), for a sign-up with the same email at the same moment.
      if (await findUserByEmail(tx, input.email)) throw conflict(EMAIL_TAKEN, 'email_taken');
      const { user, firstAdmin } = await createAccount(
        tx,
        { email: input.email, password: passwordHash, firstName: input.firstName, lastName: input.lastName, businessUnit: input.businessUnit },
        { firstAccountBecomesAdmin: true },
      );
      const { businessUnit } = user;
      const token = await createSession(tx, user.id, config.sessionTtlDays);
      await recordAudit(tx, {
        actor: user,
        action: 'auth.sign_up',
        target: { type: 'user', id: user.id },
        summary: `${user.email} signed up in “${businessUnit}”${firstAdmin ? ' as the first administrator' : ''}`,
        after: { email: user.email, firstName: user.firstName, lastName: user.lastName, businessUnit, role: user.role },
      });
      return { token, user, firstAdmin };
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(EMAIL_TAKEN, 'email_taken');
    throw err;
  }
}

export async function login(db: Database, config: AppConfig, input: LoginInput) {
  const user = await findUserByEmail(db, input.email);
  /** A refused sign-in is recorded (never the password), then answered. */
  const refuse = async (code: ErrorCode, message: string, reason: string): Promise<never> => {
    await recordAudit(db, {
      actor: { id: user?.id ?? null, email: user?.email ?? input.email.trim().toLowerCase().slice(0, 254) },
      action: 'auth.sign_in_failed',
      target: user ? { type: 'user', id: user.id } : undefined,
      summary: `Sign-in refused for ${user?.email ?? input.email.trim().slice(0, 254)}: ${reason}`,
    });
    throw new AppError(401, code, message);
  };
  if (!user) {
    await verifyAgainstDummy(input.password);
    return refuse('invalid_credentials', INVALID_CREDENTIALS, 'no account with this email');
  }
  if (!(await verifyPassword(user.password, input.password))) {
    return refuse('invalid_credentials', INVALID_CREDENTIALS, 'wrong password');
  }
  // Told only to someone who knows the temporary password, so it reveals nothing to a guesser.
  if (hasExpiredTemporaryPassword(user)) {
    return refuse('temporary_password_expired', TEMP_PASSWORD_EXPIRED, 'temporary password expired');
  }
  const token = await db.transaction(async (tx) => {
    const created = await createSession(tx, user.id, config.sessionTtlDays);
    await recordAudit(tx, { actor: user, action: 'auth.sign_in', target: { type: 'user', id: user.id }, summary: `${user.email} signed in` });
    return created;
  });
  return { token, user };
}

/** Ends one session (sign-out); a request without a valid session has nothing to end or record. */
export async function logout(db: Database, user: UserRow | null, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  await db
    .transaction(async (tx) => {
      await revokeSession(tx, sessionId);
      if (user) await recordAudit(tx, { actor: user, action: 'auth.sign_out', target: { type: 'user', id: user.id }, summary: `${user.email} signed out` });
    })
    // After commit: a lookup that ran during the transaction may have cached the session.
    .finally(() => afterUserWrite(db));
}

/**
 * Changes the signed-in user's password and signs out their other sessions; unless `revokeApiTokens`
 * is false, their API tokens go too.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  sessionId: string,
  input: { currentPassword: string; newPassword: string; revokeApiTokens?: boolean },
): Promise<void> {
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw invalidFields('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  // Its session ends with it (sessions.repo); this also holds for a request that got in just before.
  if (hasExpiredTemporaryPassword(user)) {
    throw invalidFields(TEMP_PASSWORD_EXPIRED, { currentPassword: TEMP_PASSWORD_EXPIRED });
  }
  await assertPasswordAllowed(input.newPassword, user, 'newPassword');
  const password = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { password, mustChangePassword: 'false', tempPasswordExpiresAt: null });
    await invalidateResetTokens(tx, user.id);
    await revokeUserSessions(tx, user.id, sessionId);
    await recordAudit(tx, {
      actor: user,
      action: 'auth.password_changed',
      target: { type: 'user', id: user.id },
      summary: `${user.email} changed their password${user.mustChangePassword === 'true' ? ' (replacing a temporary one)' : ''}`,
    });
    if (input.revokeApiTokens !== false) await revokeAllTokensOf(tx, user.id, user, 'with a password change');
  });
  // After commit: a lookup that ran during the transaction may have read the old row.
  afterUserWrite(db);
}

export async function updateProfile(db: Database, user: UserRow, input: ProfileInput): Promise<UserRow> {
  const renamed = input.firstName !== user.firstName || input.lastName !== user.lastName;
  return db
    .transaction(async (tx) => {
      const businessUnit = await resolveBusinessUnitName(tx, input.businessUnit);
      // Unit prompts are shared by unit: a member may not put themselves into another unit.
      if (businessUnit.toLowerCase() !== user.businessUnit.toLowerCase() && !canChangeOwnUnit(user)) {
        throw new AppError(403, 'forbidden', SELF_UNIT_CHANGE_MESSAGE);
      }
      const updated = await updateUser(tx, user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        businessUnit,
      });
      if (renamed) await syncAuthorName(tx, user.id, input.firstName, input.lastName);
      return updated!;
    })
    .finally(() => {
      afterUserWrite(db);
      if (renamed) afterPromptWrite(db);
    });
}

/**
 * At start: make sure ADMIN_EMAIL exists with role admin (its password is set only when created), with a
 * last name and a business unit, so its prompts show who wrote them and where. A name or unit the account
 * already has is never replaced; one still empty is filled, and the unit is created when missing.
 */
export async function ensureBootstrapAdmin(
  db: Database,
  email: string,
  password: string,
  businessUnit: string,
): Promise<'created' | 'promoted' | 'completed' | 'unchanged'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const changes: Partial<NewUser> = {};
    if (existing.role !== 'admin') changes.role = 'admin';
    if (!existing.firstName.trim()) changes.firstName = BOOTSTRAP_ADMIN_NAME.firstName;
    if (!existing.lastName.trim()) changes.lastName = BOOTSTRAP_ADMIN_NAME.lastName;
    const unitMissing = !existing.businessUnit.trim();
    if (!Object.keys(changes).length && !unitMissing) return 'unchanged';
    await completeBootstrapAdmin(db, existing, changes, unitMissing ? businessUnit : undefined);
    return changes.role ? 'promoted' : 'completed';
  }
  const problem = await passwordProblem(password, { email, ...BOOTSTRAP_ADMIN_NAME });
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) =>
    createAccount(tx, { email, password: passwordHash, ...BOOTSTRAP_ADMIN_NAME, businessUnit, role: 'admin' }, { firstAccountBecomesAdmin: false }),
  );
  return 'created';
}

/**
 * Applies `changes` to the bootstrap admin and, when it has no unit, gives it (and its prompts without one)
 * `businessUnit`; prompts keep a copy of their author's name, rewritten when the name was filled.
 */
async function completeBootstrapAdmin(db: Database, admin: UserRow, changes: Partial<NewUser>, businessUnit: string | undefined) {
  const renamed = changes.firstName !== undefined || changes.lastName !== undefined;
  await db
    .transaction(async (tx) => {
      const unit = businessUnit === undefined ? undefined : await resolveBusinessUnitName(tx, businessUnit);
      await updateUser(tx, admin.id, unit ? { ...changes, businessUnit: unit } : changes);
      if (renamed) await syncAuthorName(tx, admin.id, changes.firstName ?? admin.firstName, changes.lastName ?? admin.lastName);
      if (unit)
        await tx
          .update(prompts)
          .set({ userBusinessUnit: unit })
          .where(and(eq(prompts.userId, admin.id), eq(prompts.userBusinessUnit, '')));
    })
    .finally(() => {
      afterUserWrite(db);
      if (renamed || businessUnit !== undefined) afterPromptWrite(db);
    });
}
