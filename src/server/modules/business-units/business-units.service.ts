import type { BusinessUnit } from '../../../shared/schemas/business-units';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessUnits, prompts, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { forgetCachedSessions } from '../auth/sessions.repo';
import { type BusinessUnitRow, findBusinessUnitByName, insertBusinessUnitIfMissing, listBusinessUnits } from './business-units.repo';

export function toBusinessUnit(row: BusinessUnitRow): BusinessUnit {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

export async function getBusinessUnits(db: Database): Promise<BusinessUnit[]> {
  return (await listBusinessUnits(db)).map(toBusinessUnit);
}

/**
 * The unit a person picked or typed, in its stored spelling: an existing unit matching
 * case-insensitively is reused, otherwise the new name is created (in the caller's transaction).
 */
export async function resolveBusinessUnitName(db: Database, name: string): Promise<string> {
  return (await insertBusinessUnitIfMissing(db, name)).name;
}

/** Creates a unit; a name that exists already (any case) is a 409 whose message says so. */
export async function createBusinessUnit(db: Database, name: string): Promise<BusinessUnit> {
  const existing = await findBusinessUnitByName(db, name);
  if (existing) throw conflict(`Business unit "${existing.name}" already exists`, 'business_unit_exists');
  return toBusinessUnit(await insertBusinessUnitIfMissing(db, name));
}

/**
 * Renames a unit and carries the new name to users and prompts in the same transaction; the derived
 * prompt values are dropped once it has committed.
 */
export async function renameBusinessUnit(db: Database, id: string, name: string): Promise<BusinessUnit> {
  return db
    .transaction(async (tx) => {
      const [unit] = await tx.select().from(businessUnits).where(eq(businessUnits.id, id)).limit(1);
      if (!unit) throw notFound('Business unit not found', 'business_unit_not_found');
      const clash = await findBusinessUnitByName(tx, name);
      if (clash && clash.id !== id) throw conflict(`Business unit "${clash.name}" already exists`, 'business_unit_exists');
      const [renamed] = await tx.update(businessUnits).set({ name }).where(eq(businessUnits.id, id)).returning();
      if (unit.name !== name) {
        await tx.update(users).set({ businessUnit: name }).where(eq(users.businessUnit, unit.name));
        await tx.update(prompts).set({ userBusinessUnit: name }).where(eq(prompts.userBusinessUnit, unit.name));
      }
      return toBusinessUnit(renamed!);
    })
    .finally(() => {
      forgetCachedSessions();
      afterPromptWrite(db);
    });
}

/** Deletes an unreferenced unit; one that users or prompts still name is refused with the counts. */
export async function deleteBusinessUnit(db: Database, id: string): Promise<void> {
  const [unit] = await db.select().from(businessUnits).where(eq(businessUnits.id, id)).limit(1);
  if (!unit) throw notFound('Business unit not found', 'business_unit_not_found');
  const [u] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.businessUnit, unit.name));
  const [p] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prompts)
    .where(eq(prompts.userBusinessUnit, unit.name));
  const userCount = u?.n ?? 0;
  const promptCount = p?.n ?? 0;
  if (userCount || promptCount) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    throw conflict(
      `Business unit "${unit.name}" is referenced by ${plural(userCount, 'user')} and ${plural(promptCount, 'prompt')}. Move them to another unit first.`,
      'business_unit_referenced',
    );
  }
  await db.delete(businessUnits).where(eq(businessUnits.id, id));
}
