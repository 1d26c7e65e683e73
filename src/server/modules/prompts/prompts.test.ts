import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, changeRoleAsAdmin, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
});
afterAll(() => t.close());

const valid = { title: 'Summarize a meeting', content: 'Summarize these notes', aiModels: ['ChatGPT'], tags: ['Meetings'] };
const create = (u: TestUser, payload: object = valid) => t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload });
const unique = (title: string) => ({ ...valid, title: `${title} ${Math.random().toString(36).slice(2, 8)}` });

describe('permissions', () => {
  it('lets edit and admin create, and refuses read with 403 and anonymous with 401', async () => {
    expect((await create(editor, unique('e'))).statusCode).toBe(201);
    expect((await create(admin, unique('a'))).statusCode).toBe(201);
    const readRes = await create(reader, unique('r'));
    expect(readRes.statusCode).toBe(403);
    expect(body(readRes)).toMatchObject({ code: 'forbidden' });
    expect((await t.app.inject({ method: 'POST', url: '/api/prompts', payload: valid })).statusCode).toBe(401);
  });

  it('lets an editor change only their own prompts, and an admin change any', async () => {
    const mine = body<{ id: string }>(await create(editor, unique('mine')));
    const theirs = body<{ id: string }>(await create(other, unique('theirs')));
    const put = (u: TestUser, id: string) => t.app.inject({ method: 'PUT', url: `/api/prompts/${id}`, headers: u.auth, payload: unique('edited') });
    const del = (u: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/prompts/${id}`, headers: u.auth });
    expect((await put(editor, mine.id)).statusCode).toBe(200);
    expect((await put(editor, theirs.id)).statusCode).toBe(403);
    expect((await del(editor, theirs.id)).statusCode).toBe(403);
    expect((await put(reader, mine.id)).statusCode).toBe(403);
    expect((await del(reader, mine.id)).statusCode).toBe(403);
    expect((await put(admin, theirs.id)).statusCode).toBe(200);
    expect((await del(admin, theirs.id)).statusCode).toBe(204);
    expect((await del(editor, mine.id)).statusCode).toBe(204);
    expect((await del(editor, mine.id)).statusCode).toBe(404);
  });

  it('tells each viewer through canEdit what they may change, and everyone may read', async () => {
    const p = body<{ id: string }>(await create(editor, unique('visible')));
    const view = async (u: TestUser) => body<{ canEdit: boolean }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${p.id}`, headers: u.auth }));
    expect((await view(editor)).canEdit).toBe(true);
    expect((await view(other)).canEdit).toBe(false);
    expect((await view(reader)).canEdit).toBe(false);
    expect((await view(admin)).canEdit).toBe(true);
    const list = body<{ items: Array<{ id: string; canEdit: boolean }> }>(
      await t.app.inject({ method: 'GET', url: '/api/prompts?limit=200', headers: other.auth }),
    );
    expect(list.items.find((i) => i.id === p.id)?.canEdit).toBe(false);
  });

  it('ignores a userId in the payload: the owner is the signed-in user and never changes', async () => {
    const res = await create(editor, { ...unique('owner'), userId: other.user.id });
    expect(body(res)).toMatchObject({ userId: editor.user.id, userBusinessUnit: 'Legal' });
    const id = body<{ id: string }>(res).id;
    const upd = await t.app.inject({ method: 'PUT', url: `/api/prompts/${id}`, headers: admin.auth, payload: { ...unique('owner2'), userId: admin.user.id } });
    expect(body(upd)).toMatchObject({ userId: editor.user.id });
  });
});

describe('the permission matrix: every call', () => {
  const calls = (id: string) =>
    [
      { method: 'GET', url: '/api/prompts' },
      { method: 'GET', url: '/api/prompts/my' },
      { method: 'GET', url: `/api/prompts/${id}` },
      { method: 'POST', url: '/api/prompts', payload: unique('anon') },
      { method: 'PUT', url: `/api/prompts/${id}`, payload: unique('anon') },
      { method: 'DELETE', url: `/api/prompts/${id}` },
    ] as const;

  it('answers 401 to a signed-out caller on every prompt call, and 200 on every read to a read member', async () => {
    const p = body<{ id: string }>(await create(editor, unique('matrix')));
    for (const call of calls(p.id)) {
      const res = await t.app.inject({ ...call });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    for (const url of ['/api/prompts', '/api/prompts/my', `/api/prompts/${p.id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: reader.auth })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/prompts/${p.id}`, headers: editor.auth })).statusCode).toBe(200);
  });

  it('refuses a read member every write, even on a prompt they wrote before an admin moved them to read', async () => {
    const writer = await t.userWithRole('edit', { firstName: 'Will', lastName: 'Writer' });
    const own = body<{ id: string }>(await create(writer, unique('own')));
    const demoted = await changeRoleAsAdmin(t, admin, writer, 'read');
    expect(demoted.statusCode, demoted.body).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: `/api/prompts/${own.id}`, headers: writer.auth, payload: unique('still mine') });
    expect(put.statusCode).toBe(403);
    expect(body(put)).toMatchObject({ message: 'Read-only members cannot change prompts' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/prompts/${own.id}`, headers: writer.auth })).statusCode).toBe(403);
    expect((await create(writer, unique('new'))).statusCode).toBe(403);
    // Their prompt is still theirs to read, and listed as not editable.
    const mine = body<{ items: Array<{ id: string; canEdit: boolean }> }>(await t.app.inject({ method: 'GET', url: '/api/prompts/my', headers: writer.auth }));
    expect(mine.items).toEqual([expect.objectContaining({ id: own.id, canEdit: false })]);
  });

  it('lets edit and admin members add AI applications, and refuses read members', async () => {
    const add = (u: TestUser | null, model: string) => t.app.inject({ method: 'POST', url: '/api/ai-models', headers: u?.auth ?? {}, payload: { model } });
    expect((await add(reader, 'Reader LLM')).statusCode).toBe(403);
    expect((await add(null, 'Anonymous LLM')).statusCode).toBe(401);
    expect((await add(editor, 'Editor LLM')).statusCode).toBe(201);
    expect((await add(admin, 'Admin LLM')).statusCode).toBe(201);
    const models = body<Array<{ name: string }>>(await t.app.inject({ method: 'GET', url: '/api/ai-models', headers: reader.auth })).map((m) => m.name);
    expect(models).toEqual(expect.arrayContaining(['Editor LLM', 'Admin LLM']));
    expect(models).not.toContain('Reader LLM');
  });
});

describe('validation', () => {
  it('reports each field with its message', async () => {
    const res = await create(editor, { title: '  ', content: '', aiModels: [' ', ''], tags: [] });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      errors: { title: 'Title is required', content: 'Content is required' },
    });
    const lists = await create(editor, { title: 'x', content: 'y', aiModels: ['  '], tags: [''] });
    expect(body(lists)).toMatchObject({
      errors: { aiModels: 'At least one AI application is required', tags: 'At least one tag is required' },
    });
  });

  it('trims, drops blanks and removes duplicates (tags case-insensitively)', async () => {
    const res = await create(editor, {
      title: '  Trim me  ',
      content: '  body  ',
      notes: '   ',
      aiModels: [' Claude ', 'Claude', '', 'ChatGPT'],
      tags: ['Alpha', 'alpha', ' Beta ', ''],
    });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ title: 'Trim me', content: 'body', notes: null, aiModels: ['Claude', 'ChatGPT'], tags: ['Alpha', 'Beta'] });
  });

  it('answers 409 for a title the same user already has, in any case, but not for another user', async () => {
    await create(editor, { ...valid, title: 'Duplicate Title' });
    const dup = await create(editor, { ...valid, title: 'duplicate title' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toEqual({ message: 'A prompt with this title already exists', code: 'duplicate_title' });
    expect((await create(other, { ...valid, title: 'Duplicate Title' })).statusCode).toBe(201);
  });

  it('answers 409 when an edit renames a prompt to another of the same user’s titles, and keeps the prompt', async () => {
    await create(editor, { ...valid, title: 'Taken by an edit' });
    const p = body<{ id: string }>(await create(editor, unique('to rename')));
    const put = await t.app.inject({ method: 'PUT', url: `/api/prompts/${p.id}`, headers: editor.auth, payload: { ...valid, title: 'TAKEN BY AN EDIT' } });
    expect(put.statusCode).toBe(409);
    expect(body(put)).toEqual({ message: 'A prompt with this title already exists', code: 'duplicate_title' });
    const kept = body<{ title: string }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${p.id}`, headers: editor.auth }));
    expect(kept.title).toMatch(/^to rename /);
  });

  it('stores the business unit in its known spelling, defaults it to the author’s, and refuses an unknown one', async () => {
    const canonical = await create(editor, { ...unique('unit'), userBusinessUnit: 'SALES' });
    expect(body(canonical)).toMatchObject({ userBusinessUnit: 'Sales' });
    const unknown = await create(editor, { ...unique('unit'), userBusinessUnit: 'Atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({ errors: { userBusinessUnit: 'Choose an existing business unit' } });
    const defaulted = await create(editor, unique('unit'));
    expect(body(defaulted)).toMatchObject({ userBusinessUnit: 'Legal' });
  });

  it('reuses the known spelling of a tag and of an AI application', async () => {
    await create(editor, { ...unique('legal1'), tags: ['Legal Review'], aiModels: ['claude'] });
    const res = await create(other, { ...unique('legal2'), tags: ['LEGAL REVIEW', 'legal review'], aiModels: ['CLAUDE'] });
    expect(body(res)).toMatchObject({ tags: ['Legal Review'], aiModels: ['Claude'] });
    const tags = body<string[]>(await t.app.inject({ method: 'GET', url: '/api/tags', headers: reader.auth }));
    expect(tags.filter((x) => x.toLowerCase() === 'legal review')).toEqual(['Legal Review']);
  });

  it('answers 400 or 404 for bad ids, never 500', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts/not-a-uuid', headers: editor.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts/00000000-0000-4000-8000-000000000000', headers: editor.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts?cursor=garbage', headers: editor.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts?limit=1000', headers: editor.auth })).statusCode).toBe(400);
  });
});
