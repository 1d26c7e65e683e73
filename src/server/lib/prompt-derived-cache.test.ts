import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PromptListQuery, promptListQuerySchema } from '../../shared/schemas/prompts';
import { listPromptPage, type RunStatement, runStatement } from '../modules/prompt-query';
import { body, createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { afterPromptWrite, PromptDerivedCache } from './prompt-derived-cache';

// Lists and counts are cached per process (prompt-derived-cache.ts). Whatever a person changes must show
// in the very next answer, including changes made while a list was being counted.

let t: TestApp;
let admin: TestUser;
let author: TestUser;

const add = async (u: TestUser, title: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: u.auth,
    payload: { title, content: 'Body text', aiModels: ['ChatGPT'], tags: ['General'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res);
};
type ListAnswer = { total: number; items: Array<{ title: string; userBusinessUnit: string; user: { firstName: string; lastName: string } }> };
const list = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/prompts?${qs}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<ListAnswer>(res);
};
const query = (qs: string): PromptListQuery => promptListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  author = await t.userWithRole('edit', { firstName: 'Quentin', lastName: 'Quill', businessUnit: 'Marketing' });
  await add(author, 'Quill one');
  await add(author, 'Quill two');
});
afterAll(() => t.close());

describe('renaming a user', () => {
  it('by an admin shows at once in searches and list items', async () => {
    // Both lists are now cached: the search finds nobody, the page shows the old name.
    expect((await list('search=Zebedee')).total).toBe(0);
    expect((await list('')).items.find((i) => i.title === 'Quill one')?.user.firstName).toBe('Quentin');

    const { email, businessUnit, role } = author.user;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${author.user.id}`,
      headers: admin.auth,
      payload: { email, businessUnit, role, firstName: 'Zebedee', lastName: 'Quill' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const found = await list('search=Zebedee');
    expect(found.total).toBe(2);
    expect(found.items.map((i) => i.title).sort()).toEqual(['Quill one', 'Quill two']);
    expect((await list('')).items.find((i) => i.title === 'Quill one')?.user.firstName).toBe('Zebedee');
  });

  it('on their own profile shows at once in searches and list items', async () => {
    expect((await list('search=Xanthippe')).total).toBe(0);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: author.auth,
      payload: { firstName: 'Xanthippe', lastName: 'Quill', businessUnit: 'Marketing' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await list('search=Xanthippe')).total).toBe(2);
    expect((await list('search=Zebedee')).total).toBe(0);
    expect((await list('')).items.find((i) => i.title === 'Quill two')?.user.firstName).toBe('Xanthippe');
  });
});

describe('renaming a business unit', () => {
  const rename = async (from: string, to: string) => {
    const units = body<Array<{ id: string; name: string }>>(await t.app.inject({ method: 'GET', url: '/api/admin/business-units', headers: admin.auth }));
    const unit = units.find((u) => u.name === from)!;
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/business-units/${unit.id}`, headers: admin.auth, payload: { name: to } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const unitCount = async (name: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/filter/counts', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ businessUnits: Array<{ value: string; count: number }> }>(res).businessUnits.find((u) => u.value === name)?.count;
  };

  it('shows at once in lists, filters and sidebar counts', async () => {
    expect((await list('businessUnits=Growth')).total).toBe(0);
    expect(await unitCount('Marketing')).toBe(2);
    await rename('Marketing', 'Growth');

    const filtered = await list('businessUnits=Growth');
    expect(filtered.total).toBe(2);
    expect(filtered.items.every((i) => i.userBusinessUnit === 'Growth')).toBe(true);
    expect((await list('businessUnits=Marketing')).total).toBe(0);
    expect(await unitCount('Growth')).toBe(2);
  });

  it('while a filtered list is being counted does not leave the old total behind', async () => {
    // The count reads the rows before the rename; the rename commits before the count is stored.
    const renameDuringCount: RunStatement = async (db, statement, prepare) => {
      const rows = await runStatement(db, statement, prepare);
      await rename('Growth', 'Outreach');
      return rows;
    };
    const before = await listPromptPage(t.db, { query: query('businessUnits=Outreach'), viewer: admin.user }, renameDuringCount);
    expect(before.total).toBe(0);

    const after = await list('businessUnits=Outreach');
    expect(after.total).toBe(2);
    expect(after.items).toHaveLength(2);
  });
});

describe('a total counted across a prompt write', () => {
  it('is not kept: the next list shows the new total', async () => {
    const total = (await list('')).total;
    const createDuringCount: RunStatement = async (db, statement, prepare) => {
      const rows = await runStatement(db, statement, prepare);
      await add(author, 'Written while counting');
      return rows;
    };
    const counted = await listPromptPage(t.db, { query: query(''), viewer: admin.user, fresh: true }, createDuringCount);
    expect(counted.total).toBe(total);

    const next = await list('');
    expect(next.total).toBe(total + 1);
    expect(next.items.map((i) => i.title)).toContain('Written while counting');
  });

  it('is not kept for a search either (searches are counted by a statement of their own)', async () => {
    await add(author, 'Interleaved one');
    expect((await list('search=Interleaved')).total).toBe(1);
    let written = false;
    const createDuringCount: RunStatement = async (db, statement, prepare) => {
      const rows = await runStatement(db, statement, prepare);
      if (!written) await add(author, 'Interleaved two');
      written = true;
      return rows;
    };
    expect((await listPromptPage(t.db, { query: query('search=Interleaved'), viewer: admin.user, fresh: true }, createDuringCount)).total).toBe(1);
    expect((await list('search=Interleaved')).total).toBe(2);
  });
});

describe('PromptDerivedCache', () => {
  it('keeps a value only if no prompt write happened since its generation was read', async () => {
    const cache = new PromptDerivedCache<number>(60_000);
    const since = cache.generation(t.db);
    afterPromptWrite(t.db);
    cache.set(t.db, 'k', Promise.resolve(1), since);
    expect(cache.peek(t.db, 'k')).toBeUndefined();
    cache.set(t.db, 'k', Promise.resolve(2), cache.generation(t.db));
    expect(await cache.peek(t.db, 'k')).toBe(2);
  });

  it('drops a value computed while a write happened (get shares the computation, then forgets it)', async () => {
    const cache = new PromptDerivedCache<number>(60_000);
    let finish!: (n: number) => void;
    const first = cache.get(t.db, 'k', () => new Promise<number>((resolve) => (finish = resolve)));
    afterPromptWrite(t.db);
    finish(1);
    expect(await first).toBe(1);
    expect(await cache.get(t.db, 'k', async () => 2)).toBe(2);
  });

  it('refuses a transaction object: the caches are keyed by the root database', async () => {
    await expect(t.db.transaction(async (tx) => afterPromptWrite(tx))).rejects.toThrow(/root database/);
  });
});
