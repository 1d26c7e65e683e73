import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTag, tagChangeResultSchema } from '../../../shared/schemas/tags';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Tag administration: counts, rename (and rename into an existing tag), merge and delete, carried
// into every prompt, refused where it would leave a prompt without its required tag.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: TestUser, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

async function create(title: string, tags: string[]) {
  const res = await call(editor, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['ChatGPT'], tags });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).id;
}
const tagsOf = async (id: string) => body<{ tags: string[] }>(await call(editor, 'GET', `/api/prompts/${id}`)).tags;
const listTags = async () => body<AdminTag[]>(await call(admin, 'GET', '/api/admin/tags'));
const tagId = async (name: string) => (await listTags()).find((tag) => tag.name === name)!.id;
/** Prompts carrying `tag`, as the list filter finds them (through the filter keys the rename must update). */
const filtered = async (tag: string) => body<{ total: number }>(await call(editor, 'GET', `/api/prompts?tags=${encodeURIComponent(tag)}`)).total;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor } = await usersForEveryRole(t));
});
afterAll(() => t.close());

describe('the Tags admin API', () => {
  it('lists every tag with its prompt count, to admins only', async () => {
    await create('Contract review', ['Legal', 'Review']);
    await create('Policy check', ['Legal']);
    const tags = await listTags();
    expect(tags.find((tag) => tag.name === 'Legal')).toMatchObject({ count: 2 });
    expect(tags.find((tag) => tag.name === 'Review')).toMatchObject({ count: 1 });
    expect((await call(editor, 'GET', '/api/admin/tags')).statusCode).toBe(403);
    expect((await call(editor, 'PUT', `/api/admin/tags/${tags[0]!.id}`, { name: 'Hijack' })).statusCode).toBe(403);
  });

  it('renames a tag in every prompt, keeping its place and the filters right', async () => {
    const id = await create('Tax memo', ['Finance', 'Memo']);
    const res = await call(admin, 'PUT', `/api/admin/tags/${await tagId('Finance')}`, { name: 'Accounting' });
    expect(res.statusCode, res.body).toBe(200);
    expect(tagChangeResultSchema.parse(body(res))).toEqual({ name: 'Accounting', prompts: 1, merged: false });
    expect(await tagsOf(id)).toEqual(['Accounting', 'Memo']);
    expect(await filtered('Accounting')).toBe(1);
    expect(await filtered('Finance')).toBe(0);
    // Only the spelling changes: still one tag.
    await call(admin, 'PUT', `/api/admin/tags/${await tagId('Accounting')}`, { name: 'ACCOUNTING' });
    expect(await tagsOf(id)).toEqual(['ACCOUNTING', 'Memo']);
  });

  it('merges on a rename to an existing name, without duplicates in a prompt that had both', async () => {
    const both = await create('Both tags', ['Draft', 'Drafts', 'Other']);
    const one = await create('One tag', ['Drafts']);
    const res = await call(admin, 'PUT', `/api/admin/tags/${await tagId('Drafts')}`, { name: 'draft' });
    expect(body(res)).toEqual({ name: 'Draft', prompts: 2, merged: true });
    expect(await tagsOf(both)).toEqual(['Draft', 'Other']);
    expect(await tagsOf(one)).toEqual(['Draft']);
    expect((await listTags()).some((tag) => tag.name === 'Drafts')).toBe(false);
  });

  it('merges the selected tags into a new name', async () => {
    const a = await create('Merge a', ['Alpha', 'Keep']);
    const b = await create('Merge b', ['Beta']);
    const res = await call(admin, 'POST', '/api/admin/tags/merge', { ids: [await tagId('Alpha'), await tagId('Beta')], into: 'Greek' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ name: 'Greek', prompts: 2, merged: true });
    expect(await tagsOf(a)).toEqual(['Greek', 'Keep']);
    expect(await tagsOf(b)).toEqual(['Greek']);
    const names = (await listTags()).map((tag) => tag.name);
    expect(names).toContain('Greek');
    expect(names).not.toContain('Alpha');
    const bad = await call(admin, 'POST', '/api/admin/tags/merge', { ids: [await tagId('Greek')], into: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(bad).errors.ids).toBe('Choose at least two tags to merge');
  });

  it('refuses to delete the only tag of prompts while tags are required, saying how many', async () => {
    await create('Only solo', ['Solo']);
    await create('Solo and more', ['Solo', 'Extra']);
    const res = await call(admin, 'DELETE', `/api/admin/tags/${await tagId('Solo')}`);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'tag_is_only_tag', errors: { blocking: '1' } });
    expect(body<{ message: string }>(res).message).toContain('the only tag of 1 prompt');
    expect(await filtered('Solo')).toBe(2);
  });

  it('deletes a tag from every prompt once no prompt depends on it', async () => {
    const id = await create('Extra only once', ['Removable', 'Stays']);
    const res = await call(admin, 'DELETE', `/api/admin/tags/${await tagId('Removable')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ name: null, prompts: 1, merged: false });
    expect(await tagsOf(id)).toEqual(['Stays']);
    expect(await filtered('Removable')).toBe(0);
  });

  it('answers 400 and 404 naming the problem', async () => {
    const some = await tagId('Stays');
    const cases: Array<[Method, string, Record<string, unknown> | undefined, number]> = [
      ['PUT', `/api/admin/tags/${some}`, { name: '   ' }, 400],
      ['PUT', `/api/admin/tags/${some}`, { name: 'a,b' }, 400],
      ['PUT', `/api/admin/tags/${some}`, { name: 'x'.repeat(201) }, 400],
      ['PUT', '/api/admin/tags/00000000-0000-4000-8000-000000000000', { name: 'Ghost' }, 404],
      ['DELETE', '/api/admin/tags/00000000-0000-4000-8000-000000000000', undefined, 404],
      ['PUT', '/api/admin/tags/not-an-id', { name: 'X' }, 400],
      ['POST', '/api/admin/tags/merge', { ids: [some, some], into: 'X' }, 400],
      ['POST', '/api/admin/tags/merge', { ids: [some, '00000000-0000-4000-8000-000000000000'], into: 'X' }, 400],
    ];
    for (const [method, url, payload, status] of cases) expect((await call(admin, method, url, payload)).statusCode, `${method} ${url}`).toBe(status);
  });

  it('records renames, merges and deletes in the audit log', async () => {
    const res = await call(admin, 'GET', '/api/admin/audit?targetType=tag&limit=50');
    const actions = body<{ items: Array<{ action: string; summary: string }> }>(res).items;
    expect(actions.map((e) => e.action)).toEqual(expect.arrayContaining(['tag.renamed', 'tag.merged', 'tag.deleted']));
    expect(actions.map((e) => e.summary)).toContain('Renamed tag “Finance” to “Accounting” (1 prompt)');
  });
});
