import { type SQL, sql } from 'drizzle-orm';
import { INVALID_CURSOR_MESSAGE, PROMPT_SORTS, type PromptListQuery, type PromptSort } from '../../../shared/schemas/prompts';
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
  return {
    tsQuery: sql`to_tsquery('english', ${query})`,
    wholeWordsTsQuery: sql`to_tsquery('english', ${toPrefixTsQuery(search, false)})`,
    raw: search.slice(0, 200),
  };
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
 * Filters: any value within one list, every list across. All three test the `facets`
 * array ("u:…", "m:…", "t:…"), so PostgreSQL answers them together from one GIN index scan.
 * (Filter-only lists read `prompt_filter_keys` instead: prompts.filter-keys.ts.)
 */
export function filterConditions(query: Pick<PromptListQuery, 'businessUnits' | 'aiModels' | 'tags'>): SQL[] {
  const anyOf = (prefix: string, values: string[]) =>
    sql`${prompts.facets} && array[${sql.join(
      values.map((v) => sql`${prefix + v}`),
      sql`, `,
    )}]::text[]`;
  const conditions: SQL[] = [];
  if (query.businessUnits.length) conditions.push(anyOf('u:', query.businessUnits));
  if (query.aiModels.length) conditions.push(anyOf('m:', query.aiModels));
  if (query.tags.length) conditions.push(anyOf('t:', query.tags));
  return conditions;
}

/** An opaque keyset position: the sort key and id of the last row of the previous page. */
export interface Cursor {
  /** A list's sort, or `lastUsedAt` for the viewer's recently used prompts. */
  sort: PromptSort | 'lastUsedAt';
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id])).toString('base64url');
}

const isCursorSort = (value: unknown): value is Cursor['sort'] => value === 'lastUsedAt' || PROMPT_SORTS.includes(value as PromptSort);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz as PostgreSQL writes it as text ("2026-01-02 03:04:05.678901+00"). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?(?::(\d{2}))?)$/;

/** A real calendar time PostgreSQL will read back: month 13 or 25 o'clock would fail the query. */
function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  );
}

/** Relevance travels as a `real`: zero or a normal float4, or the cast back fails (out of range). */
const isRank = (value: unknown): value is number =>
  typeof value === 'number' && (value === 0 || (Math.abs(value) >= 1.1754944e-38 && Math.abs(value) <= 3.4e38));

/** A text sort key: bounded, well-formed, and without the U+0000 that PostgreSQL text refuses. */
const isTextKey = (value: unknown): value is string => typeof value === 'string' && value.length <= 600 && !/[\p{Cs}\0]/u.test(value);

function validKey(sort: Cursor['sort'], value: unknown): boolean {
  if (sort === 'relevance') return isRank(value);
  if (sort === 'updatedAt' || sort === 'createdAt' || sort === 'lastUsedAt') return isTimestamp(value);
  if (sort === 'mostUsed') return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;
  return isTextKey(value);
}

export const invalidCursor = () => badRequest(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE }, 'invalid_cursor');

/** Reads a cursor back; a malformed or tampered one, or a key its sort cannot hold, is a 400. */
export function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (Array.isArray(parsed) && parsed.length === 4) {
    const [sort, order, value, id] = parsed as unknown[];
    if (isCursorSort(sort) && (order === 'asc' || order === 'desc') && validKey(sort, value) && typeof id === 'string' && UUID.test(id)) {
      return { sort, order, value: value as string | number, id };
    }
  }
  throw invalidCursor();
}
