import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canEditPrompt } from '../../../shared/policies/prompts';
import { promptListItemSchema, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, changeRoleAsAdmin, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { queryRows } from '../../db/client';
import { encodeCursor } from './query.parse';
import { testDatabaseKind } from '../../test/test-database';

// The list path builds its items in PostgreSQL (modules/prompt-query); these tests hold it to the contract.
const strictList = promptListResponseSchema.extend({ items: promptListItemSchema.strict().array() }).strict();

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;

const add = async (u: TestUser, p: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: u.auth,
    payload: { content: 'Body text', aiModels: ['ChatGPT'], tags: ['General'], ...p },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res);
};
const list = async (u: TestUser, qs = '', url = '/api/prompts') => {
  const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return strictList.parse(JSON.parse(res.body));
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
  await add(editor, {
    title: 'Tagged Claude, made for ChatGPT',
    tags: ['Claude', 'say "hi" \\ <b>'],
    aiModels: ['ChatGPT'],
    content: 'Line "quoted" \\ backslash\nand ünïcode ✓ \u0001\ttab',
  });
  const made = await add(other, { title: 'Made for Claude', tags: ['Other'], aiModels: ['Claude'] });
  // Votes, so that the items' counts and each viewer's own vote are compared with something in them.
  for (const [u, value] of [
    [reader, 'up'],
    [editor, 'down'],
  ] as const) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/prompts/${made.id}/vote`, headers: u.auth, payload: { value, note: 'Tried it' } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('list items built by the database', () => {
  it('match the contract exactly (no extra fields) and the detail endpoint field for field', async () => {
    for (const u of [admin, editor, reader]) {
      const page = await list(u);
      expect(page.items.length).toBe(2);
      for (const item of page.items) {
        const detail = promptSchema.parse(body(await t.app.inject({ method: 'GET', url: `/api/prompts/${item.id}`, headers: u.auth })));
        // The viewer's last use, vote note, the version, the status's details and the open suggestions are on the detail only
        // (the last use also on Recently Used); lists carry the status itself.
        const { content, notes, customFields, user, variables, variableDefinitions, lastUsedAt, version, lastEditor, myVoteNote, ...withDetails } = detail;
        // Snippets are expanded for the detail only (and the runner it feeds).
        const { expandedContent, snippetProblem, snippets, ...withoutSnippets } = withDetails;
        expect({ expandedContent, snippetProblem, snippets }).toEqual({ expandedContent: content, snippetProblem: null, snippets: [] });
        const { verifiedBy, verifiedAt, reviewBy, needsReview, replacement, canCurate, openSuggestions, canDecideSuggestions, ...shared } = withoutSnippets;
        expect({ openSuggestions, canDecideSuggestions: typeof canDecideSuggestions }).toEqual({ openSuggestions: 0, canDecideSuggestions: 'boolean' });
        expect({ verifiedBy, verifiedAt, reviewBy, needsReview, replacement, canCurate: typeof canCurate }).toEqual({
          verifiedBy: null,
          verifiedAt: null,
          reviewBy: null,
          needsReview: false,
          replacement: null,
          canCurate: 'boolean',
        });
        expect(item).toEqual({ ...shared, user: { firstName: user.firstName, lastName: user.lastName }, contentPreview: content.slice(0, 240) });
        expect(item.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        void notes;
        void customFields;
        void variables;
        void variableDefinitions;
        void lastUsedAt;
        void version;
        void lastEditor;
        void myVoteNote;
      }
    }
  });

  it('give every viewer the canEdit of the shared policy', async () => {
    for (const viewer of [admin, editor, other, reader]) {
      const page = await list(viewer);
      for (const item of page.items) expect(item.canEdit, `${viewer.user.role} on ${item.title}`).toBe(canEditPrompt(viewer.user, item));
    }
    // The matrix is not trivial: each role sees a different mix.
    expect((await list(editor)).items.map((i) => i.canEdit).sort()).toEqual([false, true]);
    expect((await list(reader)).items.every((i) => !i.canEdit)).toBe(true);
    expect((await list(admin)).items.every((i) => i.canEdit)).toBe(true);
  });
});

describe('filters', () => {
  it('never confuse a tag with an AI application or a business unit of the same name', async () => {
    expect((await list(admin, 'aiModels=Claude')).items.map((i) => i.title)).toEqual(['Made for Claude']);
    expect((await list(admin, 'tags=Claude')).items.map((i) => i.title)).toEqual(['Tagged Claude, made for ChatGPT']);
    expect((await list(admin, 'businessUnits=Claude')).items).toEqual([]);
  });
});

describe('totals', () => {
  it('follow writes at once although they are cached', async () => {
    const before = (await list(admin, 'tags=Fresh')).total;
    const created = await add(editor, { title: 'Fresh one', tags: ['Fresh'] });
    expect((await list(admin, 'tags=Fresh')).total).toBe(before + 1);
    expect((await list(admin, 'search=fresh')).total).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/prompts/${created.id}`, headers: editor.auth });
    expect((await list(admin, 'tags=Fresh')).total).toBe(before);
    expect((await list(admin, 'search=fresh')).total).toBe(0);
  });

  it('are reported on an empty page past the end of a list', async () => {
    const cursor = encodeCursor({ sort: 'updatedAt', order: 'desc', value: '2000-01-01 00:00:00+00', id: '00000000-0000-4000-8000-000000000000' });
    const page = await list(admin, `cursor=${cursor}`);
    expect(page.items).toEqual([]);
    expect(page.nextCursor).toBeNull();
    expect(page.total).toBe((await list(admin)).total);
  });

  it('drop a deleted author’s prompts at once', async () => {
    const leaving = await t.userWithRole('edit', { firstName: 'Lea', lastName: 'Leaving' });
    await add(leaving, { title: 'Soon gone', tags: ['Leaving'] });
    expect((await list(admin, 'tags=Leaving')).total).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.user.id}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(admin, 'tags=Leaving')).total).toBe(0);
  });
});

describe('recent answers', () => {
  it('show an edit at once, and a forced reload (Cache-Control: no-cache) computes the page anew', async () => {
    const created = await add(editor, { title: 'Cached once', tags: ['Cached'] });
    expect((await list(admin, 'tags=Cached')).items.map((i) => i.title)).toEqual(['Cached once']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/prompts/${created.id}`,
      headers: editor.auth,
      payload: { title: 'Cached twice', content: 'x', aiModels: ['A'], tags: ['Cached'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list(admin, 'tags=Cached')).items.map((i) => i.title)).toEqual(['Cached twice']);

    // A write behind the API's back (another process, psql) is seen by a no-cache request.
    await t.db.execute(sql`insert into prompts (title, content, user_id, tags) values ('Written directly', 'x', ${editor.user.id}::uuid, '{Cached}')`);
    const res = await t.app.inject({ method: 'GET', url: '/api/prompts?tags=Cached', headers: { ...admin.auth, 'cache-control': 'no-cache' } });
    const fresh = strictList.parse(JSON.parse(res.body));
    expect(fresh.total).toBe(2);
    expect(fresh.items.map((i) => i.title).sort()).toEqual(['Cached twice', 'Written directly']);
  });
});

describe('signed-in users (sessions are cached briefly)', () => {
  it('lose rights at once when an admin changes their role, and their session when deleted', async () => {
    const u = await t.userWithRole('edit', { firstName: 'Rolf', lastName: 'Role' });
    await add(u, { title: 'Before the change' });
    const put = await changeRoleAsAdmin(t, admin, u, 'read');
    expect(put.statusCode, put.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: u.auth,
      payload: { title: 'After', content: 'x', aiModels: ['A'], tags: ['B'] },
    });
    expect(refused.statusCode).toBe(403);
    expect((await list(u, '', '/api/prompts/my')).items.every((i) => !i.canEdit)).toBe(true);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${u.user.id}`, headers: admin.auth });
    expect((await t.app.inject({ method: 'GET', url: '/api/prompts', headers: u.auth })).statusCode).toBe(401);
  });
});

describe('storage', () => {
  it('keeps search vectors inside their rows, where counting a search reads them without TOAST lookups', async () => {
    const [column] = await queryRows(t.db, sql`select attstorage from pg_attribute where attrelid = 'prompts'::regclass and attname = 'search_vector'`);
    expect(column?.attstorage).toBe('m');
  });

  it.runIf(testDatabaseKind() === 'postgres')('runs on PostgreSQL connections without JIT and with read-ahead for bitmap scans', async () => {
    const [row] = await queryRows(t.db, sql`select current_setting('jit') as jit, current_setting('effective_io_concurrency') as io`);
    expect(row).toEqual({ jit: 'off', io: '64' });
  });
});
