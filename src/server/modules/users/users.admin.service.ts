import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SESSION_REQUIRED, sessionOnlyUserChange, sessionRequiredMessage } from '../../../shared/policies/tokens';
import { type AdminUser, OWN_ROLE_MESSAGE } from '../../../shared/schemas/users';
import type { z } from 'zod';
import type { adminUserInputSchema } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { prompts, trashedPrompts, type UserRow, users } from '../../db/schema';
import { badRequest, conflict, forbidden, invalidFields, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { hashPassword, newTemporaryPassword } from '../../lib/crypto';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { changes, recordAudit } from '../audit/audit';
import { invalidateResetTokens } from '../auth/password-reset.service';
import { revokeUserSessions } from '../auth/sessions.service';
import { resolveBusinessUnitName } from '../business-units/business-units.service';
import { revokeAllTokensOf } from '../tokens/tokens.service';
import { toPublicUser } from './users.presenter';
import { createAccount } from './create-account';
import { findUserById, syncAuthorName, updateUser } from './users.repo';
import { afterUserWrite } from '../../lib/user-derived-cache';
import { plural } from '../../../shared/plural';
import { handOverCollections } from '../collections/collections.lifecycle';
import { handOverSnippets } from '../snippets/snippets.service';

type Input = z.output<typeof adminUserInputSchema>;
const EMAIL_TAKEN = 'An account with this email already exists';

/** Every user with their prompt count, in one query. */
export async function listUsersWithCounts(db: Database): Promise<AdminUser[]> {
  const counts = db
    .select({ userId: prompts.userId, n: sql<number>`count(*)::int`.as('n') })
    .from(prompts)
    .groupBy(prompts.userId)
    .as('counts');
  const rows = await db
    .select({ user: users, n: counts.n })
    .from(users)
    .leftJoin(counts, eq(counts.userId, users.id))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.email));
  return rows.map((r) => ({ ...toPublicUser(r.user), promptCount: r.n ?? 0 }));
}

function emailTaken(err: unknown): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(EMAIL_TAKEN, 'email_taken');
  throw err;
}

/**
 * A random temporary password, answered once to the admin and stored only as its hash: nothing about
 * the user lets anyone derive it, and it stops working after `ttlHours`.
 */
async function temporaryCredentials(ttlHours: number) {
  const temporaryPassword = newTemporaryPassword();
  const password = await hashPassword(temporaryPassword);
  const tempPasswordExpiresAt = new Date(Date.now() + ttlHours * 60 * 60 * 1000);
  return { temporaryPassword, stored: { password, mustChangePassword: 'true' as const, tempPasswordExpiresAt } };
}

/**
 * The stored password of an account made while only single sign-on is allowed. Not a PHC string, so
 * argon2 refuses to verify anything against it: no password, not even a guessed one, ever matches.
 */
export const NO_PASSWORD = '!single-sign-on-only';

/** What the audit log shows of an account (never a password). */
const auditedUser = (u: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'businessUnit' | 'role'>) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  businessUnit: u.businessUnit,
  role: u.role,
});

/**
 * Adds a member. With `passwordSignIn` they get a temporary password (answered once); without it
 * (OIDC_ONLY) they get none and sign in through the identity provider.
 */
export async function createUserAsAdmin(db: Database, actor: UserRow, input: Input, options: { ttlHours: number; passwordSignIn: boolean }) {
  const { temporaryPassword, stored } = options.passwordSignIn
    ? await temporaryCredentials(options.ttlHours)
    : { temporaryPassword: undefined, stored: { password: NO_PASSWORD, mustChangePassword: 'false' as const, tempPasswordExpiresAt: null } };
  const user = await db
    .transaction(async (tx) => {
      const { user: created } = await createAccount(tx, { ...input, ...stored }, { firstAccountBecomesAdmin: false });
      await recordAudit(tx, {
        actor,
        action: 'user.created',
        target: { type: 'user', id: created.id },
        summary: `Created ${created.email} (${created.role}) ${temporaryPassword ? 'with a temporary password' : 'to sign in with single sign-on'}`,
        after: auditedUser(created),
      });
      return created;
    })
    .catch(emailTaken);
  return { user, temporaryPassword };
}

async function countAdmins(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Changes a member; `viaApiToken` refuses what only a signed-in session may change (a new email, the admin role). */
export async function updateUserAsAdmin(db: Database, actor: UserRow, id: string, input: Input, viaApiToken: boolean): Promise<UserRow> {
  const target = await findUserById(db, id);
  if (!target) throw notFound('User not found', 'user_not_found');
  const sessionOnly = viaApiToken ? sessionOnlyUserChange(target, input) : null;
  if (sessionOnly) throw forbidden(sessionRequiredMessage(sessionOnly), SESSION_REQUIRED);
  if (target.id === actor.id && input.role !== target.role) throw invalidFields(OWN_ROLE_MESSAGE, { role: OWN_ROLE_MESSAGE });
  if (target.role === 'admin' && input.role !== 'admin' && (await countAdmins(db, target.id)) === 0) {
    throw conflict('The last administrator cannot be demoted. Make another user an admin first.', 'last_admin');
  }
  const renamed = input.firstName !== target.firstName || input.lastName !== target.lastName;
  return db
    .transaction(async (tx) => {
      const businessUnit = await resolveBusinessUnitName(tx, input.businessUnit);
      const updated = await updateUser(tx, id, { ...input, businessUnit });
      if (renamed) await syncAuthorName(tx, id, input.firstName, input.lastName);
      const changed = changes(auditedUser(target), auditedUser(updated!));
      if (changed) {
        const role = target.role !== updated!.role ? `: role ${target.role} → ${updated!.role}` : '';
        await recordAudit(tx, { actor, action: 'user.updated', target: { type: 'user', id }, summary: `Updated ${updated!.email}${role}`, ...changed });
      }
      return updated!;
    })
    .catch(emailTaken)
    .finally(() => {
      afterUserWrite(db);
      if (renamed) afterPromptWrite(db);
    });
}

export async function resetPasswordAsAdmin(db: Database, actor: UserRow, id: string, ttlHours: number) {
  const target = await findUserById(db, id);
  if (!target) throw notFound('User not found', 'user_not_found');
  const { temporaryPassword, stored } = await temporaryCredentials(ttlHours);
  const user = await db
    .transaction(async (tx) => {
      const updated = await updateUser(tx, id, stored);
      await invalidateResetTokens(tx, id);
      await revokeUserSessions(tx, id);
      await recordAudit(tx, {
        actor,
        action: 'user.password_reset',
        target: { type: 'user', id },
        summary: `Reset the password of ${target.email} to a temporary one`,
      });
      // Whoever made the reset necessary may hold the member's tokens too.
      await revokeAllTokensOf(tx, id, actor, `with a reset of ${target.email}’s password`);
      return updated!;
    })
    .finally(() => afterUserWrite(db));
  return { user, temporaryPassword };
}

/**
 * Deletes a user and, with `transferTo`, first gives their prompts to another user. A title the new
 * owner already has gets " (from First Last)" appended, so nothing is lost to the per-user unique title.
 */
export async function deleteUserAsAdmin(db: Database, actor: UserRow, id: string, transferTo?: string): Promise<{ transferred: number }> {
  if (id === actor.id) throw badRequest('You cannot delete your own account', 'self_delete');
  const target = await findUserById(db, id);
  if (!target) throw notFound('User not found', 'user_not_found');
  if (target.role === 'admin' && (await countAdmins(db, target.id)) === 0) throw conflict('The last administrator cannot be deleted', 'last_admin');
  let recipient: UserRow | undefined;
  if (transferTo) {
    if (transferTo === id) throw invalidFields('Choose another user to receive the prompts', { transferTo: 'Choose another user' });
    recipient = await findUserById(db, transferTo);
    if (!recipient) throw invalidFields('The user to transfer the prompts to does not exist', { transferTo: 'Unknown user' });
  }
  return db
    .transaction(async (tx) => {
      let transferred = 0;
      if (recipient) {
        const suffix = ` (from ${`${target.firstName} ${target.lastName}`.trim() || target.email})`;
        await tx.execute(sql`update prompts p set title = p.title || ${suffix}
        where p.user_id = ${id} and exists (select 1 from prompts q where q.user_id = ${recipient.id} and lower(q.title) = lower(p.title))`);
        const moved = await tx
          .update(prompts)
          .set({ userId: recipient.id, authorName: `${recipient.firstName} ${recipient.lastName}`.trim() })
          .where(eq(prompts.userId, id))
          .returning({ id: prompts.id });
        transferred = moved.length;
        // Library Health lists them as orphaned until someone hands them on (a trigger ends the mark).
        const fromName = `${target.firstName} ${target.lastName}`.trim() || target.email;
        await tx.execute(sql`insert into prompt_handovers (prompt_id, from_name, from_email)
          select unnest(${`{${moved.map((p) => p.id).join(',')}}`}::uuid[]), ${fromName}, ${target.email}
          on conflict (prompt_id) do update set from_name = excluded.from_name, from_email = excluded.from_email, handed_at = now()`);
        // The recipient owns what they co-owned of these now: not both.
        await tx.execute(
          sql`update prompts set co_owner_ids = array_remove(co_owner_ids, ${recipient.id}::uuid) where user_id = ${recipient.id} and co_owner_ids @> array[${recipient.id}::uuid]`,
        );
        // Their trashed prompts go too, so the recipient can still restore them.
        await tx.update(trashedPrompts).set({ ownerId: recipient.id }).where(eq(trashedPrompts.ownerId, id));
      }
      // Their co-ownerships end with them (prompts they own went above, or go with the account).
      await tx.execute(sql`update prompts set co_owner_ids = array_remove(co_owner_ids, ${id}::uuid) where co_owner_ids @> array[${id}::uuid]`);
      await handOverCollections(tx, target, recipient);
      // Snippets outlive their author (others' prompts may include them): the recipient's, else the acting admin's.
      await handOverSnippets(tx, target.id, (recipient ?? actor).id);
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, {
        actor,
        action: 'user.deleted',
        target: { type: 'user', id },
        summary: recipient
          ? `Deleted ${target.email}; ${transferred} ${plural(transferred, 'prompt')} transferred to ${recipient.email}`
          : `Deleted ${target.email} and their prompts`,
        before: auditedUser(target),
        after: recipient ? { transferredTo: { id: recipient.id, email: recipient.email }, transferredPrompts: transferred } : null,
      });
      return { transferred };
    })
    .finally(() => {
      afterUserWrite(db);
      // Their prompts left the lists (or changed author), after commit.
      afterPromptWrite(db);
    });
}
