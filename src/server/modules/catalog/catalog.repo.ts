import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiModels, prompts, tags } from '../../db/schema';

type NameTable = typeof aiModels | typeof tags;

/**
 * Records names in a catalog table (the first spelling wins) and returns each input in its stored
 * spelling, in input order: "LEGAL" comes back as "Legal" when "Legal" is known.
 */
async function canonicalNames(db: Database, table: NameTable, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await db
    .insert(table)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ name: table.name })
    .from(table)
    .where(
      sql`lower(${table.name}) in (${sql.join(
        lowered.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  const byLower = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
  const out: string[] = [];
  for (const name of names) {
    const canonical = byLower.get(name.toLowerCase()) ?? name;
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

export const canonicalTags = (db: Database, names: string[]) => canonicalNames(db, tags, names);
export const canonicalAiModels = (db: Database, names: string[]) => canonicalNames(db, aiModels, names);

export async function listNames(db: Database, table: NameTable): Promise<string[]> {
  const rows = await db
    .select({ name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`));
  return rows.map((r) => r.name);
}

export const listAiModelNames = (db: Database) => listNames(db, aiModels);

/** The AI application catalog with launch and home URLs, by name. */
export function listAiModels(db: Database) {
  return db
    .select({ id: aiModels.id, name: aiModels.name, launchUrl: aiModels.launchUrl, homeUrl: aiModels.homeUrl })
    .from(aiModels)
    .orderBy(asc(sql`lower(${aiModels.name})`));
}
export const listTagNames = (db: Database) => listNames(db, tags);

/** How many prompts use each value, in one pass per column; only the prompts `where` holds, when given. */
export async function usageCounts(db: Database, where?: SQL) {
  const count = sql<number>`count(*)::int`;
  const tagValue = sql<string>`t.value`;
  const [units, models, tagRows] = await Promise.all([
    db
      .select({ value: prompts.userBusinessUnit, count })
      .from(prompts)
      .where(and(sql`${prompts.userBusinessUnit} <> ''`, where))
      .groupBy(prompts.userBusinessUnit),
    db
      .select({ value: tagValue, count })
      .from(sql`${prompts}, unnest(${prompts.aiModels}) as t(value)`)
      .where(where)
      .groupBy(tagValue),
    db
      .select({ value: tagValue, count })
      .from(sql`${prompts}, unnest(${prompts.tags}) as t(value)`)
      .where(where)
      .groupBy(tagValue),
  ]);
  const sorted = (rows: Array<{ value: string; count: number }>) => [...rows].sort((a, b) => a.value.localeCompare(b.value, 'en', { sensitivity: 'base' }));
  return { businessUnits: sorted(units), aiModels: sorted(models), tags: sorted(tagRows) };
}
