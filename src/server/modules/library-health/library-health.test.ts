import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_MESSAGES,
  type OrphanedPage,
  orphanedPageSchema,
  type TopPage,
  topPageSchema,
  type UnitHealthPage,
  unitHealthPageSchema,
  type UnusedPage,
  unusedPageSchema,
} from '../../../shared/schemas/library-health';
import { queryRows } from '../../db/client';
import { dropUserCaches } from '../../lib/user-derived-cache';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { insertToken } from '../tokens/tokens.repo';

// The Library Health lists on a seeded library: units, unused, orphaned, most used and fastest growing;
// paged, by unit, as CSV; what curators get; and the use record they read (per day, last use, sign-ins,
// hand-overs) kept through merges, the trash and owner changes.

let t: TestApp;
let admin: TestUser; // Research
let eve: TestUser; // Legal
let otto: TestUser; // Sales
let cora: TestUser; // Sales, curates Legal
const ids: Record<string, string> = {};

const call = (u: TestUser | { auth: Record<string, string> }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

async function create(u: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const res = await call(u, 'POST', '/api/prompts', {
    title,
    content: `${title}: write the answer plainly.`,
    aiModels: ['ChatGPT'],
    tags: ['health'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
}
const use = async (u: TestUser, title: string, times = 1) => {
  for (let i = 0; i < times; i++) expect((await call(u, 'POST', `/api/prompts/${ids[title]}/uses`, { kind: 'copy' })).statusCode).toBe(204);
};
/** Moves a prompt's birth (and its versions') `days` back. */
const ageBy = (title: string, days: number) =>
  t.db.execute(sql`update prompts set created_at = now() - ${days}::int * interval '1 day' where id = ${ids[title]}::uuid`);
/** Moves a prompt's last use `days` back, as if nobody had used it since. */
const lastUsedAgo = (title: string, days: number) =>
  t.db.execute(sql`update prompt_use_counts set last_used_at = now() - ${days}::int * interval '1 day' where prompt_id = ${ids[title]}::uuid`);
/** Uses on a day `daysAgo` days back. */
const usedOn = (title: string, daysAgo: number, uses: number) =>
  t.db.execute(sql`insert into prompt_use_days (prompt_id, day, uses)
    values (${ids[title]}::uuid, (now() at time zone 'UTC')::date - ${daysAgo}::int, ${uses})
    on conflict (prompt_id, day) do update set uses = excluded.uses`);

async function list<T>(u: TestUser | { auth: Record<string, string> }, path: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const res = await call(u, 'GET', `/api/admin/library-health/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}
const units = (u: TestUser, qs = '') => list<UnitHealthPage>(u, `units${qs}`, unitHealthPageSchema);
const unused = (u: TestUser, qs = '') => list<UnusedPage>(u, `unused${qs}`, unusedPageSchema);
const orphaned = (u: TestUser, qs = '') => list<OrphanedPage>(u, `orphaned${qs}`, orphanedPageSchema);
const top = (u: TestUser | { auth: Record<string, string> }, qs = '') => list<TopPage>(u, `top${qs}`, topPageSchema);
const titles = (p: { items: Array<{ title: string }> }) => p.items.map((i) => i.title);

/** Every item of a list, a page of one at a time through its cursors. */
async function walk(path: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const res = await call(admin, 'GET', `/api/admin/library-health/${path}${path.includes('?') ? '&' : '?'}limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: Array<{ title?: string; name?: string }>; nextCursor: string | null };
    seen.push(...page.items.map((i) => i.title ?? i.name ?? ''));
    cursor = page.nextCursor;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto } = await usersForEveryRole(t));
  cora = await t.userWithRole('edit', { firstName: 'Cora', lastName: 'Curator', businessUnit: 'Sales' });
  expect((await call(admin, 'PUT', `/api/admin/users/${cora.user.id}/curator-units`, { units: ['Legal'] })).statusCode).toBe(200);

  await create(eve, 'Idle since written'); // old, never used
  await create(eve, 'Idle since used'); // old, last used 120 days ago
  await create(eve, 'Fresh and unused'); // too young to be unused
  await create(eve, 'Old and busy'); // old, used now
  await create(eve, 'Legal secret', { visibility: 'private' }); // old, never used: only its owner and admins see it
  await create(otto, 'Sales steady');
  await create(otto, 'Sales rising');
  await ageBy('Idle since written', 400);
  await ageBy('Idle since used', 300);
  await ageBy('Old and busy', 300);
  await ageBy('Legal secret', 200);
  await use(eve, 'Idle since used');
  await lastUsedAgo('Idle since used', 120);
  await t.db.execute(sql`delete from prompt_use_days where prompt_id = ${ids['Idle since used']}::uuid`);
  await use(eve, 'Old and busy', 3);
  await use(otto, 'Sales steady', 2);
  await use(otto, 'Sales rising', 1);
  // The thirty days before: Sales steady was used more then; Sales rising not at all.
  await usedOn('Sales steady', 40, 5);
  await usedOn('Old and busy', 45, 1);
  await usedOn('Sales rising', 10, 4);
});
afterAll(() => t.close());

describe('the use record', () => {
  it('counts uses per day and keeps each prompt’s last use', async () => {
    const [row] = await queryRows(
      t.db,
      sql`select c.last_used_at > now() - interval '1 minute' as recent, d.uses from prompt_use_counts c
          join prompt_use_days d on d.prompt_id = c.prompt_id and d.day = (now() at time zone 'UTC')::date where c.prompt_id = ${ids['Old and busy']}::uuid`,
    );
    expect(row).toEqual({ recent: true, uses: 3 });
  });

  it('marks each sign-in on the account', async () => {
    await t.db.execute(sql`update users set last_signed_in_at = now() - interval '1 year' where id = ${eve.user.id}::uuid`);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: eve.user.email, password: eve.password } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows(t.db, sql`select last_signed_in_at > now() - interval '1 minute' as recent from users where id = ${eve.user.id}::uuid`);
    expect(row?.recent).toBe(true);
  });
});

describe('units', () => {
  it('lists every business unit by name with its prompts, authors and uses of the last 30 days, also as CSV', async () => {
    const page = await units(admin);
    const byName = Object.fromEntries(page.items.map((u) => [u.name, u]));
    // Today's 3 uses and the use 45 days ago, outside the window, not counted.
    expect(byName.Legal).toEqual({ name: 'Legal', prompts: 5, authors: 1, uses: 3 });
    expect(byName.Sales).toEqual({ name: 'Sales', prompts: 2, authors: 1, uses: 7 });
    expect(byName.Research).toEqual({ name: 'Research', prompts: 0, authors: 0, uses: 0 });
    const names = page.items.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await walk('units')).toEqual(names);
    expect((await units(admin, '?unit=legal')).items.map((u) => u.name)).toEqual(['Legal']);

    const csv = await call(admin, 'GET', '/api/admin/library-health/units?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('units.csv');
    const rows = parse(csv.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.find((r) => r.businessUnit === 'Sales')).toEqual({ businessUnit: 'Sales', prompts: '2', authors: '1', usesLast30Days: '7' });
  });
});

describe('unused prompts', () => {
  it('lists prompts with no use in 90 days, the longest idle first; younger prompts are not unused', async () => {
    expect(titles(await unused(admin))).toEqual(['Idle since written', 'Legal secret', 'Idle since used']);
    const idle = (await unused(admin)).items.find((i) => i.title === 'Idle since used');
    expect(idle).toMatchObject({ useCount: 1, businessUnit: 'Legal', ownerName: 'Eve Editor' });
    expect(idle?.lastUsedAt).not.toBeNull();
    // 150 days: the prompt used 120 days ago is no longer idle long enough.
    expect(titles(await unused(admin, '?days=150'))).toEqual(['Idle since written', 'Legal secret']);
    expect(await walk('unused')).toEqual(['Idle since written', 'Legal secret', 'Idle since used']);
    const csv = parse((await call(admin, 'GET', '/api/admin/library-health/unused?format=csv')).body, { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(csv.map((r) => r.title)).toEqual(['Idle since written', 'Legal secret', 'Idle since used']);
  });

  it('refuses days out of range, and a cursor it did not write', async () => {
    for (const qs of [
      '?days=0',
      '?days=abc',
      '?days=5000',
      '?cursor=bm90LWEta2V5',
      `?cursor=${Buffer.from('["2026-13-40 25:00:00+00","x"]').toString('base64url')}`,
    ]) {
      const res = await call(admin, 'GET', `/api/admin/library-health/unused${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
  });
});

describe('most used and fastest growing', () => {
  it('ranks the uses of the last 30 days, and the uses gained over the 30 days before', async () => {
    const used = await top(admin);
    expect(used.items.map((i) => [i.title, i.uses, i.previousUses])).toEqual([
      ['Sales rising', 5, 0],
      ['Old and busy', 3, 1],
      ['Sales steady', 2, 5],
    ]);
    const growing = await top(admin, '?by=growth');
    expect(growing.items.map((i) => [i.title, i.growth])).toEqual([
      ['Sales rising', 5],
      ['Old and busy', 2],
    ]);
    expect(await walk('top?by=growth')).toEqual(['Sales rising', 'Old and busy']);
    expect(await walk('top')).toEqual(['Sales rising', 'Old and busy', 'Sales steady']);
    expect(titles(await top(admin, '?unit=Sales'))).toEqual(['Sales rising', 'Sales steady']);
  });
});

describe('curators', () => {
  it('get the prompts of the units they curate that they can see, and no other unit', async () => {
    expect((await units(cora)).items.map((u) => u.name)).toEqual(['Legal']);
    // Eve's private prompt is not theirs to see.
    expect(titles(await unused(cora))).toEqual(['Idle since written', 'Idle since used']);
    expect(titles(await top(cora))).toEqual(['Old and busy']);
    const other = await call(cora, 'GET', '/api/admin/library-health/top?unit=Sales');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: `${HEALTH_MESSAGES.notYourUnit}Legal` });
  });

  it('are the only members besides administrators let in', async () => {
    for (const path of ['units', 'unused', 'duplicates', 'orphaned', 'top']) {
      const res = await call(eve, 'GET', `/api/admin/library-health/${path}`);
      expect(res.statusCode, path).toBe(403);
    }
    const { token } = await insertToken(t.db, { userId: admin.user.id, name: 'Health', scopes: ['admin'], expiresInDays: 1 });
    expect(titles(await top({ auth: { authorization: `Bearer ${token}` } }))).toHaveLength(3);
  });
});

describe('orphaned prompts', () => {
  it('lists prompts handed over from a deleted account until handed on, and those of owners away for 180 days', async () => {
    expect((await orphaned(admin)).items).toEqual([]);
    const gone = await t.userWithRole('edit', { firstName: 'Gus', lastName: 'Gone', businessUnit: 'Legal' });
    await create(gone, 'Left behind');
    await create(gone, 'Also left');
    expect((await call(admin, 'DELETE', `/api/admin/users/${gone.user.id}?transferTo=${eve.user.id}`)).statusCode).toBe(200);
    const page = await orphaned(admin);
    // Handed over at the same moment: in id order, which is no order to a reader.
    expect(page.items.map((i) => [i.title, i.reason, i.fromName, i.ownerName]).sort()).toEqual([
      ['Also left', 'transferred', 'Gus Gone', 'Eve Editor'],
      ['Left behind', 'transferred', 'Gus Gone', 'Eve Editor'],
    ]);

    // Handed on to someone chosen: no longer orphaned.
    const owners = await call(eve, 'PUT', `/api/prompts/${ids['Also left']}/owners`, { ownerId: otto.user.id, coOwnerIds: [] });
    expect(owners.statusCode, owners.body).toBe(200);
    expect(titles(await orphaned(admin))).toEqual(['Left behind']);

    // Otto away for 200 days: his prompts join the list, by his last sign-in, before the hand-over.
    await t.db.execute(sql`update users set last_signed_in_at = now() - interval '200 days' where id = ${otto.user.id}::uuid`);
    dropUserCaches();
    const away = await orphaned(admin);
    expect(
      away.items
        .slice(0, 3)
        .map((i) => [i.title, i.reason])
        .sort(),
    ).toEqual([
      ['Also left', 'inactive'],
      ['Sales rising', 'inactive'],
      ['Sales steady', 'inactive'],
    ]);
    expect(away.items[3]).toMatchObject({ title: 'Left behind', reason: 'transferred' });
    expect(titles(await orphaned(admin, '?days=365'))).toEqual(['Left behind']);
    expect(titles(await orphaned(admin, '?unit=Legal'))).toEqual(['Also left', 'Left behind']);
    expect(titles(await orphaned(cora))).toEqual(['Also left', 'Left behind']);
    expect((await walk('orphaned')).length).toBe(4);
    const csv = parse((await call(admin, 'GET', '/api/admin/library-health/orphaned?format=csv')).body, { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(csv.at(-1)).toMatchObject({ title: 'Left behind', reason: 'transferred', formerOwner: 'Gus Gone' });

    // Trashed and restored, it is still orphaned.
    expect((await call(eve, 'DELETE', `/api/prompts/${ids['Left behind']}`)).statusCode).toBe(204);
    expect((await call(eve, 'POST', `/api/trash/${ids['Left behind']}/restore`, {})).statusCode).toBe(200);
    expect((await orphaned(admin, '?days=365')).items.map((i) => [i.title, i.fromName])).toEqual([['Left behind', 'Gus Gone']]);
  });
});

describe('uses through merges and the trash', () => {
  it('keep their days and last use', async () => {
    // Trashed and restored: its uses come back with it.
    expect((await call(eve, 'DELETE', `/api/prompts/${ids['Old and busy']}`)).statusCode).toBe(204);
    expect(titles(await top(admin))).not.toContain('Old and busy');
    expect((await call(eve, 'POST', `/api/trash/${ids['Old and busy']}/restore`, {})).statusCode).toBe(200);
    expect((await top(admin)).items.find((i) => i.title === 'Old and busy')).toMatchObject({ uses: 3, previousUses: 1 });
    expect(titles(await unused(admin))).not.toContain('Old and busy');

    // Merged: the kept prompt gains the other's uses, day by day, and its last use.
    const merged = await call(admin, 'POST', '/api/prompts/merge', { keepId: ids['Idle since written'], mergeIds: [ids['Old and busy']] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await top(admin)).items.find((i) => i.title === 'Idle since written')).toMatchObject({ uses: 3, previousUses: 1 });
    expect(titles(await unused(admin))).not.toContain('Idle since written');
  });
});
