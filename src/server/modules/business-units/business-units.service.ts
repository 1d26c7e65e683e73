import type { BusinessUnit } from '../../../shared/schemas/business-units';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type BusinessUnitRow, findBusinessUnitByName, insertBusinessUnitIfMissing, listBusinessUnits } from './business-units.repo';

// The units as every module reads and names them (other modules come here, never to the repository).
// Renaming and deleting, which carry a unit's name to users and prompts, are in business-units.admin.service.ts.

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

/** Every unit's name, in the list's order (case-insensitive A to Z). */
export async function listBusinessUnitNames(db: Database): Promise<string[]> {
  return (await listBusinessUnits(db)).map((u) => u.name);
}

/** The unit of that name (any case), or undefined: for choices that must name an existing unit. */
export function findBusinessUnit(db: Database, name: string): Promise<BusinessUnitRow | undefined> {
  return findBusinessUnitByName(db, name);
}

/** Creates a unit; a name that exists already (any case) is a 409 whose message says so. */
export async function createBusinessUnit(db: Database, actor: UserRow, name: string): Promise<BusinessUnit> {
  const existing = await findBusinessUnitByName(db, name);
  if (existing) throw conflict(`Business unit "${existing.name}" already exists`, 'business_unit_exists');
  return db.transaction(async (tx) => {
    const unit = await insertBusinessUnitIfMissing(tx, name);
    await recordAudit(tx, {
      actor,
      action: 'business_unit.created',
      target: { type: 'business_unit', id: unit.id },
      summary: `Created business unit “${unit.name}”`,
      after: { name: unit.name },
    });
    return toBusinessUnit(unit);
  });
}
