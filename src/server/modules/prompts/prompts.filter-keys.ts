import { type SQL, sql } from 'drizzle-orm';
import type { PromptListQuery } from '../../../shared/schemas/prompts';
import { promptFilterKeys } from '../../db/schema';
import type { FacetStats } from './prompts.match-set';

type Filters = Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>;

interface FilterList {
  kind: 'u' | 'm' | 't';
  values: string[];
  /** Share of prompts expected to match any of the values. */
  share: number;
}

/** One ANDed term of the WHERE clause: the prompt holds any of these keys (facets or pairs). */
interface Term {
  pairs: boolean;
  keys: SQL[];
  /** Posting entries GIN decodes for it, as a share of all prompts. */
  cost: number;
}

/** A pair term holds one key per combination of its two lists' values; past this it is not offered. */
const MAX_PAIR_KEYS = 64;
/** The share assumed for a value when the table has no statistics yet. */
const UNKNOWN_SHARE = 0.1;

function filterLists(filters: Filters, stats: FacetStats | null): FilterList[] {
  const lists: Array<[FilterList['kind'], string[]]> = [
    ['u', filters.businessUnits],
    ['m', filters.aiModels],
    ['t', filters.tags],
  ];
  return lists
    .filter(([, values]) => values.length > 0)
    .map(([kind, values]) => {
      const share = values.reduce((sum, v) => sum + (stats ? (stats.share.get(`${kind}:${v}`) ?? stats.rareShare) : UNKNOWN_SHARE), 0);
      return { kind, values, share: Math.min(1, share) };
    });
}

const single = (list: FilterList): Term => ({ pairs: false, keys: list.values.map((v) => sql`${`${list.kind}:${v}`}`), cost: list.share });

/** Both lists at once: "um", "ut" or "mt" keys, built by prompt_facet_pair in the format prompt_facet_pairs indexes (migration 0007). */
function pair(a: FilterList, b: FilterList): Term | null {
  if (a.values.length * b.values.length > MAX_PAIR_KEYS) return null;
  const kind = a.kind + b.kind;
  return { pairs: true, keys: a.values.flatMap((x) => b.values.map((y) => sql`prompt_facet_pair(${kind}, ${x}, ${y})`)), cost: a.share * b.share };
}

/** Each way to write the filters as ANDed terms (singles and pairs covering every list), with its cost. */
export function filterKeyCovers(filters: Filters, stats: FacetStats | null): Array<{ cost: number; conditions: SQL[] }> {
  const lists = filterLists(filters, stats);
  const covers: Array<Array<Term | null>> = [lists.map(single)];
  const [a, b, c] = lists;
  if (a && b && !c) covers.push([pair(a, b)]);
  if (a && b && c) {
    covers.push([pair(a, b), pair(a, c)], [pair(a, b), pair(b, c)], [pair(a, c), pair(b, c)]);
    covers.push([pair(a, b), single(c)], [pair(a, c), single(b)], [pair(b, c), single(a)]);
  }
  return covers
    .filter((terms): terms is Term[] => terms.every((t) => t !== null))
    .map((terms) => ({
      cost: terms.reduce((sum, t) => sum + t.cost, 0),
      conditions: terms.map(
        (term) =>
          sql`${term.pairs ? sql`prompt_facet_pairs(${promptFilterKeys.facets})` : promptFilterKeys.facets} && array[${sql.join(term.keys, sql`, `)}]::text[]`,
      ),
    }));
}

/**
 * The conditions on `prompt_filter_keys.facets` for these filters (any value within a list, every
 * list across), written with the fewest posting entries to decode. GIN intersects ANDed keys by
 * decoding their posting lists, which costs per entry: at 1M prompts, one unit, ChatGPT and two tags
 * decode 640k entries (17 ms). Pairs of lists held as one key ("Unit 3 with ChatGPT": 43k entries)
 * decode far fewer. Every cover gives the same matches; the one with the smallest expected cost
 * (shares multiplied as if independent) is chosen.
 */
export function filterKeyConditions(filters: Filters, stats: FacetStats | null): SQL[] {
  return filterKeyCovers(filters, stats).reduce((best, cover) => (cover.cost < best.cost ? cover : best)).conditions;
}

/**
 * The same filters as facets only, for walks down the date index: there each row is tested on its
 * own, and pairs would be computed row by row rather than read from their index.
 */
export function filterKeyFacetConditions(filters: Filters): SQL[] {
  return filterKeyCovers(filters, null)[0]!.conditions;
}
