import { type SQL, sql } from 'drizzle-orm';
import {
  HEALTH_WINDOW_DAYS,
  type TopPage,
  type TopQuery,
  type UnitHealthPage,
  type UnusedPage,
  type UnusedQuery,
} from '../../../shared/schemas/library-health';
import { type Database, queryRows } from '../../db/client';
import { decodeKey, keysetPage, promptColumns } from './health-cursor';
import { type HealthScope, inHealthScope, unitInScope } from './health-scope';

// How the library is used: per business unit (prompts, authors, uses in the window), the prompts
// nobody has used for a while, and the most used and fastest growing ones. Uses are read from the
// per-day counts and each prompt's last use, kept beside the use counts; all lists page by keyset.

type Paging = { cursor?: string | undefined; limit: number };

/** Today, as the per-day use counts write it (UTC), whatever the session's time zone. */
const TODAY = sql`(now() at time zone 'UTC')::date`;
const iso = (v: unknown) => new Date(String(v)).toISOString();

/** Every unit in scope, by name: its prompts, their authors, and their uses in the window. */
export async function unitHealth(db: Database, scope: HealthScope, paging: Paging): Promise<UnitHealthPage> {
  const after = paging.cursor ? decodeKey(paging.cursor, ['text'] as const) : null;
  const covered = inHealthScope(scope);
  const rows = await queryRows(
    db,
    // Prompts per unit and author first: read in the order of prompts_unit_owner_idx, no sort.
    sql`with by_author as (
          select prompts.user_business_unit as unit, prompts.user_id, count(*) as n from prompts where ${covered} group by 1, 2
        ), shown as (
          select lower(unit) as key, min(unit) as name, sum(n)::int as prompts, count(distinct user_id)::int as authors from by_author group by 1
        ), used as (
          select lower(prompts.user_business_unit) as key, sum(d.uses)::int as uses
          from prompt_use_days d join prompts on prompts.id = d.prompt_id
          where d.day > ${TODAY} - ${HEALTH_WINDOW_DAYS}::int and ${covered} group by 1
        ), units as (
          select lower(b.name) as key, b.name from business_units b where ${unitInScope(scope, sql`b.name`)}
          union all
          -- Prompts may still carry the name of a unit since removed.
          select s.key, s.name from shown s where not exists (select 1 from business_units b where lower(b.name) = s.key)
        )
        select u.key, u.name, coalesce(s.prompts, 0) as prompts, coalesce(s.authors, 0) as authors, coalesce(x.uses, 0) as uses
        from units u left join shown s on s.key = u.key left join used x on x.key = u.key
        ${after ? sql`where u.key > ${after[0]}` : sql``}
        order by u.key limit ${paging.limit + 1}`,
  );
  return keysetPage(
    rows,
    paging.limit,
    (r) => ({ name: String(r.name), prompts: Number(r.prompts), authors: Number(r.authors), uses: Number(r.uses) }),
    (r) => [String(r.key)],
  );
}

/**
 * Prompts older than `days` with no use in that time, the longest idle first (idle since their last
 * use, or since they were written when never used). Two index-ordered reads merged: the never-used
 * prompts by creation, the used ones by last use.
 */
export async function unusedPrompts(db: Database, scope: HealthScope, query: Pick<UnusedQuery, 'days' | 'cursor' | 'limit'>): Promise<UnusedPage> {
  const after = query.cursor ? decodeKey(query.cursor, ['time', 'uuid'] as const) : null;
  const cut = sql`now() - ${query.days}::int * interval '1 day'`;
  const covered = inHealthScope(scope);
  const past = (column: SQL) => (after ? sql`and (${column}, prompts.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``);
  const fields = sql`prompts.id, prompts.title, prompts.author_name, prompts.user_business_unit, prompts.created_at`;
  const rows = await queryRows(
    db,
    sql`select *, idle_since::text as idle_since_key from (
          (select ${fields}, null::timestamptz as last_used_at,
             -- Uses counted before last uses were kept (their time unknown): shown, not taken for recent.
             coalesce((select c.use_count from prompt_use_counts c where c.prompt_id = prompts.id), 0) as use_count,
             prompts.created_at as idle_since
           from prompts
           where prompts.created_at < ${cut} and ${covered} ${past(sql`prompts.created_at`)}
             and not exists (select 1 from prompt_use_counts c where c.prompt_id = prompts.id and c.last_used_at is not null)
           order by prompts.created_at, prompts.id limit ${query.limit + 1})
          union all
          (select ${fields}, c.last_used_at, c.use_count, c.last_used_at as idle_since
           from prompt_use_counts c join prompts on prompts.id = c.prompt_id
           where c.last_used_at < ${cut} and prompts.created_at < ${cut} and ${covered} ${past(sql`c.last_used_at`)}
           order by c.last_used_at, prompts.id limit ${query.limit + 1})
        ) idle order by idle_since, id limit ${query.limit + 1}`,
  );
  return keysetPage(
    rows,
    query.limit,
    (r) => ({
      ...promptColumns(r),
      createdAt: iso(r.created_at),
      lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
      useCount: Number(r.use_count),
    }),
    (r) => [String(r.idle_since_key), String(r.id)],
  );
}

/**
 * The prompts used most in the window (`by: uses`), or that gained the most uses over the window
 * before it (`by: growth`, only those that gained).
 */
export async function topPrompts(db: Database, scope: HealthScope, query: Pick<TopQuery, 'by' | 'cursor' | 'limit'>): Promise<TopPage> {
  const growth = query.by === 'growth';
  const window = HEALTH_WINDOW_DAYS;
  let past = sql``;
  if (query.cursor && growth) {
    const [g, u, id] = decodeKey(query.cursor, ['int', 'int', 'uuid'] as const);
    past = sql`and (r.uses - r.previous < ${g} or (r.uses - r.previous = ${g} and (r.uses < ${u} or (r.uses = ${u} and prompts.id > ${id}::uuid))))`;
  } else if (query.cursor) {
    const [u, id] = decodeKey(query.cursor, ['int', 'uuid'] as const);
    past = sql`and (r.uses < ${u} or (r.uses = ${u} and prompts.id > ${id}::uuid))`;
  }
  const rows = await queryRows(
    db,
    sql`with r as (
          select d.prompt_id,
            coalesce(sum(d.uses) filter (where d.day > ${TODAY} - ${window}::int), 0)::int as uses,
            coalesce(sum(d.uses) filter (where d.day <= ${TODAY} - ${window}::int), 0)::int as previous
          from prompt_use_days d where d.day > ${TODAY} - ${window * 2}::int group by d.prompt_id
        )
        select prompts.id::text as id, prompts.title, prompts.author_name, prompts.user_business_unit, r.uses, r.previous
        from r join prompts on prompts.id = r.prompt_id
        where r.uses > 0 ${growth ? sql`and r.uses > r.previous` : sql``} and ${inHealthScope(scope)} ${past}
        order by ${growth ? sql`r.uses - r.previous desc,` : sql``} r.uses desc, prompts.id limit ${query.limit + 1}`,
  );
  return keysetPage(
    rows,
    query.limit,
    (r) => ({
      ...promptColumns(r),
      uses: Number(r.uses),
      previousUses: Number(r.previous),
      growth: Number(r.uses) - Number(r.previous),
    }),
    (r) => (growth ? [Number(r.uses) - Number(r.previous), Number(r.uses), String(r.id)] : [Number(r.uses), String(r.id)]),
  );
}
