import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PromptListQuery, PromptSort } from '../../../shared/schemas/prompts';
import type { Database } from '../../db/client';
import { prompts, users } from '../../db/schema';
import {
  type Cursor,
  decodeCursor,
  encodeCursor,
  filterConditions,
  rankExpression,
  searchCondition,
  searchTerms,
  typoCondition,
} from './prompts.search';

/** Counts stop here and are reported as a lower bound ("1,000+"): exact counts of huge match sets cost seconds. */
export const COUNT_CAP = 1_000;
/** Searches with at most this many matches are ranked by relevance; larger ones are ordered by recency. */
export const RANK_CAP = 1_000;

export interface ListOptions {
  query: PromptListQuery;
  /** Restricts the list to one author (/api/prompts/my). */
  ownerId?: string;
}

export interface ListRow {
  id: string;
  title: string;
  contentPreview: string;
  aiModels: string[];
  tags: string[];
  userId: string;
  userBusinessUnit: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string;
  lastName: string;
  sortKey: string | number;
}

export interface ListPage {
  rows: ListRow[];
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
  orderedBy: PromptSort;
}

/** The WHERE clause shared by the list, its count and the export. */
export function promptWhere(
  query: Pick<PromptListQuery, 'search' | 'businessUnits' | 'aiModels' | 'tags'>,
  ownerId?: string,
  typos = false,
): SQL | undefined {
  const terms = searchTerms(query.search);
  const conditions = [...filterConditions(query)];
  if (terms) conditions.push(typos ? typoCondition(terms) : searchCondition(terms));
  if (ownerId) conditions.push(eq(prompts.userId, ownerId));
  return conditions.length ? and(...conditions) : undefined;
}

export async function countPrompts(db: Database, where: SQL | undefined, cap = COUNT_CAP): Promise<{ total: number; lowerBound: boolean }> {
  const inner = db.select({ one: sql`1` }).from(prompts).where(where).limit(cap + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('capped'));
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, lowerBound: true } : { total: n, lowerBound: false };
}

function sortKey(sort: PromptSort, rank: SQL<number> | null): SQL {
  switch (sort) {
    case 'relevance':
      return rank!;
    case 'title':
      return sql`lower(${prompts.title})`;
    case 'createdAt':
      return sql`${prompts.createdAt}`;
    default:
      return sql`${prompts.updatedAt}`;
  }
}

/**
 * The WHERE clause for a list or an export, with its capped count. When the words match nothing (a
 * typo, or only stop words such as "other"), it falls back to titles close to the search.
 */
export async function resolvePromptWhere(
  db: Database,
  query: Pick<PromptListQuery, 'search' | 'businessUnits' | 'aiModels' | 'tags'>,
  ownerId?: string,
): Promise<{ where: SQL | undefined; total: number; lowerBound: boolean }> {
  let where = promptWhere(query, ownerId);
  let counted = await countPrompts(db, where);
  if (searchTerms(query.search) && counted.total === 0) {
    where = promptWhere(query, ownerId, true);
    counted = await countPrompts(db, where);
  }
  return { where, total: counted.total, lowerBound: counted.lowerBound };
}

/** One keyset page. Timestamps travel in the cursor as text so microseconds survive the round trip. */
export async function listPromptPage(db: Database, { query, ownerId }: ListOptions): Promise<ListPage> {
  const terms = searchTerms(query.search);
  const { where, total, lowerBound } = await resolvePromptWhere(db, query, ownerId);

  const requested: PromptSort = query.sort ?? (terms ? 'relevance' : 'updatedAt');
  // Ranking costs per match, so only a bounded set is ranked; beyond it the list is newest first.
  const sort: PromptSort = requested === 'relevance' && (!terms || lowerBound || total > RANK_CAP) ? 'updatedAt' : requested;
  const order = query.order ?? (sort === 'title' ? 'asc' : 'desc');
  const rank = terms && sort === 'relevance' ? rankExpression(terms) : null;
  const key = sortKey(sort, rank);
  const keyText = sort === 'relevance' ? key : sql`${key}::text`;

  const conditions: SQL[] = where ? [where] : [];
  if (query.cursor) {
    const cursor: Cursor = decodeCursor(query.cursor);
    if (cursor.sort === sort && cursor.order === order) {
      const value = sort === 'relevance' ? sql`${cursor.value}::real` : sort === 'title' ? sql`${cursor.value}` : sql`${cursor.value}::timestamptz`;
      conditions.push(order === 'desc' ? sql`(${key}, ${prompts.id}) < (${value}, ${cursor.id}::uuid)` : sql`(${key}, ${prompts.id}) > (${value}, ${cursor.id}::uuid)`);
    }
  }

  // Null ordering must match the indexes drizzle-kit wrote (DESC NULLS LAST, ASC NULLS LAST) so that
  // PostgreSQL walks them instead of sorting; the columns are NOT NULL, so results are unaffected.
  const timeSort = sort === 'updatedAt' || sort === 'createdAt';
  const direction =
    order === 'desc' ? (timeSort ? sql`desc nulls last` : sql`desc nulls first`) : timeSort ? sql`asc nulls first` : sql`asc nulls last`;
  const rows = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      contentPreview: prompts.contentPreview,
      aiModels: prompts.aiModels,
      tags: prompts.tags,
      userId: prompts.userId,
      userBusinessUnit: prompts.userBusinessUnit,
      createdAt: prompts.createdAt,
      updatedAt: prompts.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      sortKey: sql<string | number>`${keyText}`,
    })
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`${key} ${direction}`, sql`${prompts.id} ${direction}`)
    .limit(query.limit + 1);

  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    total,
    totalIsLowerBound: lowerBound,
    orderedBy: sort,
    nextCursor:
      hasMore && last
        ? encodeCursor({ sort, order, value: sort === 'relevance' ? Number(last.sortKey) : String(last.sortKey), id: last.id })
        : null,
  };
}
