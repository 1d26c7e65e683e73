import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListItemSchema, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Uses, favourites and the recently used list: each person's own relation to the prompts.
const strictList = promptListResponseSchema.extend({ items: promptListItemSchema.strict().array() }).strict();

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;
const ids: Record<string, string> = {};

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const list = async (u: TestUser, qs = '', url = '/api/prompts') => {
  const res = await request(u, 'GET', `${url}?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return strictList.parse(JSON.parse(res.body));
};
const use = async (u: TestUser, id: string, kind = 'copy') => {
  const res = await request(u, 'POST', `/api/prompts/${id}/uses`, { kind });
  expect(res.statusCode, res.body).toBe(204);
};
const favorite = async (u: TestUser, id: string, on = true) => {
  const res = await request(u, on ? 'PUT' : 'DELETE', `/api/prompts/${id}/favorite`);
  expect(res.statusCode, res.body).toBe(204);
};
const detail = async (u: TestUser, id: string) => promptSchema.parse(body(await request(u, 'GET', `/api/prompts/${id}`)));
/** Every page of a list, following nextCursor. */
async function allPages(u: TestUser, qs: string, url = '/api/prompts') {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(u, `${qs}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, url);
    seen.push(...page.items.map((i) => i.title));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, reader } = await usersForEveryRole(t));
  for (const [title, tags] of [
    ['Alpha summary', ['Legal']],
    ['Beta summary', ['Sales']],
    ['Gamma email', ['Legal']],
    ['Delta email', ['Sales']],
    ['Epsilon note', ['Legal']],
  ] as const) {
    const res = await request(editor, 'POST', '/api/prompts', { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags });
    expect(res.statusCode, res.body).toBe(201);
    ids[title] = body<{ id: string }>(res).id;
  }
});
afterAll(() => t.close());

describe('uses', () => {
  it('are recorded by any member, read-only ones included, and counted for everyone', async () => {
    const id = ids['Gamma email']!;
    await use(reader, id);
    await use(editor, id, 'launch');
    await use(reader, id);
    expect((await detail(admin, id)).useCount).toBe(3);
    const item = (await list(admin, 'search=Gamma')).items[0]!;
    expect(item.useCount).toBe(3);
  });

  it('give the viewer, and only the viewer, a last use time', async () => {
    const id = ids['Gamma email']!;
    expect((await detail(reader, id)).lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await detail(admin, id)).lastUsedAt).toBeNull();
  });

  it('refuse an unknown kind, a missing body and a prompt that does not exist', async () => {
    const id = ids['Alpha summary']!;
    const bad = await request(reader, 'POST', `/api/prompts/${id}/uses`, { kind: 'print' });
    expect(bad.statusCode).toBe(400);
    expect(body<{ message: string }>(bad).message).toBe('Kind must be copy or launch');
    // mcp uses are recorded by the server itself, never claimed by a client.
    expect((await request(reader, 'POST', `/api/prompts/${id}/uses`, { kind: 'mcp' })).statusCode).toBe(400);
    expect((await request(reader, 'POST', `/api/prompts/${id}/uses`)).statusCode).toBe(400);
    const missing = await request(reader, 'POST', '/api/prompts/00000000-0000-4000-8000-000000000000/uses', { kind: 'copy' });
    expect(missing.statusCode).toBe(404);
    expect(body<{ code: string }>(missing).code).toBe('prompt_not_found');
  });

  it('need a signed-in member', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/prompts/${ids['Alpha summary']}/uses`, payload: { kind: 'copy' } });
    expect(res.statusCode).toBe(401);
  });

  it('order "Most used" pages, each prompt exactly once, used ones first', async () => {
    await use(editor, ids['Delta email']!);
    await use(editor, ids['Delta email']!);
    await use(editor, ids['Beta summary']!);
    const titles = await allPages(admin, 'sort=mostUsed');
    expect(titles.slice(0, 3)).toEqual(['Gamma email', 'Delta email', 'Beta summary']);
    expect([...titles].sort()).toEqual(Object.keys(ids).sort());
    const fewestFirst = await allPages(admin, 'sort=mostUsed&order=asc');
    expect(fewestFirst).toEqual([...titles].reverse());
    // With a filter, and with a search.
    expect(await allPages(admin, 'sort=mostUsed&tags=Sales')).toEqual(['Delta email', 'Beta summary']);
    expect(await allPages(admin, 'sort=mostUsed&search=email')).toEqual(['Gamma email', 'Delta email']);
    const first = await list(admin, 'sort=mostUsed');
    expect(first.orderedBy).toBe('mostUsed');
    expect(first.items.map((i) => i.useCount)).toEqual([3, 2, 1, 0, 0]);
  });

  it('refuse a most-used cursor on another order', async () => {
    const page = await list(admin, 'sort=mostUsed&limit=1');
    const res = await request(admin, 'GET', `/api/prompts?sort=title&cursor=${page.nextCursor}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('recently used', () => {
  it('lists the viewer’s own uses, newest first, in pages', async () => {
    await use(reader, ids['Alpha summary']!);
    await use(reader, ids['Epsilon note']!, 'launch');
    await use(reader, ids['Gamma email']!);
    const page = await list(reader, '', '/api/prompts/recent');
    expect(page.items.map((i) => i.title)).toEqual(['Gamma email', 'Epsilon note', 'Alpha summary']);
    expect(page.total).toBe(3);
    expect(page.orderedBy).toBe('lastUsedAt');
    expect(page.items[0]!.lastUsedAt! >= page.items[1]!.lastUsedAt!).toBe(true);
    expect(await allPages(reader, '', '/api/prompts/recent')).toEqual(['Gamma email', 'Epsilon note', 'Alpha summary']);
    // Someone else's uses are not there.
    expect((await list(admin, '', '/api/prompts/recent')).items).toEqual([]);
  });

  it('refuses a cursor of another list', async () => {
    const page = await list(admin, 'limit=1');
    const res = await request(reader, 'GET', `/api/prompts/recent?cursor=${page.nextCursor}`);
    expect(res.statusCode).toBe(400);
    expect(body<{ code: string }>(res).code).toBe('validation_failed');
  });
});

describe('favourites', () => {
  it('are idempotent and per viewer, in lists and in the detail', async () => {
    const id = ids['Beta summary']!;
    await favorite(reader, id);
    await favorite(reader, id);
    expect((await detail(reader, id)).isFavorite).toBe(true);
    expect((await detail(admin, id)).isFavorite).toBe(false);
    const flags = (u: TestUser) => list(u, 'search=Beta').then((p) => p.items.map((i) => i.isFavorite));
    expect(await flags(reader)).toEqual([true]);
    expect(await flags(admin)).toEqual([false]);
    await favorite(reader, id, false);
    await favorite(reader, id, false);
    expect(await flags(reader)).toEqual([false]);
  });

  it('show at once on a list page the viewer has just read (the page cache is per viewer)', async () => {
    const id = ids['Delta email']!;
    const before = await list(editor);
    expect(before.items.find((i) => i.id === id)!.isFavorite).toBe(false);
    await favorite(editor, id);
    expect((await list(editor)).items.find((i) => i.id === id)!.isFavorite).toBe(true);
    // Another viewer with the same role reads their own flags.
    expect((await list(admin)).items.find((i) => i.id === id)!.isFavorite).toBe(false);
  });

  it('count a favourites-only list again after each star (its total is cached per person)', async () => {
    const other = await t.userWithRole('edit', { firstName: 'Fay', lastName: 'Fresh' });
    expect((await list(other, 'favorites=true')).total).toBe(0);
    await favorite(other, ids['Epsilon note']!);
    const page = await list(other, 'favorites=true');
    expect({ total: page.total, titles: page.items.map((i) => i.title) }).toEqual({ total: 1, titles: ['Epsilon note'] });
  });

  it('limit any list with favorites=true, combined with search, filters and sorts', async () => {
    await favorite(reader, ids['Alpha summary']!);
    await favorite(reader, ids['Gamma email']!);
    await favorite(reader, ids['Beta summary']!);
    const titles = async (qs: string, url?: string) => (await list(reader, `favorites=true&${qs}`, url)).items.map((i) => i.title).sort();
    expect(await titles('')).toEqual(['Alpha summary', 'Beta summary', 'Gamma email']);
    expect(await titles('tags=Legal')).toEqual(['Alpha summary', 'Gamma email']);
    expect(await titles('search=summary')).toEqual(['Alpha summary', 'Beta summary']);
    expect(await titles('search=summary&tags=Legal')).toEqual(['Alpha summary']);
    expect((await list(reader, 'favorites=true&tags=Legal')).total).toBe(2);
    // Gamma has the most uses; Alpha and Beta one each (ties go by id).
    const mostUsed = await allPages(reader, 'favorites=true&sort=mostUsed');
    expect(mostUsed[0]).toBe('Gamma email');
    expect([...mostUsed].sort()).toEqual(['Alpha summary', 'Beta summary', 'Gamma email']);
    expect(await allPages(reader, 'favorites=true&sort=title')).toEqual(['Alpha summary', 'Beta summary', 'Gamma email']);
    // Someone with no favourites gets an empty list, not everyone's.
    expect((await list(admin, 'favorites=true')).total).toBe(0);
    expect((await list(editor, 'favorites=true', '/api/prompts/my')).items.map((i) => i.title)).toEqual(['Delta email']);
    const bad = await request(reader, 'GET', '/api/prompts?favorites=yes');
    expect(bad.statusCode).toBe(400);
    expect(body<{ message: string }>(bad).message).toBe('Favorites must be true or false');
  });

  it('answer 404 for a prompt that does not exist, and go with a deleted prompt', async () => {
    expect((await request(reader, 'PUT', '/api/prompts/00000000-0000-4000-8000-000000000000/favorite')).statusCode).toBe(404);
    expect((await request(reader, 'DELETE', '/api/prompts/00000000-0000-4000-8000-000000000000/favorite')).statusCode).toBe(404);
    expect((await request(reader, 'PUT', '/api/prompts/not-a-uuid/favorite')).statusCode).toBe(400);
    const created = await request(editor, 'POST', '/api/prompts', { title: 'Short-lived', content: 'x', aiModels: ['ChatGPT'], tags: ['Legal'] });
    const id = body<{ id: string }>(created).id;
    await favorite(reader, id);
    await use(reader, id);
    expect((await request(editor, 'DELETE', `/api/prompts/${id}`)).statusCode).toBe(204);
    expect((await list(reader, 'favorites=true')).items.map((i) => i.id)).not.toContain(id);
    expect((await list(reader, '', '/api/prompts/recent')).items.map((i) => i.id)).not.toContain(id);
  });
});
