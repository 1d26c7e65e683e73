import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListQuerySchema } from '../../../shared/schemas/prompts';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { listPromptPage } from './query.page';
import { type FacetStats, filterKeyConditions, filterKeyCovers } from './query.plan';
import { type RunStatement, runStatement } from './query.sql';

interface ListBody {
  items: Array<{ id: string; title: string; tags: string[]; userId: string; userBusinessUnit: string }>;
  total: number;
  nextCursor: string | null;
}

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ businessUnit: 'Sales' });
});
afterAll(() => t.close());

/**
 * Rows of prompt_filter_keys or prompt_list_items (the tables our triggers keep) that differ from what
 * their prompt says, or that have no prompt (or the reverse).
 */
const outOfStep = async () =>
  Number(
    (
      await queryRows(
        t.db,
        sql`select (select count(*)::int from prompts p full join prompt_filter_keys k on k.prompt_id = p.id
                    where p.id is null or k.prompt_id is null or k.updated_at <> p.updated_at or k.facets <> p.facets)
                 + (select count(*)::int from prompts p full join prompt_list_items i on i.prompt_id = p.id
                    where p.id is null or i.prompt_id is null or i.head <> prompt_list_item_head(p.id, p.title, p.content_preview, p.ai_models, p.tags, p.user_id, p.user_business_unit, p.created_at, p.updated_at)) as n`,
      )
    )[0]!.n,
  );

const list = async (qs: string, who = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/prompts?${qs}`, headers: { ...who.auth, 'cache-control': 'no-cache' } });
  expect(res.statusCode, res.body).toBe(200);
  return body<ListBody>(res);
};

const create = async (title: string, tags: string[], who = admin) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: who.auth, payload: { title, content: 'x', aiModels: ['Claude'], tags } });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).id;
};

describe('prompt_filter_keys and prompt_list_items (kept by triggers)', () => {
  it('stay in step with prompts through create, edit, a unit rename, delete and an author’s deletion', async () => {
    const id = await create('Keys one', ['Alpha']);
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Alpha')).items.map((i) => i.id)).toEqual([id]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/prompts/${id}`,
      headers: admin.auth,
      payload: { title: 'Keys one', content: 'x', aiModels: ['Claude'], tags: ['Beta'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Alpha')).total).toBe(0);
    expect((await list('tags=Beta')).items.map((i) => [i.id, i.tags])).toEqual([[id, ['Beta']]]);

    const [unit] = await queryRows(t.db, sql`select id::text from business_units where name = 'Sales'`);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/business-units/${String(unit!.id)}`,
      headers: admin.auth,
      payload: { name: 'Revenue' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await outOfStep()).toBe(0);
    expect((await list('businessUnits=Revenue&tags=Beta')).items.map((i) => [i.id, i.userBusinessUnit])).toEqual([[id, 'Revenue']]);
    expect((await list('businessUnits=Sales')).total).toBe(0);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/prompts/${id}`, headers: admin.auth })).statusCode).toBe(204);
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Beta')).total).toBe(0);

    // An author deleted with their prompts handed to someone else, then one deleted with theirs.
    const leaver = await t.userWithRole('edit', { businessUnit: 'Legal' });
    await create('Keys handed over', ['Delta'], leaver);
    const handOver = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${leaver.user.id}?transferTo=${admin.user.id}`, headers: admin.auth });
    expect(handOver.statusCode, handOver.body).toBe(200);
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Delta')).items.map((i) => i.userId)).toEqual([admin.user.id]);

    const author = await t.userWithRole('edit', { businessUnit: 'Revenue' });
    await create('Keys by a leaver', ['Gamma'], author);
    expect((await list('tags=Gamma')).total).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${author.user.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Gamma')).total).toBe(0);
  });

  it('are kept by writes made with an empty search_path (as a data-only pg_restore makes them)', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local search_path = ''`);
      await tx.execute(sql`insert into public.prompts (title, content, user_id, tags) values ('Restored', 'x', ${admin.user.id}::uuid, '{Zeta}')`);
    });
    expect(await outOfStep()).toBe(0);
    expect((await list('tags=Zeta')).items.map((i) => i.title)).toEqual(['Restored']);
  });

  it('never drop a prompt whose stored list item is missing: it is rendered on the spot instead', async () => {
    const id = await create('Keys without a head', ['Epsilon']);
    const before = await list('tags=Epsilon');
    await t.db.execute(sql`delete from prompt_list_items where prompt_id = ${id}::uuid`);
    expect(await list('tags=Epsilon')).toEqual(before);
    expect((await list('search=head')).items.map((i) => i.id)).toContain(id);
    await t.db.execute(
      sql`insert into prompt_list_items select p.id, prompt_list_item_head(p.id, p.title, p.content_preview, p.ai_models, p.tags, p.user_id, p.user_business_unit, p.created_at, p.updated_at) from prompts p where p.id = ${id}::uuid`,
    );
  });

  it('is what lists of everyone’s prompts in the default order read; searches, other orders and my prompts read prompts', async () => {
    const dialect = new PgDialect();
    const tablesRead = async (qs: string, mine = false) => {
      const statements: string[] = [];
      const spy: RunStatement = (db, statement, prepare) => {
        statements.push(dialect.sqlToQuery(statement).sql);
        return runStatement(db, statement, prepare);
      };
      const query = promptListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      await listPromptPage(t.db, { query, viewer: admin.user, fresh: true, ...(mine ? { ownerId: admin.user.id } : {}) }, spy);
      return statements.join('\n').includes('"prompt_filter_keys"') ? 'keys' : 'prompts';
    };
    expect(await tablesRead('tags=Beta')).toBe('keys');
    expect(await tablesRead('tags=Beta&businessUnits=Revenue&order=asc')).toBe('keys');
    expect(await tablesRead('tags=Beta&sort=title')).toBe('prompts');
    expect(await tablesRead('tags=Beta&search=keys')).toBe('prompts');
    expect(await tablesRead('tags=Beta', true)).toBe('prompts');
    // An admin's unfiltered list too: it leaves drafts and deprecated prompts out by the narrow rows' audience.
    expect(await tablesRead('')).toBe('keys');
  });

  it('pages in both directions exactly as a plain query on prompts orders them, ties broken by id', async () => {
    // 23 prompts tagged Paged, updated in pairs at the same instant so that ties need the id.
    await t.db.execute(sql`insert into prompts (title, content, user_id, user_business_unit, ai_models, tags, updated_at)
      select 'Paged ' || g, 'x', ${admin.user.id}::uuid, 'Revenue', '{Claude}', '{Paged}', timestamptz '2026-02-01' + (g / 2) * interval '1 minute'
      from generate_series(1, 23) g`);
    expect(await outOfStep()).toBe(0);
    for (const order of ['desc', 'asc'] as const) {
      const expected = (
        await queryRows(t.db, sql`select id::text from prompts where 'Paged' = any(tags) order by updated_at ${sql.raw(order)}, id ${sql.raw(order)}`)
      ).map((r) => String(r.id));
      const qs = `tags=Paged&limit=5&sort=updatedAt&order=${order}`;
      const first = await list(qs);
      expect(first.total).toBe(23);
      const ids = first.items.map((i) => i.id);
      for (let cursor = first.nextCursor; cursor;) {
        const next = await list(`${qs}&cursor=${cursor}`);
        ids.push(...next.items.map((i) => i.id));
        cursor = next.nextCursor;
      }
      expect(ids).toEqual(expected);
    }
  });
});

describe('filter key covers (singles and pairs of lists)', () => {
  const filters = (units: string[], models: string[], tags: string[]) => ({ businessUnits: units, aiModels: models, tags });

  beforeAll(async () => {
    // Names chosen so that keys without the length prefix would collide: "ab" + "c" and "a" + "bc".
    await t.db.execute(sql`insert into prompts (title, content, user_id, user_business_unit, ai_models, tags)
      select 'Cover ' || g, 'x', ${admin.user.id}::uuid,
             (array['ab', 'a', 'U3', ''])[1 + g % 4],
             string_to_array((array['M1,M2', 'M2,M3', 'c,M1', 'M3'])[1 + (g / 4) % 4], ','),
             string_to_array((array['bc,x', 'c,y', 'x,y', 'z,bc'])[1 + (g / 16) % 4], ',')
      from generate_series(0, 127) g`);
  });

  /** What the list must match, by the plain definition on prompts (any within a list, all across). */
  const plain = async (f: ReturnType<typeof filters>) => {
    const array = (values: string[]) =>
      sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
    const anyOf = (column: string, values: string[]) => (values.length ? sql`${sql.raw(column)} && ${array(values)}` : sql`true`);
    const unit = f.businessUnits.length ? sql`user_business_unit = any(${array(f.businessUnits)})` : sql`true`;
    return (
      await queryRows(
        t.db,
        sql`select id::text from prompts where title like 'Cover %' and ${unit} and ${anyOf('ai_models', f.aiModels)} and ${anyOf('tags', f.tags)} order by 1`,
      )
    ).map((r) => String(r.id));
  };
  const viaKeys = async (conditions: ReturnType<typeof filterKeyConditions>) =>
    (
      await queryRows(
        t.db,
        sql`select prompt_id::text as id from prompt_filter_keys join prompts p on p.id = prompt_id where p.title like 'Cover %' and ${sql.join(conditions, sql` and `)} order by 1`,
      )
    ).map((r) => String(r.id));

  it('match exactly what the filters mean, whichever cover is used', async () => {
    const cases = [
      filters(['ab'], ['M1'], ['c']),
      filters(['a'], [], ['bc']),
      filters(['ab'], [], ['c']),
      filters(['ab', 'U3'], ['M1', 'M3'], ['bc', 'y']),
      filters([''], ['c'], ['x']),
      filters([], ['M2', 'c'], ['y', 'z']),
      filters(['U3'], ['M3'], []),
      filters(['nobody'], ['M1'], ['x']),
    ];
    const sizes: number[] = [];
    for (const f of cases) {
      const expected = await plain(f);
      sizes.push(expected.length);
      const covers = filterKeyCovers(f, null);
      const lists = [f.businessUnits, f.aiModels, f.tags].filter((l) => l.length).length;
      expect(covers).toHaveLength(lists === 3 ? 7 : lists === 2 ? 2 : 1);
      for (const cover of covers) expect(await viaKeys(cover.conditions), JSON.stringify(f)).toEqual(expected);
    }
    expect(sizes.filter((n) => n > 0).length).toBe(cases.length - 1);
    // The length prefix keeps "ab" + "c" apart from "a" + "bc".
    expect(await plain(filters(['ab'], [], ['c']))).not.toEqual(await plain(filters(['a'], [], ['bc'])));
  });

  it('choose the cover with the fewest expected posting entries', () => {
    const stats: FacetStats = {
      rows: 1_000_000,
      share: new Map([
        ['u:U3', 0.1],
        ['m:Big', 0.4],
        ['t:x', 0.05],
      ]),
      rareShare: 0.001,
    };
    const render = (conditions: ReturnType<typeof filterKeyConditions>) => conditions.map((c) => new PgDialect().sqlToQuery(c).params.join('|'));
    // Unit × tag (0.005) and model × tag (0.02) decode least; ChatGPT-sized lists alone would cost 0.4.
    expect(render(filterKeyConditions(filters(['U3'], ['Big'], ['x']), stats))).toEqual(['ut|U3|x', 'mt|Big|x']);
    // Two lists: their pair is always cheaper than both singles.
    expect(render(filterKeyConditions(filters(['U3'], ['Big'], []), stats))).toEqual(['um|U3|Big']);
    // One list: its values.
    expect(render(filterKeyConditions(filters([], [], ['x', 'rare']), stats))).toEqual(['t:x|t:rare']);
    // Too many combinations for a pair key: singles.
    const many = Array.from({ length: 9 }, (_, i) => `T${i}`);
    expect(render(filterKeyConditions(filters([], many.slice(0, 8), many), stats))).toEqual([
      many
        .slice(0, 8)
        .map((m) => `m:${m}`)
        .join('|'),
      many.map((x) => `t:${x}`).join('|'),
    ]);
  });
});
