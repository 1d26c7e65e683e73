import { type SQL, sql } from 'drizzle-orm';
import { MAX_SNIPPET_DEPTH, renameInclusion } from '../../../shared/snippets';
import { type Database, queryRows } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { uuidArray } from '../../db/sql-arrays';
import { seenBy } from '../prompt-query';
import { snippetSeenBy } from './snippet-resolver';

// Where snippets are used, read from the links the database keeps from the texts themselves
// (prompt_snippets, snippet_inclusions; see migration 0034): which prompts include a snippet directly
// or through other snippets, which snippets include it, how deep it sits, and a rename carried into
// every text that names it.

const select = async <T>(db: Database, statement: SQL) => (await queryRows(db, statement)) as T[];

/** Each of `ids` with every snippet that includes it, up to the depth expansion goes (`up(root, id, depth)`). */
const includers = (ids: readonly string[]): SQL => sql`with recursive up(root, id, depth) as (
    select r, r, 0 from unnest(${uuidArray(ids)}) as r
    union
    select up.root, si.snippet_id, up.depth + 1 from snippet_inclusions si join up on si.included_id = up.id where up.depth < ${MAX_SNIPPET_DEPTH}
  )`;

/** Per snippet, how many prompts the viewer may see include it (directly or through snippets). */
export async function usedInCounts(db: Database, viewer: UserRow, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const found = await select<{ id: string; n: number }>(
    db,
    sql`${includers(ids)}
      select up.root as id, count(distinct ps.prompt_id)::int as n
      from up join prompt_snippets ps on ps.snippet_id = up.id join ${prompts} on ${prompts.id} = ps.prompt_id
      where ${seenBy(viewer)} group by up.root`,
  );
  return new Map(found.map((r) => [r.id, Number(r.n)]));
}

export const USED_IN_LISTED = 200;

/** The prompts that include a snippet: those the viewer may see (the first USED_IN_LISTED by title) and how many others. */
export async function usedIn(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<{ prompts: Array<{ id: string; title: string }>; visible: number; hidden: number }> {
  const reached = sql`${includers([id])}, reached as (
      select distinct ps.prompt_id from up join prompt_snippets ps on ps.snippet_id = up.id
    )`;
  const [listed, counts] = await Promise.all([
    select<{ id: string; title: string }>(
      db,
      sql`${reached} select ${prompts.id} as id, ${prompts.title} as title from reached join ${prompts} on ${prompts.id} = reached.prompt_id
        where ${seenBy(viewer)} order by lower(${prompts.title}), ${prompts.id} limit ${USED_IN_LISTED}`,
    ),
    select<{ visible: number; hidden: number }>(
      db,
      sql`${reached} select count(*) filter (where ${seenBy(viewer)})::int as visible, count(*) filter (where not (${seenBy(viewer)}))::int as hidden
        from reached join ${prompts} on ${prompts.id} = reached.prompt_id`,
    ),
  ]);
  return { prompts: listed, visible: Number(counts[0]?.visible ?? 0), hidden: Number(counts[0]?.hidden ?? 0) };
}

/** The snippets that include this one directly, those the viewer may see, by name. */
export function includedBy(db: Database, viewer: UserRow, id: string): Promise<Array<{ id: string; name: string }>> {
  return select(
    db,
    sql`select snippets.id, snippets.name from snippet_inclusions si join snippets on snippets.id = si.snippet_id
      where si.included_id = ${id}::uuid and ${snippetSeenBy(viewer)} order by lower(snippets.name)`,
  );
}

/** How many levels of snippets include this one (0: only prompts, or nothing, include it). */
export async function levelsAbove(db: Database, id: string): Promise<number> {
  const [row] = await select<{ depth: number | null }>(db, sql`${includers([id])} select max(depth)::int as depth from up`);
  return Number(row?.depth ?? 0);
}

/** Whether any prompt or snippet includes it (one that does blocks deletion). */
export async function isIncluded(db: Database, id: string): Promise<boolean> {
  const found = await queryRows(
    db,
    sql`select 1 from prompt_snippets where snippet_id = ${id}::uuid union all select 1 from snippet_inclusions where included_id = ${id}::uuid limit 1`,
  );
  return found.length > 0;
}

/**
 * Who reads the texts that include a snippet directly: each prompt's and snippet's visibility and
 * owner, and whether `viewer` may see the text (else it is not named to them).
 */
export function directReaders(db: Database, viewer: UserRow, id: string) {
  return select<{
    label: string;
    visible: boolean;
    visibility: 'private' | 'units' | 'organization';
    visibleUnits: string[];
    ownerId: string;
    ownerUnit: string;
    coOwners: Array<{ id: string; businessUnit: string }>;
  }>(
    db,
    sql`select 'prompt “' || prompts.title || '”' as label, ${seenBy(viewer)} as visible, prompts.visibility, prompts.visible_units as "visibleUnits",
          prompts.user_id as "ownerId", u.business_unit as "ownerUnit",
          coalesce((select json_agg(json_build_object('id', c.id, 'businessUnit', c.business_unit)) from users c where c.id = any(prompts.co_owner_ids)), '[]'::json) as "coOwners"
        from prompt_snippets ps join prompts on prompts.id = ps.prompt_id join users u on u.id = prompts.user_id where ps.snippet_id = ${id}::uuid
      union all
      select 'snippet “' || snippets.name || '”', ${snippetSeenBy(viewer)}, snippets.visibility, snippets.visible_units, snippets.user_id, u.business_unit, '[]'::json
        from snippet_inclusions si join snippets on snippets.id = si.snippet_id join users u on u.id = snippets.user_id where si.included_id = ${id}::uuid`,
  );
}

/**
 * A renamed snippet's new name in every text that includes it: the prompts and snippets (and their
 * saved versions, so that restoring one brings back a name that exists). Names hold only letters,
 * digits, `-` and `_`, so they go into the pattern as they are.
 */
export async function renameInclusions(tx: Database, id: string, from: string, to: string): Promise<void> {
  const pattern = `(?<!\\\\)\\{\\{>[ \\t\\n\\r\\f\\v]*${from}[ \\t\\n\\r\\f\\v]*\\}\\}`;
  const replaced = (column: SQL) => sql`regexp_replace(${column}, ${pattern}, ${`{{> ${to}}}`}, 'gi')`;
  const promptIds = sql`(select prompt_id from prompt_snippets where snippet_id = ${id}::uuid)`;
  const snippetIds = sql`(select snippet_id from snippet_inclusions where included_id = ${id}::uuid)`;
  await queryRows(tx, sql`update prompt_versions set content = ${replaced(sql`content`)} where prompt_id in ${promptIds} and content ~* ${pattern}`);
  await queryRows(tx, sql`update snippet_versions set content = ${replaced(sql`content`)} where snippet_id in ${snippetIds} and content ~* ${pattern}`);
  // Rows locked in one order, so that two renames touching the same prompts cannot deadlock.
  await queryRows(tx, sql`select id from prompts where id in ${promptIds} order by id for no key update`);
  await queryRows(tx, sql`update prompts set content = ${replaced(sql`content`)} where id in ${promptIds}`);
  await queryRows(tx, sql`update snippets set content = ${replaced(sql`content`)} where id in ${snippetIds}`);
  await renameKeptAside(tx, pattern, from, to);
}

/** The texts of a trashed prompt that may come back: its own, its versions' and its suggestions'. */
interface TrashedTexts {
  prompt: { content: string };
  versions?: Array<{ content: string }>;
  suggestions?: Array<{ content: string | null }>;
}

/**
 * Texts kept aside that may become a prompt's again carry the new name too: open suggestions (an
 * accepted one replaces the prompt's text) and trashed prompts (a restore puts theirs back). Nothing
 * links them to the snippet, so they are found by the name in their text; the trash is bounded by its
 * retention, and renames are rare. Runs after the prompts are locked: a prompt's row before its
 * suggestions', as accepting one and deleting a prompt take them, each kind in id order. A trashed
 * prompt being restored at this moment is skipped rather than waited for (the restore waits on this
 * snippet's row): it comes back naming the old name, and its page says the snippet is missing.
 */
async function renameKeptAside(tx: Database, pattern: string, from: string, to: string): Promise<void> {
  const open = sql`(select id from prompt_suggestions where status = 'open' and content ~* ${pattern} order by id for update)`;
  await queryRows(tx, sql`update prompt_suggestions set content = regexp_replace(content, ${pattern}, ${`{{> ${to}}}`}, 'gi') where id in ${open}`);
  const trashed = await select<{ id: string; snapshot: TrashedTexts }>(
    tx,
    sql`select id, snapshot from trashed_prompts where strpos(lower(snapshot::text), ${from.toLowerCase()}) > 0 order by id for update skip locked`,
  );
  for (const { id, snapshot } of trashed) {
    const before = JSON.stringify(snapshot);
    snapshot.prompt.content = renameInclusion(snapshot.prompt.content, from, to);
    for (const version of snapshot.versions ?? []) version.content = renameInclusion(version.content, from, to);
    for (const suggestion of snapshot.suggestions ?? []) if (suggestion.content) suggestion.content = renameInclusion(suggestion.content, from, to);
    if (JSON.stringify(snapshot) !== before)
      await queryRows(tx, sql`update trashed_prompts set snapshot = ${JSON.stringify(snapshot)}::jsonb where id = ${id}::uuid`);
  }
}
