import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Collection, collectionListSchema, collectionSchema } from '../../../shared/schemas/collections';
import { promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Collections when what they name changes: a member deleted (co-ownerships removed; owned collections
// transferred with their prompts, or deleted with them), a business unit renamed or deleted, a prompt
// trashed, restored and deleted for good.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal
let otto: TestUser; // editor, Sales

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function ok<T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? body(res) : undefined) as T;
}
const collection = async (u: TestUser, payload: Record<string, unknown>) => collectionSchema.parse(await ok(u, 'POST', '/api/collections', payload, 201));
const all = async () => collectionListSchema.parse(await ok(admin, 'GET', '/api/collections')).items;
const find = async (id: string) => (await all()).find((c) => c.id === id) as Collection | undefined;
const prompt = async (u: TestUser, title: string) =>
  promptSchema.parse(
    await ok(u, 'POST', '/api/prompts', { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags: ['x'], visibility: 'organization' }, 201),
  ).id;
const titlesIn = async (id: string) =>
  promptListResponseSchema
    .parse(JSON.parse((await t.app.inject({ method: 'GET', url: `/api/prompts?collection=${id}`, headers: admin.auth })).body))
    .items.map((i) => i.title);
const unitId = async (name: string) =>
  body<Array<{ id: string; name: string }>>(await t.app.inject({ method: 'GET', url: '/api/admin/business-units', headers: admin.auth })).find(
    (u) => u.name === name,
  )!.id;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto } = await usersForEveryRole(t));
});
afterAll(() => t.close());

describe('deleting a member', () => {
  it('removes their co-ownerships and gives their collections to the member receiving their prompts, renaming clashes', async () => {
    const leaver = await t.userWithRole('edit', { firstName: 'Lou', lastName: 'Leaver', businessUnit: 'Legal' });
    const shared = await collection(eve, { name: 'Shared', coOwnerIds: [leaver.user.id, otto.user.id] });
    const own = await collection(leaver, { name: 'Playbook', coOwnerIds: [otto.user.id] });
    const clash = await collection(leaver, { name: 'Clauses' });
    await collection(otto, { name: 'clauses' });
    await ok(admin, 'DELETE', `/api/admin/users/${leaver.user.id}?transferTo=${otto.user.id}`);
    expect((await find(shared.id))!.coOwnerIds).toEqual([otto.user.id]);
    expect(await find(own.id)).toMatchObject({ owner: { id: otto.user.id }, coOwnerIds: [] });
    expect(await find(clash.id)).toMatchObject({ name: 'Clauses (from Lou Leaver)', owner: { id: otto.user.id } });
  });

  it('deletes their collections with their prompts when nobody receives them', async () => {
    const leaver = await t.userWithRole('edit', { firstName: 'Gone', lastName: 'Girl' });
    const own = await collection(leaver, { name: 'Gone soon' });
    await ok(admin, 'DELETE', `/api/admin/users/${leaver.user.id}`);
    expect(await find(own.id)).toBeUndefined();
  });
});

describe('business units', () => {
  it('rewrite the collections shared with a renamed unit, and make private those left with none', async () => {
    const legal = await collection(eve, { name: 'Legal only', visibility: 'units' });
    const both = await collection(eve, { name: 'Legal and Sales', visibility: 'units', units: ['Legal', 'Sales'] });
    await ok(admin, 'PUT', `/api/admin/business-units/${await unitId('Legal')}`, { name: 'Law' });
    expect((await find(legal.id))!.units).toEqual(['Law']);
    expect((await find(both.id))!.units).toEqual(['Law', 'Sales']);
    const lawMember = await t.userWithRole('read', { businessUnit: 'Law' });
    expect((await ok<Collection>(lawMember, 'GET', `/api/collections/${legal.id}`)).name).toBe('Legal only');

    // Sales merges into Law: shared once with Law.
    await ok(admin, 'DELETE', `/api/admin/business-units/${await unitId('Sales')}?moveTo=${await unitId('Law')}`, undefined, 204);
    expect((await find(both.id))!.units).toEqual(['Law']);

    // A unit nobody belongs to any more is deleted without a successor: its collections become private.
    await ok(admin, 'POST', '/api/admin/business-units', { name: 'Ghost' }, 201);
    const ghost = await collection(eve, { name: 'Ghost and Law', visibility: 'units', units: ['Ghost', 'Law'] });
    const ghostOnly = await collection(eve, { name: 'Ghost only', visibility: 'units', units: ['Ghost'] });
    await ok(admin, 'DELETE', `/api/admin/business-units/${await unitId('Ghost')}`, undefined, 204);
    expect(await find(ghost.id)).toMatchObject({ visibility: 'units', units: ['Law'] });
    expect(await find(ghostOnly.id)).toMatchObject({ visibility: 'private', units: [] });
  });
});

describe('the trash', () => {
  it('hides a trashed prompt from its collections, brings it back in place on restore, and drops it when deleted for good', async () => {
    const kit = await collection(eve, { name: 'Trash kit' });
    const ids = [await prompt(eve, 'One'), await prompt(eve, 'Two'), await prompt(eve, 'Three')];
    for (const id of ids) await ok(eve, 'POST', `/api/collections/${kit.id}/items`, { promptId: id }, 201);
    await ok(eve, 'DELETE', `/api/prompts/${ids[1]}`, undefined, 204);
    expect(await titlesIn(kit.id)).toEqual(['One', 'Three']);
    expect((await find(kit.id))!.itemCount).toBe(2);
    await ok(eve, 'POST', `/api/trash/${ids[1]}/restore`);
    expect(await titlesIn(kit.id)).toEqual(['One', 'Two', 'Three']);

    // A collection deleted meanwhile is not brought back by a restore.
    const other = await collection(eve, { name: 'Short lived' });
    await ok(eve, 'POST', `/api/collections/${other.id}/items`, { promptId: ids[0] }, 201);
    await ok(eve, 'DELETE', `/api/prompts/${ids[0]}`, undefined, 204);
    await ok(eve, 'DELETE', `/api/collections/${other.id}`, undefined, 204);
    await ok(eve, 'POST', `/api/trash/${ids[0]}/restore`);
    expect(await titlesIn(kit.id)).toEqual(['One', 'Two', 'Three']);

    await ok(eve, 'DELETE', `/api/prompts/${ids[2]}`, undefined, 204);
    await ok(admin, 'DELETE', `/api/trash/${ids[2]}`, undefined, 204);
    expect(await titlesIn(kit.id)).toEqual(['One', 'Two']);
    expect((await find(kit.id))!.itemCount).toBe(2);
  });
});
