import { and, type SQL, sql } from 'drizzle-orm';
import { FACET_COUNT_CAP, FILTER_GROUPS, type FilterGroup, type FilterValue } from '../../../shared/schemas/catalog';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import type { Database } from '../../db/client';
import { promptFilterKeys, prompts } from '../../db/schema';
import type { Visibility } from '../../../shared/visibility';
import {
  type Audience,
  facetStats,
  filterKeyConditions,
  literalInt,
  promptWhere,
  resolvePromptWhere,
  type RunStatement,
  runStatement,
  narrowAudience,
  searchTerms,
  statusRowCondition,
} from '../prompt-query';
import type { PromptStatus } from '../../../shared/schemas/status';

type Filters = Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>;

/** Every value of each group with its count, most used first (then by name). */
export type FacetGroups = Record<FilterGroup, FilterValue[]>;

export interface FacetResult {
  groups: FacetGroups;
  /** Some group counted only the first FACET_COUNT_CAP matches. */
  approximate: boolean;
}

export interface FacetScope extends Filters {
  search: string;
  ownerId?: string;
  /** With an owner: only what they own, or only what they co-own. */
  ownership?: PromptListQuery['ownership'];
  /** The sidebar's visibility filter. */
  visibility: Visibility[];
  /** Whose counts (never a prompt they cannot see). */
  audience: Audience;
  /** Which statuses are counted (as the list shows). */
  statuses: readonly PromptStatus[];
  /** Only the prompts of this collection. */
  collection?: string;
}

/** The prefix each group's values carry in the `facets` arrays (see prompt_facets, migration 0004). */
const PREFIX: Record<FilterGroup, string> = { businessUnits: 'u:', aiModels: 'm:', tags: 't:' };

export function byCount(values: FilterValue[]): FilterValue[] {
  return [...values].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { sensitivity: 'base' }) || (a.value < b.value ? -1 : 1));
}

/** The filters a group's counts obey: every other group's, never its own (values within a group are alternatives). */
export function othersFilters(filters: Filters, group: FilterGroup): Filters {
  return { ...filters, [group]: [] };
}

const hasFilters = (f: Filters) => f.businessUnits.length + f.aiModels.length + f.tags.length > 0;

/**
 * One read of the matches (their facets only, at most FACET_COUNT_CAP + 1 of them) and, for each asked
 * group, how many of them hold each value; the last row (value null) is how many matches were read.
 */
function facetStatement(from: SQL, facets: SQL, where: SQL | undefined, groups: FilterGroup[], cap: number): SQL {
  const prefixes = sql.join(
    groups.map((g) => sql`${PREFIX[g]}`),
    sql`, `,
  );
  return sql`with m as materialized (select ${facets} as facets from ${from} where ${where ?? sql`true`} limit ${literalInt(cap + 1)})
    select f as value, count(*)::int as n from (select facets from m limit ${literalInt(cap)}) as counted, unnest(counted.facets) as f
      where left(f, 2) in (${prefixes}) and f <> 'u:'
      group by f
    union all
    select null, count(*)::int from m`;
}

/**
 * Counts for the groups that share one set of filters. Filter-only counts of everyone's prompts read
 * the narrow prompt_filter_keys through the same index terms the list uses; with a search or an owner,
 * the prompts themselves, through the list's own WHERE clause (typo fallback included).
 */
async function countGroups(db: Database, scope: FacetScope, filters: Filters, groups: FilterGroup[], run: RunStatement, cap: number): Promise<FacetResult> {
  let statement: SQL;
  const statusTested = statusRowCondition(scope.statuses, scope.ownerId !== undefined) !== null;
  if (!searchTerms(scope.search) && !scope.ownerId && !scope.visibility.length && !scope.collection && !statusTested) {
    const where = and(...filterKeyConditions(filters, await facetStats(db)), ...narrowAudience(scope));
    statement = facetStatement(sql`${promptFilterKeys}`, sql`${promptFilterKeys.facets}`, where, groups, cap);
  } else {
    const query = {
      search: scope.search,
      ...filters,
      visibility: scope.visibility,
      ownership: scope.ownership,
      audience: scope.audience,
      statuses: scope.statuses,
      collection: scope.collection,
    };
    const where = searchTerms(scope.search) ? (await resolvePromptWhere(db, query, scope.ownerId, run)).where : promptWhere(query, scope.ownerId);
    statement = facetStatement(sql`${prompts}`, sql`${prompts.facets}`, where, groups, cap);
  }
  const rows = await run(db, statement);
  const out = { businessUnits: [], aiModels: [], tags: [] } as FacetGroups;
  let read = 0;
  for (const row of rows) {
    const value = row.value as string | null;
    const n = Number(row.n);
    if (value === null) {
      read = n;
      continue;
    }
    const group = FILTER_GROUPS.find((g) => value.startsWith(PREFIX[g]));
    if (group) out[group].push({ value: value.slice(2), count: n });
  }
  for (const g of groups) out[g] = byCount(out[g]);
  return { groups: out, approximate: read > cap };
}

/**
 * Faceted counts: each group counted over the prompts that match the search, the owner and every
 * other group's filters. Groups whose filter sets coincide (all those with nothing selected) share one
 * read. A set with no condition at all is answered by `unfiltered`, the cached counts of every prompt.
 */
export async function facetCounts(
  db: Database,
  scope: FacetScope,
  unfiltered: () => Promise<FacetGroups>,
  run: RunStatement = runStatement,
  cap = FACET_COUNT_CAP,
): Promise<FacetResult> {
  const sets = new Map<string, { filters: Filters; groups: FilterGroup[] }>();
  for (const group of FILTER_GROUPS) {
    const filters = othersFilters(scope, group);
    const key = JSON.stringify([filters.businessUnits, filters.aiModels, filters.tags]);
    const set = sets.get(key);
    if (set) set.groups.push(group);
    else sets.set(key, { filters, groups: [group] });
  }
  // The cached counts are of what everyone's list shows by default: published and verified prompts.
  const defaultStatuses = scope.statuses.length === 2 && scope.statuses.includes('published') && scope.statuses.includes('verified');
  const plain = !searchTerms(scope.search) && !scope.ownerId && !scope.visibility.length && !scope.collection && defaultStatuses;
  const results = await Promise.all(
    [...sets.values()].map(async ({ filters, groups }) => {
      if (plain && !hasFilters(filters)) return { groups: await unfiltered(), approximate: false, only: groups };
      return { ...(await countGroups(db, scope, filters, groups, run, cap)), only: groups };
    }),
  );
  const groups = { businessUnits: [], aiModels: [], tags: [] } as FacetGroups;
  let approximate = false;
  for (const result of results) {
    for (const g of result.only) groups[g] = result.groups[g];
    approximate ||= result.approximate;
  }
  return { groups, approximate };
}
