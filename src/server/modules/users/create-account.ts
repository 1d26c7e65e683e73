import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { resolveBusinessUnitName } from '../business-units/business-units.service';
import { countUsers, insertUser, type NewUser } from './users.repo';

/** A new account as its caller knows it: the password already hashed, the business unit as typed. */
export type NewAccount = Omit<NewUser, 'id' | 'role'> & {
  businessUnit: string;
  /** A role decided by the caller (an admin's choice, a provider's claim); without one the first-admin rule decides. */
  role?: UserRow['role'];
};

/**
 * Creates an account: the only way one comes to exist (sign-up, single sign-on, the ADMIN_EMAIL
 * bootstrap, an admin adding a member). Call it inside a transaction: the first-admin lock it takes is
 * held until that transaction ends, so the count it reads stays true until the new row is visible.
 * With `firstAccountBecomesAdmin`, an account without a role of its own becomes the administrator when
 * it is the first one, and `edit` otherwise. The business unit is resolved to its stored spelling
 * (created when missing). Duplicate emails are the caller's to answer (the unique index refuses them).
 */
export async function createAccount(
  tx: Database,
  account: NewAccount,
  options: { firstAccountBecomesAdmin: boolean },
): Promise<{ user: UserRow; firstAdmin: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.firstAdmin})`);
  const firstAdmin = options.firstAccountBecomesAdmin && (await countUsers(tx)) === 0;
  const businessUnit = await resolveBusinessUnitName(tx, account.businessUnit);
  const user = await insertUser(tx, { ...account, businessUnit, role: account.role ?? (firstAdmin ? 'admin' : 'edit') });
  return { user, firstAdmin };
}
