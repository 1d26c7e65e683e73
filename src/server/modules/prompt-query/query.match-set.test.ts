import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListQuerySchema } from '../../../shared/schemas/prompts';
import { queryRows } from '../../db/client';
import { afterPromptWrite } from '../../lib/prompt-derived-cache';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { listPromptPage } from './query.page';
import { estimateFilterMatches, type FacetStats, useMatchSet } from './query.plan';
import { type RunStatement, runStatement } from './query.sql';
import { MATCH_SET_CAP } from './query.statements';

interface ListBody {
  items: Array<{ id: string; title: string }>;
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
}

describe('estimateFilterMatches', () => {
  const stats: FacetStats = {
    rows: 1000,
    share: new Map([
      ['u:A', 0.5],
      ['t:x', 0.2],
      ['t:y', 0.1],
      ['m:M', 0.9],
    ]),
    rareShare: 0.01,
  };
  const none = { businessUnits: [], aiModels: [], tags: [] };

  it('adds shares within a list (at most every row) and multiplies them across lists', () => {
    expect(estimateFilterMatches(stats, { ...none, tags: ['x', 'y'] })).toBeCloseTo(300);
    expect(estimateFilterMatches(stats, { ...none, businessUnits: ['A'], tags: ['x'] })).toBeCloseTo(100);
    expect(estimateFilterMatches(stats, { ...none, aiModels: ['M', 'M2', 'M3'], businessUnits: ['A'] })).toBeCloseTo(0.92 * 500);
    expect(estimateFilterMatches(stats, { ...none, tags: ['x', 'y', 'x', 'y', 'x', 'y', 'x', 'y'] })).toBeCloseTo(1000);
  });

  it('gives a value missing from the statistics the rarest share', () => {
    expect(estimateFilterMatches(stats, { ...none, tags: ['unknown'] })).toBeCloseTo(10);
  });
});

describe('filtered first pages read from the match set', () => {
  let t: TestApp;
  let u: TestUser;
  const rareTitles = (n: number) => Array.from({ length: n }, (_, i) => `Rare ${i}`);

  /** The list as a plain SQL query would give it: newest update first, ties by id. */
  const expected = async (tag: string, orderBy = sql`updated_at desc, id desc`) =>
    (await queryRows(t.db, sql`select id::text from prompts where ${tag} = any(tags) order by ${orderBy}`)).map((r) => String(r.id));

  const page = async (qs: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/prompts?${qs}`, headers: { ...u.auth, 'cache-control': 'no-cache' } });
    expect(res.statusCode, res.body).toBe(200);
    return body<ListBody>(res);
  };

  /** Every page of a list, following its cursors. */
  const walk = async (qs: string) => {
    const first = await page(qs);
    const ids = first.items.map((i) => i.id);
    for (let cursor = first.nextCursor; cursor;) {
      const next = await page(`${qs}&cursor=${cursor}`);
      ids.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
    }
    return { first, ids };
  };

  beforeAll(async () => {
    t = await createTestApp();
    u = await t.register({ businessUnit: 'Sales' });
    // 400 prompts tagged Common; 7 of them also Rare. Two Rare ones share an update time, so the
    // order falls back to the id. Autovacuum is off so that the statistics stay as analysed here.
    await t.db.execute(sql`alter table prompts set (autovacuum_enabled = false)`);
    await t.db.execute(sql`insert into prompts (title, content, user_id, user_business_unit, ai_models, tags, updated_at)
      select case when g % 57 = 0 then 'Rare ' || (g / 57 - 1) else 'Common ' || g end, 'text', ${u.user.id}::uuid, 'Sales', '{ChatGPT}',
             case when g % 57 = 0 then '{Common,Rare}'::text[] else '{Common}'::text[] end,
             timestamptz '2026-01-01' + least(g, 399 - 57) * interval '1 minute'
      from generate_series(1, 400) g`);
    await t.db.execute(sql`analyze prompts`);
    afterPromptWrite(t.db);
  });
  afterAll(() => t.close());

  it('are chosen for a filter the statistics expect to be rare, not for a common one', async () => {
    const query = (qs: string) => promptListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    expect(await useMatchSet(t.db, query('tags=Rare'), 50)).toBe(true);
    expect(await useMatchSet(t.db, query('tags=Common'), 50)).toBe(false);
    // The rare filter's first page really runs the match-set statement.
    const dialect = new PgDialect();
    const statements: string[] = [];
    const spy: RunStatement = (db, statement, prepare) => {
      statements.push(dialect.sqlToQuery(statement).sql);
      return runStatement(db, statement, prepare);
    };
    await listPromptPage(t.db, { query: query('tags=Rare'), viewer: u.user, fresh: true }, spy);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('with matches as materialized');
  });

  it('give the same pages, order and total as the list would otherwise', async () => {
    const newest = await expected('Rare');
    expect(newest).toHaveLength(7);
    const { first, ids } = await walk('tags=Rare&limit=3');
    expect(first.total).toBe(7);
    expect(first.totalIsLowerBound).toBe(false);
    expect(ids).toEqual(newest);

    const byTitle = await walk('tags=Rare&limit=2&sort=title&order=asc');
    expect(byTitle.ids).toEqual(await expected('Rare', sql`lower(title) asc, id asc`));
    expect(byTitle.first.items.map((i) => i.title)).toEqual(rareTitles(2));
    // Combined with another list (AND across lists) and a value nobody uses.
    expect((await page('tags=Rare&businessUnits=Sales&aiModels=ChatGPT')).items.map((i) => i.id)).toEqual(newest);
    expect(await page('tags=Rare&businessUnits=Nowhere')).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it('fall back to walking the date index when the statistics were wrong and the matches exceed the set', async () => {
    // Far more Rare prompts than the analysed statistics know of.
    await t.db.execute(sql`insert into prompts (title, content, user_id, ai_models, tags, updated_at)
      select 'Suddenly common ' || g, 'text', ${u.user.id}::uuid, '{ChatGPT}', '{Rare}', timestamptz '2025-01-01' + g * interval '1 second'
      from generate_series(1, ${MATCH_SET_CAP + 1}) g`);
    afterPromptWrite(t.db);
    const query = promptListQuerySchema.parse({ tags: 'Rare' });
    expect(await useMatchSet(t.db, query, 50)).toBe(true);
    const first = await page('tags=Rare&limit=4');
    expect(first.total).toBe(1000);
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.items.map((i) => i.id)).toEqual((await expected('Rare')).slice(0, 4));
    expect(first.nextCursor).not.toBeNull();
  });
});
