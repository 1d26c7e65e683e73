import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptSchema } from '../../../shared/schemas/prompts';
import { trashListSchema } from '../../../shared/schemas/trash';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { purgeTrash } from './trash.service';

// The trash: a deleted prompt disappears everywhere, and comes back whole.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;

const call = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });
async function create(u: TestUser, title: string) {
  const res = await call(u, 'POST', '/api/prompts', { title, content: `Trash test ${title}`, aiModels: ['ChatGPT'], tags: ['Binned'] });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).id;
}
const trash = async (u: TestUser, qs = '') => {
  const res = await call(u, 'GET', `/api/trash${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return trashListSchema.parse(body(res));
};
const remove = async (u: TestUser, id: string) => expect((await call(u, 'DELETE', `/api/prompts/${id}`)).statusCode).toBe(204);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
});
afterAll(() => t.close());

describe('deleting a prompt', () => {
  it('moves it out of every list, search, count, export and detail', async () => {
    const id = await create(editor, 'Vanishing act');
    await call(reader, 'PUT', `/api/prompts/${id}/favorite`);
    await call(reader, 'POST', `/api/prompts/${id}/uses`, { kind: 'copy' });
    await remove(editor, id);
    const seen = async (url: string) => (await call(admin, 'GET', url)).body.includes(id);
    expect(await seen('/api/prompts')).toBe(false);
    expect(await seen('/api/prompts?search=vanishing')).toBe(false);
    expect(body<{ total: number }>(await call(admin, 'GET', '/api/prompts?search=vanishing')).total).toBe(0);
    expect(body<{ total: number }>(await call(admin, 'GET', '/api/prompts?tags=Binned')).total).toBe(0);
    const csv = await call(admin, 'GET', '/api/admin/export?type=prompts&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Vanishing act');
    expect(JSON.stringify(body(await call(admin, 'GET', '/api/filter/counts')))).not.toContain('Binned');
    expect((await call(reader, 'GET', '/api/prompts?favorites=true')).body).not.toContain(id);
    expect((await call(reader, 'GET', '/api/prompts/recent')).body).not.toContain(id);
    expect(body<{ total: number }>(await call(reader, 'GET', '/api/prompts/recent')).total).toBe(0);
    for (const u of [admin, editor, reader]) expect((await call(u, 'GET', `/api/prompts/${id}`)).statusCode).toBe(404);
  });

  it('lists it in its owner’s trash only, and in everyone’s for an admin', async () => {
    const id = await create(other, 'Other’s draft');
    await remove(other, id);
    expect((await trash(other)).items.map((i) => i.title)).toContain('Other’s draft');
    expect((await trash(editor)).items.map((i) => i.title)).not.toContain('Other’s draft');
    expect((await trash(admin)).items).toEqual([]);
    const everyone = await trash(admin, '?all=true');
    expect(everyone.items.find((i) => i.id === id)).toMatchObject({ owner: { firstName: 'Otto' }, trashedBy: { firstName: 'Otto' }, canRestore: true });
    expect((await call(editor, 'GET', '/api/trash?all=true')).statusCode).toBe(403);
    const item = everyone.items.find((i) => i.id === id)!;
    expect(new Date(item.purgeAt).getTime() - new Date(item.trashedAt).getTime()).toBe(30 * 24 * 3600 * 1000);
  });
});

describe('restoring from the trash', () => {
  it('brings the prompt back whole: same id, versions, favourites and uses', async () => {
    const id = await create(editor, 'Comeback');
    await call(editor, 'PUT', `/api/prompts/${id}`, { title: 'Comeback', content: 'Second version', aiModels: ['ChatGPT'], tags: ['Binned'] });
    await call(reader, 'PUT', `/api/prompts/${id}/favorite`);
    await call(reader, 'POST', `/api/prompts/${id}/uses`, { kind: 'launch' });
    await remove(editor, id);
    expect((await call(other, 'POST', `/api/trash/${id}/restore`)).statusCode).toBe(403);
    expect((await call(reader, 'POST', `/api/trash/${id}/restore`)).statusCode).toBe(403);
    const restored = await call(editor, 'POST', `/api/trash/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = promptSchema.parse(body(await call(reader, 'GET', `/api/prompts/${id}`)));
    expect(back).toMatchObject({ title: 'Comeback', content: 'Second version', version: 2, isFavorite: true, useCount: 1 });
    expect(back.lastUsedAt).not.toBeNull();
    expect(body<{ total: number }>(await call(admin, 'GET', `/api/prompts/${id}/versions`)).total).toBe(2);
    expect((await call(admin, 'GET', '/api/prompts?search=comeback')).body).toContain(id);
    expect((await trash(editor)).items.map((i) => i.id)).not.toContain(id);
  });

  it('answers 409 naming a title that is taken now, and restores as "(restored)" when asked', async () => {
    const id = await create(editor, 'Twice');
    await remove(editor, id);
    await create(editor, 'Twice');
    const clash = await call(editor, 'POST', `/api/trash/${id}/restore`);
    expect(clash.statusCode).toBe(409);
    expect(body<{ code: string; errors: { title: string } }>(clash)).toMatchObject({ code: 'title_taken', errors: { title: 'Twice' } });
    const renamed = await call(editor, 'POST', `/api/trash/${id}/restore?rename=true`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body(renamed)).toEqual({ id, title: 'Twice (restored)' });
    expect((await call(editor, 'POST', `/api/trash/${id}/restore?rename=maybe`)).statusCode).toBe(400);
  });

  it('lets an admin restore anyone’s prompt, and answers 404 once it is gone', async () => {
    const id = await create(other, 'Admin rescue');
    await remove(admin, id);
    expect((await call(admin, 'POST', `/api/trash/${id}/restore`)).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/trash/${id}/restore`)).statusCode).toBe(404);
  });
});

describe('deleting for good', () => {
  it('is for admins only', async () => {
    const id = await create(editor, 'Gone for good');
    await remove(editor, id);
    expect((await call(editor, 'DELETE', `/api/trash/${id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/trash/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/trash/${id}`)).statusCode).toBe(404);
    expect((await call(editor, 'POST', `/api/trash/${id}/restore`)).statusCode).toBe(404);
  });

  it('happens to prompts trashed longer ago than the retention', async () => {
    const old = await create(editor, 'Long forgotten');
    const recent = await create(editor, 'Just binned');
    await remove(editor, old);
    await remove(editor, recent);
    await queryRows(t.db, sql`update trashed_prompts set trashed_at = now() - interval '31 days' where id = ${old}::uuid`);
    expect(await purgeTrash(t.db, 30)).toBe(1);
    const left = (await trash(editor)).items.map((i) => i.id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });

  it('goes with the owner when an admin deletes them with a transfer', async () => {
    const leaver = await t.userWithRole('edit', { firstName: 'Lee', lastName: 'Leaver' });
    const id = await create(leaver, 'Left behind');
    await remove(leaver, id);
    expect((await call(admin, 'DELETE', `/api/admin/users/${leaver.user.id}?transferTo=${other.user.id}`)).statusCode).toBe(200);
    expect((await trash(other)).items.find((i) => i.id === id)).toMatchObject({ owner: { firstName: 'Otto' } });
    const restored = await call(other, 'POST', `/api/trash/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(body<{ userId: string }>(await call(other, 'GET', `/api/prompts/${id}`)).userId).toBe(other.user.id);
  });
});
