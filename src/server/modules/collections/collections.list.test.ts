import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../shared/schemas/collections';
import { filterCountsSchema } from '../../../shared/schemas/catalog';
import { promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Lists filtered by a collection: GET /api/prompts and /api/prompts/my with `collection`, in the
// collection's order (keyset pages on position) or any other sort, with search and filters, and the
// sidebar's counts; and the caches, which an item write must drop.

let t: TestApp;
let admin: TestUser;
let eve: TestUser;
let otto: TestUser;
let rita: TestUser;
let kit = '';
/** Titles in the collection's order. */
const order: string[] = [];

const get = async (u: TestUser, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: u.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const page = async (u: TestUser, qs: string) => promptListResponseSchema.parse(JSON.parse((await get(u, `/api/prompts?collection=${kit}&${qs}`)).body));
const titles = async (u: TestUser, qs = '', path = '/api/prompts') =>
  promptListResponseSchema.parse(JSON.parse((await get(u, `${path}?collection=${kit}&limit=100&${qs}`)).body)).items.map((i) => i.title);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  kit = collectionSchema.parse(
    body(await t.app.inject({ method: 'POST', url: '/api/collections', headers: eve.auth, payload: { name: 'Contract review' } })),
  ).id;
  // Twelve prompts by two authors, added in an order unlike their titles and dates; three stay outside.
  const made: Array<{ id: string; title: string }> = [];
  for (let i = 0; i < 15; i++) {
    const author = i % 2 ? otto : eve;
    const title = `${String.fromCharCode(65 + ((i * 7) % 15))} clause ${i}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: author.auth,
      payload: {
        title,
        content: i % 3 ? `Review the indemnity clause ${i}` : `Check the payment terms ${i}`,
        aiModels: [i % 4 ? 'ChatGPT' : 'Claude'],
        tags: ['legal'],
        visibility: i === 5 ? 'private' : 'organization',
      },
    });
    made.push({ id: promptSchema.parse(body(res)).id, title });
  }
  for (const i of [9, 2, 14, 0, 7, 11, 4, 1, 13, 6, 10, 5]) {
    // Prompt 5 is Otto's private one: only Otto and admins see it in the collection.
    const by = i === 5 ? otto : eve;
    if (i === 5) await t.app.inject({ method: 'PUT', url: `/api/collections/${kit}`, headers: eve.auth, payload: { coOwnerIds: [otto.user.id] } });
    const res = await t.app.inject({ method: 'POST', url: `/api/collections/${kit}/items`, headers: by.auth, payload: { promptId: made[i]!.id } });
    expect(res.statusCode, res.body).toBe(201);
    if (i !== 5) order.push(made[i]!.title);
  }
});
afterAll(() => t.close());

describe('a list filtered by a collection', () => {
  it('is in the collection’s order by default, the same on every page of a keyset walk', async () => {
    expect(await titles(eve)).toEqual(order);
    const seen: string[] = [];
    let cursor = '';
    for (let n = 0; n < 10; n++) {
      const p = await page(rita, `limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.orderedBy).toBe('position');
      expect(p.total).toBe(11);
      seen.push(...p.items.map((i) => i.title));
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    expect(seen).toEqual(order);
    // Descending is the exact reverse, and pages likewise.
    const first = await page(rita, 'order=desc&limit=4');
    const second = await page(rita, `order=desc&limit=4&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((i) => i.title)).toEqual([...order].reverse().slice(0, 8));
  });

  it('shows a member only the prompts they may see, and an admin all of them', async () => {
    expect((await titles(admin)).length).toBe(12);
    expect(await titles(otto)).toContain('F clause 5');
    expect(await titles(rita)).not.toContain('F clause 5');
  });

  it('combines with search, filters, visibility, favourites, one’s own prompts and other sorts', async () => {
    const withSearch = await page(eve, 'search=payment&limit=50');
    expect(withSearch.orderedBy).toBe('position');
    expect(withSearch.items.map((i) => i.title)).toEqual(order.filter((tt) => [0, 3, 6, 9, 12].includes(Number(tt.split(' ')[2]))));
    expect(withSearch.items.every((i) => i.snippet !== undefined)).toBe(true);
    expect((await page(eve, 'search=payment&sort=relevance')).orderedBy).toBe('relevance');
    const claude = await titles(eve, 'aiModels=Claude');
    expect(claude).toEqual(order.filter((tt) => Number(tt.split(' ')[2]) % 4 === 0));
    expect(await titles(eve, 'sort=title')).toEqual([...order].sort());
    const byTitle1 = await page(eve, 'sort=title&limit=5');
    const byTitle2 = await page(eve, `sort=title&limit=5&cursor=${byTitle1.nextCursor}`);
    expect([...byTitle1.items, ...byTitle2.items].map((i) => i.title)).toEqual([...order].sort().slice(0, 10));
    expect((await titles(eve, 'sort=mostUsed')).sort()).toEqual([...order].sort());
    expect(await titles(eve, '', '/api/prompts/my')).toEqual(order.filter((tt) => Number(tt.split(' ')[2]) % 2 === 0));
    expect(await titles(eve, 'visibility=private')).toEqual([]);
    const favorite = order[3]!;
    const favId = (await page(eve, 'limit=50')).items.find((i) => i.title === favorite)!.id;
    await t.app.inject({ method: 'PUT', url: `/api/prompts/${favId}/favorite`, headers: eve.auth });
    expect(await titles(eve, 'favorites=true')).toEqual([favorite]);
  });

  it('refuses the position order without a collection, and a cursor of another order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/prompts?sort=position', headers: eve.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ errors: { sort: 'Sorting by position needs a collection' } });
    const p = await page(eve, 'limit=3');
    const wrong = await t.app.inject({ method: 'GET', url: `/api/prompts?collection=${kit}&sort=title&cursor=${p.nextCursor}`, headers: eve.auth });
    expect(wrong.statusCode).toBe(400);
  });

  it('counts the sidebar’s values within the collection', async () => {
    const counts = filterCountsSchema.parse(body(await get(rita, `/api/filter/counts?collection=${kit}`)));
    const expectedClaude = order.filter((tt) => Number(tt.split(' ')[2]) % 4 === 0).length;
    expect(counts.aiModels).toEqual(
      expect.arrayContaining([
        { value: 'Claude', count: expectedClaude },
        { value: 'ChatGPT', count: 11 - expectedClaude },
      ]),
    );
    expect(counts.tags).toEqual([{ value: 'legal', count: 11 }]);
    const searched = filterCountsSchema.parse(body(await get(rita, `/api/filter/counts?collection=${kit}&search=payment`)));
    expect(searched.tags).toEqual([{ value: 'legal', count: 3 }]);
    const everything = filterCountsSchema.parse(body(await get(rita, '/api/filter/counts')));
    expect(everything.tags).toEqual([{ value: 'legal', count: 14 }]);
  });

  it('changes at once when items are added, removed or reordered (the cached pages and totals are dropped)', async () => {
    const before = await page(rita, 'limit=2');
    expect(before.total).toBe(11);
    const firstId = before.items[0]!.id;
    await t.app.inject({ method: 'DELETE', url: `/api/collections/${kit}/items/${firstId}`, headers: eve.auth });
    const after = await page(rita, 'limit=2');
    expect(after.total).toBe(10);
    expect(after.items[0]!.title).toBe(order[1]);
    await t.app.inject({ method: 'POST', url: `/api/collections/${kit}/items`, headers: eve.auth, payload: { promptId: firstId } });
    expect((await titles(rita)).at(-1)).toBe(order[0]);
    const visible = (await page(eve, 'limit=50')).items.map((i) => i.id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/collections/${kit}/items`, headers: eve.auth, payload: { promptIds: [...visible].reverse() } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(rita, 'limit=1')).items[0]!.id).toBe(firstId);
  });
});
