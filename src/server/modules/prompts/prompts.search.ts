import { type SQL, sql } from 'drizzle-orm';
import { PROMPT_SORTS, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
import { prompts } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * "summar meet" → "summar:* & meet:*": every word must match, each as a word or a word prefix.
 * Only letters and digits survive, so user input can never break the tsquery syntax.
 */
export function toPrefixTsQuery(search: string, prefixes = true): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8).map((w) => w.slice(0, 60));
  return unique.length ? unique.map((w) => (prefixes ? `${w}:*` : w)).join(' & ') : null;
}

export interface SearchTerms {
  tsQuery: SQL;
  /** The same words as whole words only: its matches are a subset of tsQuery's. */
  wholeWordsTsQuery: SQL;
  raw: string;
}

export function searchTerms(search: string): SearchTerms | null {
  const query = toPrefixTsQuery(search);
  if (!query) return null;
  return { tsQuery: sql`to_tsquery('english', ${query})`, wholeWordsTsQuery: sql`to_tsquery('english', ${toPrefixTsQuery(search, false)})`, raw: search.slice(0, 200) };
}

/** Full-text match on the weighted vector (title, tags, models, author, unit, content, notes). */
export function searchCondition(terms: SearchTerms, wholeWords = false): SQL {
  return sql`${prompts.searchVector} @@ ${wholeWords ? terms.wholeWordsTsQuery : terms.tsQuery}`;
}

/**
 * The typo fallback: titles whose words are close to the search (trigram word similarity). It costs
 * far more than the full-text match, so it runs only when the full-text match finds nothing.
 */
export function typoCondition(terms: SearchTerms): SQL {
  return sql`${terms.raw} <% ${prompts.title}`;
}

/** ts_rank's default weights put title (A) above tags (B) above models/author (C) above content (D). */
export function rankExpression(terms: SearchTerms): SQL<number> {
  return sql<number>`(ts_rank(${prompts.searchVector}, ${terms.tsQuery}) + 0.05 * word_similarity(${terms.raw}, ${prompts.title}))::real`;
}

/**
 * Filters: any value within one list, every list across (§2, issue 3). All three test the `facets`
 * array ("u:…", "m:…", "t:…"), so PostgreSQL answers them together from one GIN index scan.
 * (Filter-only lists read `prompt_filter_keys` instead: prompts.filter-keys.ts.)
 */
export function filterConditions(query: Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>): SQL[] {
  const anyOf = (prefix: string, values: string[]) =>
    sql`${prompts.facets} && array[${sql.join(values.map((v) => sql`${prefix + v}`), sql`, `)}]::text[]`;
  const conditions: SQL[] = [];
  if (query.businessUnits.length) conditions.push(anyOf('u:', query.businessUnits));
  if (query.aiModels.length) conditions.push(anyOf('m:', query.aiModels));
  if (query.tags.length) conditions.push(anyOf('t:', query.tags));
  return conditions;
}

/** An opaque keyset position: the sort key and id of the last row of the previous page. */
export interface Cursor {
  sort: PromptSort;
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString('base64url');
}

const isPromptSort = (value: unknown): value is PromptSort => PROMPT_SORTS.includes(value as PromptSort);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(text: string): Cursor {
  try {
    const [sort, order, value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const validValue = sort === 'relevance' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string' && value.length < 300;
    if (isPromptSort(sort) && (order === 'asc' || order === 'desc') && validValue && typeof id === 'string' && UUID.test(id)) {
      return { sort, order, value: value as string | number, id };
    }
  } catch {
    // Fall through to the 400 below.
  }
  throw badRequest('The cursor is invalid; start again from the first page', { cursor: 'Invalid cursor' }, 'invalid_cursor');
}
