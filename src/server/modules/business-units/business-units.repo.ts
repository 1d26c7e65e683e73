import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessUnits } from '../../db/schema';

export type BusinessUnitRow = typeof businessUnits.$inferSelect;

export function listBusinessUnits(db: Database): Promise<BusinessUnitRow[]> {
  return db
    .select()
    .from(businessUnits)
    .orderBy(asc(sql`lower(${businessUnits.name})`));
}

export async function findBusinessUnitByName(db: Database, name: string): Promise<BusinessUnitRow | undefined> {
  const [row] = await db
    .select()
    .from(businessUnits)
    .where(sql`lower(${businessUnits.name}) = lower(${name.trim()})`)
    .limit(1);
  return row;
}

/** Inserts unless a unit with the same name (case-insensitive) exists; returns the stored row either way. */
export async function insertBusinessUnitIfMissing(db: Database, name: string): Promise<BusinessUnitRow> {
  const [inserted] = await db.insert(businessUnits).values({ name: name.trim() }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await findBusinessUnitByName(db, name);
  if (!existing) throw new Error(`business unit "${name}" vanished during insert`);
  return existing;
}
