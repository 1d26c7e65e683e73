import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { prompts, promptVersions, trashedPrompts } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';

// An AI application's name is copied into every prompt that names it (`prompts.ai_models`, from which
// PostgreSQL derives the facets and the search vector, and triggers the filter keys and the stored list
// item), into each saved version and into each trashed prompt's snapshot. A rename or a merge rewrites
// them all in the caller's transaction, so a restored version or trashed prompt never brings back a
// name that is gone.

/** The filter keys of application names: the GIN index on `facets` finds the prompts that name any of them. */
const modelKeys = (names: string[]) => textArray(names.map((n) => `m:${n}`));

/**
 * `names` with every one of `from` replaced by `to`, each name once, at its first place: a prompt that
 * named both a merged application and its target names the target once.
 */
function replacedNames(names: SQL, from: string[], to: string): SQL {
  return sql`(select coalesce(array_agg(v order by i), '{}'::text[]) from (
      select v, min(i) as i from (
        select case when u.v = any(${textArray(from)}) then ${to}::text else u.v end as v, u.i
        from unnest(${names}) with ordinality as u(v, i)
      ) replaced group by v
    ) kept)`;
}

/** The same replacement on a JSON array of names, as trashed snapshots hold them. */
const replacedJsonNames = (names: SQL, from: string[], to: string) =>
  sql`to_jsonb(${replacedNames(sql`array(select jsonb_array_elements_text(${names}))`, from, to)})`;

/**
 * Replaces the application names `from` by `to` in every prompt, version and trashed prompt, leaving
 * their updated times alone (a catalog change is not an edit of the prompt). Returns how many prompts
 * changed. Call it inside the transaction that changes the catalog, then `afterPromptWrite`.
 */
export async function replaceAiModelNames(tx: Database, from: string[], to: string): Promise<number> {
  if (from.length === 0) return 0;
  const changed = await queryRows(
    tx,
    sql`update ${prompts} p set ai_models = ${replacedNames(sql`p.ai_models`, from, to)}
        where p.facets && ${modelKeys(from)} returning p.id`,
  );
  await tx.execute(
    sql`update ${promptVersions} v set ai_models = ${replacedNames(sql`v.ai_models`, from, to)}
        where v.ai_models && ${textArray(from)}`,
  );
  const fromJson = textArray(from);
  await tx.execute(
    sql`update ${trashedPrompts} t set snapshot = jsonb_set(
          jsonb_set(t.snapshot, '{prompt,aiModels}', ${replacedJsonNames(sql`t.snapshot->'prompt'->'aiModels'`, from, to)}),
          '{versions}',
          coalesce((select jsonb_agg(case when jsonb_typeof(e.v->'aiModels') = 'array'
                                          then jsonb_set(e.v, '{aiModels}', ${replacedJsonNames(sql`e.v->'aiModels'`, from, to)})
                                          else e.v end order by e.i)
                    from jsonb_array_elements(t.snapshot->'versions') with ordinality as e(v, i)), '[]'::jsonb))
        where t.snapshot->'prompt'->'aiModels' ?| ${fromJson}
           or exists (select 1 from jsonb_array_elements(t.snapshot->'versions') as e(v) where e.v->'aiModels' ?| ${fromJson})`,
  );
  return changed.length;
}

/** How many prompts name the application `name`. */
export async function countPromptsNaming(tx: Database, name: string): Promise<number> {
  const [row] = await queryRows(tx, sql`select count(*)::int as n from ${prompts} where facets && ${modelKeys([name])}`);
  return Number(row?.n ?? 0);
}
