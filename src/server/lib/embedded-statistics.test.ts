import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { keepEmbeddedStatistics } from './embedded-statistics';
import { afterPromptWrite } from './prompt-derived-cache';

describe('statistics of the embedded database (no autovacuum)', () => {
  let t: TestApp;
  const analysed = async () => {
    const [row] = await queryRows(
      t.db,
      sql`select c.reltuples::float8 as rows, s.most_common_elems::text as elems, k.reltuples::float8 as key_rows
      from pg_class c left join pg_stats s on s.tablename = 'prompts' and s.attname = 'facets', pg_class k
      where c.oid = 'prompts'::regclass and k.oid = 'prompt_filter_keys'::regclass`,
    );
    // prompt_filter_keys (one row per prompt) is analysed with prompts.
    expect(Number(row!.key_rows)).toBe(Number(row!.rows));
    return { rows: Number(row!.rows), elems: row!.elems === null ? null : String(row!.elems) };
  };
  const addPrompts = async (n: number, tag: string) => {
    const [owner] = await queryRows(t.db, sql`select id from users limit 1`);
    await t.db.execute(sql`insert into prompts (title, content, user_id, tags)
      select ${tag} || ' ' || g, 'text', ${owner!.id}::uuid, array[${tag}] from generate_series(1, ${n}) g`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.register();
    await t.db.execute(sql`alter table prompts set (autovacuum_enabled = false)`);
    await t.db.execute(sql`alter table prompt_filter_keys set (autovacuum_enabled = false)`);
    await addPrompts(80, 'First');
  });
  afterAll(() => t.close());

  it('analyses a never-analysed table at start, then again after 50 + 10% of its rows were written', async () => {
    expect((await analysed()).rows).toBe(-1);
    const statistics = keepEmbeddedStatistics(t.db);
    await statistics.idle();
    expect(await analysed()).toEqual({ rows: 80, elems: '{t:First,u:}' });

    // 57 writes: under the threshold (50 + 8), so nothing runs yet.
    await addPrompts(200, 'Second');
    for (let i = 0; i < 57; i++) afterPromptWrite(t.db);
    await statistics.idle();
    expect((await analysed()).rows).toBe(80);
    // The 58th write crosses it.
    afterPromptWrite(t.db);
    await statistics.idle();
    expect(await analysed()).toEqual({ rows: 280, elems: '{t:First,t:Second,u:}' });

    // Writes after stop() are not counted.
    statistics.stop();
    await addPrompts(100, 'Third');
    for (let i = 0; i < 200; i++) afterPromptWrite(t.db);
    await statistics.idle();
    expect((await analysed()).rows).toBe(280);
  });
});
