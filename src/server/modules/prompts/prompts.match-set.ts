import { sql } from 'drizzle-orm';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';

/**
 * How many prompts a filter list will match, estimated from PostgreSQL's own statistics on the
 * `facets` column (the share of rows holding each value, kept by ANALYZE / autovacuum). The list
 * uses it only to choose how to read the matches; answers are exact either way.
 */
export interface FacetStats {
  /** Rows in the table when it was last analysed. */
  rows: number;
  /** Share of rows holding each facet value ("u:Unit 3" → 0.1). */
  share: Map<string, number>;
  /** The share assumed for a value missing from the statistics: at most the rarest one listed. */
  rareShare: number;
}

/** Statistics change only when the table is analysed, not on each write; a minute's delay costs nothing. */
const statsCache = new PromptDerivedCache<FacetStats | null>(60_000, 1, true);

async function loadFacetStats(db: Database): Promise<FacetStats | null> {
  const [row] = await queryRows(
    db,
    sql`select c.reltuples::float8 as rows, s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs
        from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'prompts' and s.attname = 'facets'
        where c.oid = 'prompts'::regclass`,
  );
  const elems = row?.elems as string[] | null | undefined;
  const freqs = row?.freqs as number[] | null | undefined;
  const rows = Number(row?.rows ?? -1);
  // Never analysed (reltuples -1, no statistics): no estimate, and the list reads as it always did.
  if (!elems?.length || !freqs?.length || rows <= 0) return null;
  const share = new Map(elems.map((value, i) => [value, Number(freqs[i])]));
  // After the per-value shares, pg_stats appends the minimum and maximum share (and the null share).
  const rareShare = Number(freqs[elems.length] ?? Math.min(...share.values()));
  return { rows, share, rareShare };
}

export function facetStats(db: Database): Promise<FacetStats | null> {
  return statsCache.get(db, 'facets', () => loadFacetStats(db));
}

type Filters = Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>;

/**
 * Rows expected to match: any value within a list (shares added, at most 1), every list across
 * (shares multiplied, as if independent, which is how PostgreSQL's planner estimates them too).
 */
export function estimateFilterMatches(stats: FacetStats, filters: Filters): number {
  const lists: Array<[string, string[]]> = [
    ['u:', filters.businessUnits],
    ['m:', filters.aiModels],
    ['t:', filters.tags],
  ];
  let share = 1;
  for (const [prefix, values] of lists) {
    if (!values.length) continue;
    share *= Math.min(
      1,
      values.reduce((sum, v) => sum + (stats.share.get(prefix + v) ?? stats.rareShare), 0),
    );
  }
  return share * stats.rows;
}

/** The most matches a filtered first page reads whole (its count and page from one pass). */
export const MATCH_SET_CAP = 10_000;

/**
 * Whether a filtered first page should read its matches whole (up to MATCH_SET_CAP) rather than
 * count and then walk the sort index.
 *
 * The usual way costs a capped count (about COUNT_CAP matches read) plus a walk down the sort index
 * past about `limit × rows / matches` rows until the page is full: cheap when matches are many, dear
 * when they are few (the combined filters of the 1M benchmark walked 12,600 rows for a page of 50).
 * Reading every match costs one row each and answers both. So the match set is read when the
 * statistics expect at most √(limit × rows) matches (7,100 at 1M prompts, 2,300 at 100k), and at most
 * half the cap, so that a misestimate still fits. Without statistics (never analysed), never.
 */
export async function useMatchSet(db: Database, filters: Filters, limit: number): Promise<boolean> {
  const stats = await facetStats(db);
  if (!stats) return false;
  return estimateFilterMatches(stats, filters) <= Math.min(Math.sqrt((limit + 1) * stats.rows), MATCH_SET_CAP / 2);
}
