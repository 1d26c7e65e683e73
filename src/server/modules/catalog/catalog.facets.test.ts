import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACET_COUNT_CAP, type FilterCounts, filterCountsSchema, type FilterValues, filterValuesSchema } from '../../../shared/schemas/catalog';
import { prompts } from '../../db/schema';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { runStatement } from '../prompt-query';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { facetCounts } from './catalog.facets';

let t: TestApp;
let ada: TestUser;
let bob: TestUser;

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.auth });
const counts = async (u: TestUser, qs = '') => {
  const res = await get(u, `/api/filter/counts?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return filterCountsSchema.parse(body<FilterCounts>(res));
};
const values = async (u: TestUser, qs: string) => {
  const res = await get(u, `/api/filter/values?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return filterValuesSchema.parse(body<FilterValues>(res));
};
const asMap = (list: Array<{ value: string; count: number }>) => Object.fromEntries(list.map((v) => [v.value, v.count]));
const add = (u: TestUser, p: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload: { content: 'Plain text.', aiModels: ['ChatGPT'], tags: ['general'], ...p } });

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.register({ firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Engineering' });
  bob = await t.register({ firstName: 'Bob', lastName: 'Marley', businessUnit: 'Sales' });
  await add(ada, { title: 'SQL review', content: 'Review this contract query.', tags: ['sql', 'review'], aiModels: ['Claude'] });
  await add(ada, { title: 'Index advice', tags: ['sql'], aiModels: ['ChatGPT'] });
  await add(ada, { title: 'Legal summary', content: 'Summarize the contract.', tags: ['legal'], aiModels: ['Claude'] });
  await add(bob, { title: 'Cold email', tags: ['sales', 'email'], aiModels: ['Gemini'] });
  await add(bob, { title: 'Contract redlines', content: 'Mark up the contract.', tags: ['legal', 'sql'], aiModels: ['ChatGPT', 'Claude'] });
}, 60_000);
afterAll(() => t.close());

describe('GET /api/filter/counts', () => {
  it('counts every prompt when nothing is chosen, most used first', async () => {
    const c = await counts(ada);
    expect(c.businessUnits).toEqual([
      { value: 'Engineering', count: 3 },
      { value: 'Sales', count: 2 },
    ]);
    expect(c.tags[0]).toEqual({ value: 'sql', count: 3 });
    expect(asMap(c.aiModels)).toEqual({ Claude: 3, ChatGPT: 2, Gemini: 1 });
    expect(c.totals).toEqual({ businessUnits: 2, aiModels: 3, tags: 5 });
    expect(c.approximate).toBe(false);
  });

  it('counts each group under the other groups’ filters, not its own', async () => {
    const c = await counts(ada, 'businessUnits=Engineering');
    // Units still show every unit: choosing one more unit widens the list.
    expect(asMap(c.businessUnits)).toEqual({ Engineering: 3, Sales: 2 });
    expect(asMap(c.tags)).toEqual({ sql: 2, review: 1, legal: 1 });
    expect(asMap(c.aiModels)).toEqual({ Claude: 2, ChatGPT: 1 });

    const both = await counts(ada, 'businessUnits=Engineering&tags=legal');
    expect(asMap(both.businessUnits)).toEqual({ Engineering: 1, Sales: 1 });
    expect(asMap(both.tags)).toEqual({ sql: 2, review: 1, legal: 1 });
    expect(asMap(both.aiModels)).toEqual({ Claude: 1 });
  });

  it('follows the search and the caller’s own list', async () => {
    const c = await counts(ada, 'search=contract');
    expect(asMap(c.businessUnits)).toEqual({ Engineering: 2, Sales: 1 });
    expect(asMap(c.tags)).toEqual({ sql: 2, review: 1, legal: 2 });

    const mine = await counts(bob, 'scope=my');
    expect(asMap(mine.businessUnits)).toEqual({ Sales: 2 });
    expect(asMap(mine.aiModels)).toEqual({ Gemini: 1, ChatGPT: 1, Claude: 1 });
    expect(asMap((await counts(bob, 'scope=my&search=contract&aiModels=Gemini')).tags)).toEqual({});
  });

  it('always returns the selected values, with 0 when nothing matches them', async () => {
    const c = await counts(ada, 'search=email&tags=legal,nosuchtag');
    expect(asMap(c.tags)).toEqual({ sales: 1, email: 1, legal: 0, nosuchtag: 0 });
  });

  it('refuses bad parameters with a 400', async () => {
    for (const qs of ['scope=everyone', 'limit=0', 'limit=5000', 'limit=abc', `search=${'x'.repeat(201)}`]) {
      const res = await get(ada, `/api/filter/counts?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(body(res)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/filter/counts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/filter/values?group=tags' })).statusCode).toBe(401);
  });
});

describe('GET /api/filter/values', () => {
  it('finds values by text, any case, prefix matches first, with faceted counts', async () => {
    const v = await values(ada, 'group=tags&q=L');
    expect(v.values.map((x) => x.value)).toEqual(['legal', 'sql', 'email', 'sales']);
    expect((await values(ada, 'group=tags&q=SQ&businessUnits=Sales')).values).toEqual([{ value: 'sql', count: 1 }]);
    expect((await values(ada, 'group=businessUnits&q=eng&tags=legal')).values).toEqual([{ value: 'Engineering', count: 1 }]);
  });

  it('refuses an unknown group or a missing one', async () => {
    expect((await get(ada, '/api/filter/values?group=users&q=a')).statusCode).toBe(400);
    expect((await get(ada, '/api/filter/values?q=a')).statusCode).toBe(400);
  });
});

describe('with 5,000 tags', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      title: `Bulk ${i}`,
      content: 'Bulk prompt.',
      aiModels: ['ChatGPT'],
      // Tag 00000 is on every bulk prompt; the rest on one each.
      tags: ['bulk-00000', ...Array.from({ length: 50 }, (_, j) => `bulk-${String(i * 50 + j + 1).padStart(5, '0')}`)],
      userId: bob.user.id,
      userBusinessUnit: 'Sales',
    }));
    await t.db.insert(prompts).values(rows);
    afterPromptWrite(t.db);
  }, 60_000);

  it('answers the top values plus the selected ones, and says how many exist', async () => {
    const c = await counts(ada, 'tags=bulk-04321,sql');
    expect(c.totals.tags).toBeGreaterThan(5_000);
    // The top 50 (where the popular "sql" already is), then the selected value they left out.
    expect(c.tags.length).toBe(51);
    expect(c.tags[0]).toEqual({ value: 'bulk-00000', count: 100 });
    expect(c.tags).toContainEqual({ value: 'sql', count: 3 });
    expect(c.tags.at(-1)).toEqual({ value: 'bulk-04321', count: 1 });
    expect(JSON.stringify(c).length).toBeLessThan(5_000);
    expect((await counts(ada, 'limit=10')).tags).toHaveLength(10);
  });

  it('finds a value beyond the top ones, within the limit', async () => {
    const v = await values(ada, 'group=tags&q=bulk-0432&limit=5');
    expect(v.values.map((x) => x.value)).toEqual(['bulk-04320', 'bulk-04321', 'bulk-04322', 'bulk-04323', 'bulk-04324']);
    expect(v.total).toBe(10);
    expect((await values(ada, 'group=tags&q=BULK-04999&businessUnits=Sales')).values).toEqual([{ value: 'bulk-04999', count: 1 }]);
  });

  it('counts at most the capped number of matches and says the counts are approximate', async () => {
    expect((await counts(ada, 'search=bulk')).approximate).toBe(false);
    const none = async () => ({ businessUnits: [], aiModels: [], tags: [] });
    const capped = await facetCounts(
      t.db,
      { search: 'bulk', businessUnits: [], aiModels: [], tags: [], visibility: [], audience: null, statuses: ['published', 'verified'] },
      none,
      runStatement,
      40,
    );
    expect(capped.approximate).toBe(true);
    expect(capped.groups.tags[0]).toEqual({ value: 'bulk-00000', count: 40 });
    const filtered = await facetCounts(
      t.db,
      { search: '', businessUnits: ['Sales'], aiModels: [], tags: [], visibility: [], audience: null, statuses: ['published', 'verified'] },
      none,
      runStatement,
      40,
    );
    expect(filtered.approximate).toBe(true);
    expect(FACET_COUNT_CAP).toBe(10_000);
  });
});
