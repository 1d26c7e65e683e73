import { and, asc, inArray, sql } from 'drizzle-orm';
import type { PromptPerson } from '../../../shared/schemas/owners';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

// Members as other members see them when sharing work: the people a prompt can be given to or shared
// with. Only names, email, unit and role: never what a profile or the admin screens hold beyond that.

const WRITER_ROLES = ['edit', 'admin'] as const;
const WRITER_SEARCH_LIMIT = 20;

export function toPromptPerson(row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'businessUnit' | 'role'>): PromptPerson {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, businessUnit: row.businessUnit, role: row.role };
}

/** These users, in the order asked (ids that name nobody are left out). */
export async function findPeople(db: Database, ids: readonly string[]): Promise<PromptPerson[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toPromptPerson(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Up to twenty members who can write prompts, whose name or email contains `search` (all of them,
 * alphabetically, when it is empty). The users table is small beside the prompts: one pass is enough.
 */
export async function searchWriters(db: Database, search: string): Promise<PromptPerson[]> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or lower(${users.email}) like ${pattern})`;
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...WRITER_ROLES]), search ? matches : undefined))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email))
    .limit(WRITER_SEARCH_LIMIT);
  return rows.map(toPromptPerson);
}
