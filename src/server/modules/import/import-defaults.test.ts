import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportResult, importDefaultsSchema, importResultSchema } from '../../../shared/schemas/import';
import { queryRows } from '../../db/client';
import { PROJECT_ROOT } from '../../lib/project-root';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// The import with the screen's defaults: the real prompts.chat file imports whole once its AI
// application is chosen, a problem many rows share is reported once with the option that fixes it,
// the admin picks the owner and business unit, and tags keep their punctuation.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;

const PROMPTS_CHAT = readFileSync(path.join(PROJECT_ROOT, 'tests/fixtures/prompts-chat.csv'), 'utf8');
const EXPORT_HEADER = 'title,content,notes,aiModels,tags,businessUnit,ownerEmail,customFields';

async function importFile(u: TestUser, file: string, qs: string) {
  return t.app.inject({ method: 'POST', url: `/api/admin/import?${qs}`, headers: { ...u.auth, 'content-type': 'text/csv' }, payload: file });
}
async function imported(file: string, qs: string): Promise<ImportResult> {
  const res = await importFile(admin, file, qs);
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(body(res));
}
async function defaults(u: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/admin/import/defaults', headers: u.auth });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Ida', lastName: 'Importer', businessUnit: 'Engineering' });
  editor = await t.userWithRole('edit', { email: 'eve.import@example.com', firstName: 'Eve', lastName: 'Editor', businessUnit: 'Legal' });
  reader = await t.userWithRole('read', { firstName: 'Rita', lastName: 'Reader' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('importing with the defaults', () => {
  it('preselects a seeded application in an empty library, and only for admins', async () => {
    expect((await defaults(reader)).statusCode).toBe(403);
    const res = await defaults(admin);
    expect(res.statusCode).toBe(200);
    expect(importDefaultsSchema.parse(body(res))).toEqual({ aiModel: 'ChatGPT' });
  });

  it('reports a prompts.chat file without an application as one problem for all 197 rows, naming the option that fixes it', async () => {
    const check = await imported(PROMPTS_CHAT, 'dryRun=true');
    expect(check).toMatchObject({ format: 'prompts-chat-csv', total: 197, invalid: 197, create: 0 });
    expect(check.problems).toEqual([
      { field: 'aiModels', message: 'At least one AI application is required', rows: 197, examples: [1, 2, 3, 4, 5], fix: 'aiModel' },
    ]);
  });

  it('imports all 197 rows of the real prompts.chat file with the preselected application, keeping contributors in the notes', async () => {
    const res = await importFile(admin, PROMPTS_CHAT, 'dryRun=false&aiModel=ChatGPT');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ total: 197, create: 197, invalid: 0, problems: [] });
    const [terminal] = await queryRows(t.db, sql`select notes, ai_models, user_id, user_business_unit from prompts where title = 'Linux Terminal'`);
    expect(terminal).toEqual({ notes: 'Contributed to prompts.chat by f', ai_models: ['ChatGPT'], user_id: admin.user.id, user_business_unit: 'Engineering' });
  });

  it('preselects the application most prompts of the library use', async () => {
    const file = ['act,prompt', ...Array.from({ length: 3 }, (_, i) => `Claude prompt ${i},Text ${i}`)].join('\n');
    await imported(file, 'dryRun=false&aiModel=Claude');
    expect(body(await defaults(admin))).toEqual({ aiModel: 'ChatGPT' });
    const more = ['act,prompt', ...Array.from({ length: 200 }, (_, i) => `More Claude ${i},Text ${i}`)].join('\n');
    await imported(more, 'dryRun=false&aiModel=claude');
    expect(body(await defaults(admin))).toEqual({ aiModel: 'Claude' });
  });

  it('gives the prompts to the chosen owner and business unit; a row naming its own keeps it', async () => {
    const file = [
      EXPORT_HEADER,
      'For Eve,Text,,Claude,Legal,,,',
      `Named unit,Text,,Claude,Legal,Sales,,`,
      `Own owner,Text,,Claude,Legal,,${admin.user.email},`,
    ].join('\n');
    const result = await imported(file, `dryRun=false&owner=${editor.user.id}&businessUnit=${encodeURIComponent('Research & Development')}`);
    expect(result).toMatchObject({ create: 3, invalid: 0 });
    const rows = await queryRows(
      t.db,
      sql`select title, user_id, user_business_unit, author_name from prompts where title in ('For Eve', 'Named unit', 'Own owner') order by title`,
    );
    expect(rows).toEqual([
      { title: 'For Eve', user_id: editor.user.id, user_business_unit: 'Research & Development', author_name: 'Eve Editor' },
      { title: 'Named unit', user_id: editor.user.id, user_business_unit: 'Sales', author_name: 'Eve Editor' },
      { title: 'Own owner', user_id: admin.user.id, user_business_unit: 'Research & Development', author_name: 'Ida Importer' },
    ]);
    // Without a chosen unit, the owner's own.
    await imported([EXPORT_HEADER, 'Eve default unit,Text,,Claude,Legal,,,'].join('\n'), `dryRun=false&owner=${editor.user.id}`);
    const [own] = await queryRows(t.db, sql`select user_business_unit from prompts where title = 'Eve default unit'`);
    expect(own!.user_business_unit).toBe('Legal');
  });

  it('answers 400 for an owner without an account', async () => {
    const res = await importFile(admin, [EXPORT_HEADER, 'X,Text,,Claude,Legal,,,'].join('\n'), 'dryRun=true&owner=00000000-0000-4000-8000-000000000001');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'validation_failed', message: 'The chosen owner has no account: choose another owner' });
    expect((await importFile(admin, 'act,prompt\nA,B\n', 'dryRun=true&owner=not-an-id')).statusCode).toBe(400);
  });

  it('groups unknown owners under one problem fixed by the owner option, still naming each email row by row', async () => {
    const file = [EXPORT_HEADER, ...[1, 2, 3].map((i) => `Unknown ${i},Text,,Claude,Legal,,nobody${i}@example.com,`), 'No content,,,Claude,Legal,,,'].join(
      '\n',
    );
    const result = await imported(file, 'dryRun=true&unknownOwners=refuse');
    expect(result.invalid).toBe(4);
    expect(result.problems).toEqual([
      { field: 'ownerEmail', message: 'The owner email has no account', rows: 3, examples: [1, 2, 3], fix: 'unknownOwners' },
      { field: 'content', message: 'Content is required', rows: 1, examples: [4], fix: null },
    ]);
    expect(result.errors[0]).toEqual({ row: 1, field: 'ownerEmail', message: 'No account has the email nobody1@example.com' });
  });

  it('gives an export CSV without the aiModels column the chosen application', async () => {
    const result = await imported('title,content,tags\nNo app column,Text,Legal\n', 'dryRun=true');
    expect(result.problems).toMatchObject([{ field: 'aiModels', fix: 'aiModel' }]);
    expect(await imported('title,content,tags\nNo app column,Text,Legal\n', 'dryRun=false&aiModel=Gemini')).toMatchObject({ create: 1 });
  });

  it('keeps tag punctuation: ".NET" stays ".NET", and the filters find it', async () => {
    const file = [EXPORT_HEADER, 'Dotnet prompt,Text,,Claude,".NET; C#; Node.js;  CI/CD ",,,'].join('\n');
    expect(await imported(file, 'dryRun=false')).toMatchObject({ create: 1 });
    const [row] = await queryRows(t.db, sql`select tags from prompts where title = 'Dotnet prompt'`);
    expect(row!.tags).toEqual(['.NET', 'C#', 'Node.js', 'CI/CD']);
    const res = await t.app.inject({ method: 'GET', url: `/api/prompts?tags=${encodeURIComponent('.NET')}`, headers: admin.auth });
    expect(body<{ items: Array<{ title: string }> }>(res).items.map((p) => p.title)).toEqual(['Dotnet prompt']);
    const names = body<string[]>(await t.app.inject({ method: 'GET', url: '/api/tags', headers: admin.auth }));
    expect(names).toEqual(expect.arrayContaining(['.NET', 'C#', 'Node.js', 'CI/CD']));
    expect(names.some((n) => /-net/i.test(n))).toBe(false);
  });
});
