import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptSchema, promptVersionListSchema, promptVersionSchema } from '../../../shared/schemas/prompts';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Version history: what creates a version and what does not, reading it, and restoring one.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;

const base = { content: 'First draft', aiModels: ['ChatGPT'], tags: ['History'] };
const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });
async function create(title: string, extra: Record<string, unknown> = {}) {
  const res = await call(editor, 'POST', '/api/prompts', { ...base, title, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return promptSchema.parse(body(res));
}
async function save(u: TestUser, id: string, payload: Record<string, unknown>) {
  const res = await call(u, 'PUT', `/api/prompts/${id}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return promptSchema.parse(body(res));
}
const history = async (u: TestUser, id: string, qs = '') => {
  const res = await call(u, 'GET', `/api/prompts/${id}/versions${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return promptVersionListSchema.parse(body(res));
};
const version = async (u: TestUser, id: string, n: number) => {
  const res = await call(u, 'GET', `/api/prompts/${id}/versions/${n}`);
  expect(res.statusCode, res.body).toBe(200);
  return promptVersionSchema.parse(body(res));
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
});
afterAll(() => t.close());

describe('versions', () => {
  it('are made by a create and by each save that changes something, with the note and the changed fields', async () => {
    const created = await create('Versioned', { changeNote: 'First cut' });
    expect({ version: created.version, editor: created.lastEditor.firstName }).toEqual({ version: 1, editor: 'Eve' });
    const first = (await history(reader, created.id)).items[0]!;
    expect(first).toMatchObject({ number: 1, note: 'First cut', editor: { id: editor.user.id, firstName: 'Eve', lastName: 'Editor' } });
    expect(first.changedFields).toEqual(['title', 'content', 'aiModels', 'tags', 'userBusinessUnit']);

    // The same values again (the tag in another case): nothing changes, not even the date.
    const same = await save(editor, created.id, { ...base, title: 'Versioned', tags: ['history'] });
    expect({ version: same.version, updatedAt: same.updatedAt }).toEqual({ version: 1, updatedAt: created.updatedAt });

    const edited = await save(admin, created.id, { ...base, title: 'Versioned', content: 'Second draft', changeNote: '  Tightened the wording  ' });
    expect(edited.version).toBe(2);
    expect(edited.lastEditor).toEqual({ id: admin.user.id, firstName: 'Ada', lastName: 'Admin' });
    const list = await history(reader, created.id);
    expect(list.total).toBe(2);
    expect(list.items.map((v) => [v.number, v.note, v.changedFields])).toEqual([
      [2, 'Tightened the wording', ['content']],
      [1, 'First cut', ['title', 'content', 'aiModels', 'tags', 'userBusinessUnit']],
    ]);
    expect(await version(reader, created.id, 1)).toMatchObject({ number: 1, title: 'Versioned', content: 'First draft', tags: ['History'] });
    expect(await version(reader, created.id, 2)).toMatchObject({ number: 2, content: 'Second draft' });
  });

  it('name each changed custom field', async () => {
    const field = await call(admin, 'POST', '/api/admin/form-fields', { name: 'audience', label: 'Audience', type: 'text', required: false });
    expect(field.statusCode, field.body).toBe(201);
    const created = await create('With a custom field', { customFields: { audience: 'Sales' } });
    await save(editor, created.id, { ...base, title: 'With a custom field', customFields: { audience: 'Legal' } });
    expect((await history(editor, created.id)).items[0]!.changedFields).toEqual(['customFields.audience']);
  });

  it('page newest first by cursor, and refuse a bad cursor, number or note', async () => {
    const created = await create('Many versions');
    for (const n of [2, 3, 4]) await save(editor, created.id, { ...base, title: 'Many versions', content: `Draft ${n}` });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await history(other, created.id, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(4);
      seen.push(...page.items.map((v) => v.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1]);
    expect((await call(other, 'GET', `/api/prompts/${created.id}/versions?cursor=%%%`)).statusCode).toBe(400);
    expect((await call(other, 'GET', `/api/prompts/${created.id}/versions/0`)).statusCode).toBe(400);
    expect((await call(other, 'GET', `/api/prompts/${created.id}/versions/abc`)).statusCode).toBe(400);
    const missing = await call(other, 'GET', `/api/prompts/${created.id}/versions/99`);
    expect({ status: missing.statusCode, code: body<{ code: string }>(missing).code }).toEqual({ status: 404, code: 'version_not_found' });
    expect((await call(other, 'GET', '/api/prompts/00000000-0000-4000-8000-000000000000/versions')).statusCode).toBe(404);
    const long = await call(editor, 'PUT', `/api/prompts/${created.id}`, { ...base, title: 'Many versions', changeNote: 'x'.repeat(201) });
    expect({ status: long.statusCode, message: body<{ message: string }>(long).message }).toEqual({
      status: 400,
      message: 'What changed must be at most 200 characters',
    });
  });

  it('show a prompt made before versions were kept as version 1, and keep that state when it is first changed', async () => {
    const created = await create('Older prompt');
    await queryRows(t.db, sql`delete from prompt_versions where prompt_id = ${created.id}::uuid`);
    const implied = await history(reader, created.id);
    expect(implied.items.map((v) => [v.number, v.editor.firstName])).toEqual([[1, 'Eve']]);
    expect((await version(reader, created.id, 1)).content).toBe('First draft');
    await save(admin, created.id, { ...base, title: 'Older prompt', content: 'Changed at last' });
    const stored = await history(reader, created.id);
    expect(stored.items.map((v) => [v.number, v.editor.firstName, v.changedFields])).toEqual([
      [2, 'Ada', ['content']],
      [1, 'Eve', ['title', 'content', 'aiModels', 'tags', 'userBusinessUnit']],
    ]);
    expect((await version(reader, created.id, 1)).content).toBe('First draft');
  });
});

describe('restoring a version', () => {
  it('is for the owner and admins: it makes the old state current as a new version', async () => {
    const created = await create('Restorable');
    await save(editor, created.id, { ...base, title: 'Restorable', content: 'Worse text', tags: ['History', 'Extra'] });
    expect((await call(reader, 'POST', `/api/prompts/${created.id}/versions/1/restore`)).statusCode).toBe(403);
    expect((await call(other, 'POST', `/api/prompts/${created.id}/versions/1/restore`)).statusCode).toBe(403);
    const restored = await call(editor, 'POST', `/api/prompts/${created.id}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(promptSchema.parse(body(restored))).toMatchObject({ version: 3, content: 'First draft', tags: ['History'] });
    const newest = (await history(reader, created.id)).items[0]!;
    expect(newest).toMatchObject({ number: 3, note: 'Restored version 1', changedFields: ['content', 'tags'] });
    const byAdmin = await call(admin, 'POST', `/api/prompts/${created.id}/versions/2/restore`);
    expect(promptSchema.parse(body(byAdmin))).toMatchObject({ version: 4, content: 'Worse text', lastEditor: { firstName: 'Ada' } });
  });

  it('answers 409 when the old title is now another prompt’s, and 404 for a missing version', async () => {
    const created = await create('Old name');
    await save(editor, created.id, { ...base, title: 'New name' });
    await create('Old name');
    const clash = await call(editor, 'POST', `/api/prompts/${created.id}/versions/1/restore`);
    expect({ status: clash.statusCode, code: body<{ code: string }>(clash).code }).toEqual({ status: 409, code: 'duplicate_title' });
    expect((await call(editor, 'POST', `/api/prompts/${created.id}/versions/9/restore`)).statusCode).toBe(404);
  });
});
