import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkResultSchema } from '../../../shared/schemas/bulk';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Bulk actions: one request, one transaction, one version per changed prompt, one audit event.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;

const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });
async function create(u: TestUser, title: string, tags: string[], unit = 'Legal') {
  const res = await call(u, 'POST', '/api/prompts', { title, content: `Bulk ${title}`, aiModels: ['ChatGPT'], tags, userBusinessUnit: unit });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).id;
}
async function bulk(u: TestUser, payload: Record<string, unknown>, status = 200) {
  const res = await call(u, 'POST', '/api/prompts/bulk', payload);
  expect(res.statusCode, res.body).toBe(status);
  return body(res);
}
const get = async (id: string) => body<{ tags: string[]; userBusinessUnit: string; version: number }>(await call(admin, 'GET', `/api/prompts/${id}`));
const versions = async (id: string) =>
  (await queryRows(t.db, sql`select number, note, changed_fields from prompt_versions where prompt_id = ${id} order by number`)).map((r) => ({
    number: r.number,
    note: r.note,
    changed: r.changed_fields,
  }));
const auditCount = async () => Number((await queryRows(t.db, sql`select count(*)::int as n from audit_events where summary like 'Bulk action:%'`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
  for (const name of ['Sales', 'Support']) await call(admin, 'POST', '/api/admin/business-units', { name });
});
afterAll(() => t.close());

describe('POST /api/prompts/bulk', () => {
  it('moves selected prompts to a business unit, versioning only the ones that changed, with one audit event', async () => {
    const a = await create(editor, 'Bulk move a', ['Move']);
    const b = await create(other, 'Bulk move b', ['Move']);
    const c = await create(other, 'Bulk move c', ['Move'], 'Sales');
    const before = await auditCount();
    const result = bulkResultSchema.parse(await bulk(admin, { ids: [a, b, c], action: 'moveToBusinessUnit', value: 'sales' }));
    expect(result).toEqual({ action: 'moveToBusinessUnit', matched: 3, changed: 2, message: 'Moved 2 prompts to “Sales”' });
    for (const id of [a, b, c]) expect((await get(id)).userBusinessUnit).toBe('Sales');
    expect(await versions(a)).toEqual([
      expect.objectContaining({ number: 1 }),
      { number: 2, note: 'Moved to business unit “Sales”', changed: ['userBusinessUnit'] },
    ]);
    expect((await versions(c)).length).toBe(1);
    expect(await auditCount()).toBe(before + 1);
    const [event] = await queryRows(t.db, sql`select actor_email, after from audit_events where summary like 'Bulk action:%' order by at desc limit 1`);
    expect(event!.after).toMatchObject({ action: 'moveToBusinessUnit', count: 2 });
  });

  it('adds a tag to every prompt of a filtered list, and removes it again', async () => {
    const ids = [
      await create(editor, 'Filter one', ['Batch']),
      await create(other, 'Filter two', ['Batch', 'Extra']),
      await create(other, 'Not matched', ['Else']),
    ];
    const added = await bulk(admin, { filter: { tags: ['Batch'] }, action: 'addTag', value: 'Reviewed' });
    expect(added).toMatchObject({ matched: 2, changed: 2, message: 'Added “Reviewed” to 2 prompts' });
    expect((await get(ids[0]!)).tags).toEqual(['Batch', 'Reviewed']);
    expect((await get(ids[2]!)).tags).toEqual(['Else']);
    // Adding again changes nothing and writes no version.
    expect(await bulk(admin, { filter: { tags: ['Batch'] }, action: 'addTag', value: 'reviewed' })).toMatchObject({ matched: 2, changed: 0 });
    expect((await get(ids[0]!)).version).toBe(2);
    const removed = await bulk(admin, { filter: { tags: ['Reviewed'] }, action: 'removeTag', value: 'Reviewed' });
    expect(removed).toMatchObject({ changed: 2, message: 'Removed “Reviewed” from 2 prompts' });
    expect((await get(ids[1]!)).tags).toEqual(['Batch', 'Extra']);
  });

  it('refuses to remove the only tag of a prompt while tags are required, changing nothing', async () => {
    const lone = await create(editor, 'Lone tag', ['Alone']);
    const pair = await create(editor, 'Tag pair', ['Alone', 'Friend']);
    const res = await bulk(admin, { ids: [lone, pair], action: 'removeTag', value: 'Alone' }, 409);
    expect(res).toMatchObject({ code: 'tag_is_only_tag', message: '“Alone” is the only tag of 1 prompt in the selection, and prompts need at least one tag.' });
    expect((await get(pair)).tags).toEqual(['Alone', 'Friend']);
  });

  it('moves a selection to the trash, with one audit event', async () => {
    const ids = [await create(editor, 'Bin one', ['Bin']), await create(editor, 'Bin two', ['Bin'])];
    expect(await bulk(editor, { ids, action: 'trash' })).toMatchObject({ changed: 2, message: 'Moved 2 prompts to the trash' });
    for (const id of ids) expect((await call(admin, 'GET', `/api/prompts/${id}`)).statusCode).toBe(404);
    const trash = body<{ items: Array<{ id: string }> }>(await call(editor, 'GET', '/api/trash'));
    expect(trash.items.map((i) => i.id)).toEqual(expect.arrayContaining(ids));
    // One event for the lot, not one per prompt.
    expect(await queryRows(t.db, sql`select summary from audit_events where action = 'prompt.trashed' and summary like '%Bin%'`)).toEqual([]);
    const events = await queryRows(t.db, sql`select summary, after from audit_events where action = 'prompt.trashed' and summary like 'Bulk action:%'`);
    expect(events).toEqual([
      { summary: 'Bulk action: Moved 2 prompts to the trash', after: expect.objectContaining({ count: 2, promptIds: expect.arrayContaining(ids) }) },
    ]);
  });

  it('adds the version 1 of a prompt saved before versions existed', async () => {
    const id = await create(editor, 'Older prompt', ['Legacy']);
    await t.db.execute(sql`delete from prompt_versions where prompt_id = ${id}`);
    await bulk(admin, { ids: [id], action: 'addTag', value: 'Modern' });
    const list = await versions(id);
    expect(list.map((v) => v.number)).toEqual([1, 2]);
    expect(list[1]).toMatchObject({ note: 'Tag “Modern” added', changed: ['tags'] });
  });

  it('lets editors act on their own prompts only: a filter keeps to theirs, a selection with others’ is refused whole', async () => {
    const mine = await create(editor, 'Mine to move', ['Owned']);
    const theirs = await create(other, 'Theirs to keep', ['Owned']);
    const refused = await bulk(editor, { ids: [mine, theirs], action: 'moveToBusinessUnit', value: 'Support' }, 403);
    expect(refused).toMatchObject({ message: 'You can only change your own prompts: 1 prompt of the selection belongs to others' });
    expect((await get(mine)).userBusinessUnit).toBe('Legal');
    expect(await bulk(editor, { filter: { tags: ['Owned'] }, action: 'moveToBusinessUnit', value: 'Support' })).toMatchObject({ matched: 1, changed: 1 });
    expect((await get(mine)).userBusinessUnit).toBe('Support');
    expect((await get(theirs)).userBusinessUnit).toBe('Legal');
    expect((await call(reader, 'POST', '/api/prompts/bulk', { ids: [mine], action: 'trash' })).statusCode).toBe(403);
  });

  it('lets a co-owner act on the prompts they co-own, by selection and by filter', async () => {
    const shared = await create(other, 'Co-owned by the editor', ['CoOwned']);
    const owners = await call(other, 'PUT', `/api/prompts/${shared}/owners`, { ownerId: other.user.id, coOwnerIds: [editor.user.id] });
    expect(owners.statusCode, owners.body).toBe(200);
    expect(await bulk(editor, { ids: [shared], action: 'moveToBusinessUnit', value: 'Support' })).toMatchObject({ matched: 1, changed: 1 });
    expect((await get(shared)).userBusinessUnit).toBe('Support');
    expect(await bulk(editor, { filter: { tags: ['CoOwned'] }, action: 'changeVisibility', value: 'private' })).toMatchObject({ matched: 1, changed: 1 });
  });

  it('answers 400 naming the problem', async () => {
    const id = await create(admin, 'Validation target', ['Valid']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'trash' }, 'ids'],
      [{ ids: [id], filter: {}, action: 'trash' }, 'ids'],
      [{ ids: [], action: 'trash' }, 'ids'],
      [{ ids: ['nope'], action: 'trash' }, 'ids.0'],
      [{ ids: [id], action: 'paint' }, 'action'],
      [{ ids: [id], action: 'addTag' }, 'value'],
      [{ ids: [id], action: 'moveToBusinessUnit', value: 'Atlantis' }, 'value'],
      [{ filter: { tags: 'Valid' }, action: 'trash' }, 'filter.tags'],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(admin, payload, 400);
      expect(Object.keys((res as { errors?: object }).errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await get(id)).tags).toEqual(['Valid']);
  });
});
