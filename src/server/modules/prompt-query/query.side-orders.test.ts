import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIDE_ORDERS, sideOrderItems } from './query.statements';

// "Most used" and "Top rated" pages walk their side table's order index: a page costs a page of rows,
// never a sort of every ranked prompt. An index whose NULLS ordering differs from the statement's cannot
// give the order, and PostgreSQL then sorts them all (35 ms against 0.6 ms for 5,000 voted prompts).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan of a first page with sorting and sequential scans priced out: an unusable index shows as a Sort. */
async function planOf(sort: keyof typeof SIDE_ORDERS, order: 'asc' | 'desc'): Promise<string> {
  const page = sideOrderItems(SIDE_ORDERS[sort], { where: undefined, cursor: null, order, limit: 50, item: sql`'{}'` });
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const rows = (await tx.execute(sql`explain ${page}`)) as unknown as { rows: Array<Record<string, string>> };
    return rows.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('orders kept beside the prompts', () => {
  for (const [sort, index] of [
    ['mostUsed', 'prompt_use_counts_order_idx'],
    ['topRated', 'prompt_vote_counts_order_idx'],
  ] as const) {
    for (const order of ['desc', 'asc'] as const) {
      it(`${sort} ${order}: walks ${index} and the primary key, sorting only the page`, async () => {
        const plan = await planOf(sort, order);
        expect(plan).toContain(index);
        expect(plan).toContain('prompts_pkey');
        // The page's own sort (the window over at most 2 × 51 rows) sits above the two walks; no Sort
        // may sit inside them, under the Append.
        const lines = plan.split('\n');
        const append = lines.findIndex((line) => line.includes('Append'));
        expect(append, plan).toBeGreaterThan(0);
        const depth = (line: string) => line.search(/\S/);
        const below = lines.slice(append + 1).filter((line) => depth(line) > depth(lines[append]!));
        expect(
          below.filter((line) => /->\s+(Incremental )?Sort\b/.test(line)),
          plan,
        ).toEqual([]);
      });
    }
  }
});
