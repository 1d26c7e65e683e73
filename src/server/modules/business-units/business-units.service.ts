import type { BusinessUnit } from '../../../shared/schemas/business-units';
import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import {
  type BusinessUnitRow,
  findBusinessUnitByName,
  insertBusinessUnitIfMissing,
  listBusinessUnits,
} from './business-units.repo';

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
