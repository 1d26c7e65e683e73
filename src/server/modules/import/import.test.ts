import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportResult, importResultSchema } from '../../../shared/schemas/import';
import { queryRows } from '../../db/client';
import { prompts } from '../../db/schema';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// Import: our own export round-trips exactly, conflicts follow the admin's choice, prompts.chat
// files map to prompts, and a file with any invalid row changes nothing.
let source: TestApp;
let target: TestApp;
let sourceAdmin: TestUser;
let admin: TestUser;
let editor: TestUser;

const ADMIN = { email: 'importer@example.com', firstName: 'Ida', lastName: "O'Porter", businessUnit: 'Engineering' };
const EDITOR = { email: 'eve@example.com', firstName: 'Eve', lastName: 'Ëditor', businessUnit: 'Legal' };
const AWKWARD = ['=SUM(A1:A9)', "'=already quoted", '+1 555', '-minus', '@mention', '"Quotes", commas', 'Ünïcödé ✓ 日本語', "O'Brien's"];

async function importFile(t: TestApp, file: string, qs: string, type = 'text/csv') {
  return t.app.inject({ method: 'POST', url: `/api/admin/import?${qs}`, headers: { ...admin.auth, 'content-type': type }, payload: file });
}
async function imported(t: TestApp, file: string, qs: string, type = 'text/csv'): Promise<ImportResult> {
  const res = await importFile(t, file, qs, type);
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(body(res));
}
const exportOf = async (t: TestApp, u: TestUser, format: 'csv' | 'json') =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/export?type=prompts&format=${format}`, headers: u.auth })).body;
const count = async (t: TestApp) => Number((await queryRows(t.db, sql`select count(*)::int as n from prompts`))[0]!.n);

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  sourceAdmin = await source.register(ADMIN);
  const sourceEditor = await source.userWithRole('edit', EDITOR);
  admin = await target.register(ADMIN);
  editor = await target.userWithRole('edit', EDITOR);
  // 1,000 prompts with custom fields and text a spreadsheet or a CSV reader could trip over.
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const awkward = AWKWARD[i % AWKWARD.length]!;
    const owner = i % 3 === 0 ? sourceEditor.user : sourceAdmin.user;
    return {
      title: `${awkward} ${i}`,
      content: `${awkward}\nLine two, with "quotes" and a tab\there; ${i}`,
      notes: i % 2 ? `Note ${awkward}` : null,
      aiModels: i % 2 ? ['Claude', 'ChatGPT'] : ['Gemini'],
      tags: [`Tag ${i % 7}`, i % 5 ? 'Ça va' : '=formula tag'],
      userId: owner.id,
      userBusinessUnit: i % 4 ? owner.businessUnit : 'Research & Development',
      authorName: `${owner.firstName} ${owner.lastName}`,
      customFields: i % 2 ? { audience: `People ${awkward}`, reviewed: i % 4 === 1, channels: ['Email', 'Chat'] } : {},
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
      updatedAt: new Date(Date.UTC(2025, 5, 1, 0, 0, i)),
    };
  });
  for (let i = 0; i < rows.length; i += 250) await source.db.insert(prompts).values(rows.slice(i, i + 250));
}, 120_000);
afterAll(async () => {
  await source.close();
  await target.close();
});

describe('POST /api/admin/import', () => {
  it('round-trips a 1,000-prompt CSV export exactly, custom fields and awkward text included', async () => {
    const file = await exportOf(source, sourceAdmin, 'csv');
    const dry = await imported(target, file, 'dryRun=true');
    expect(dry).toMatchObject({ format: 'prompts-csv', dryRun: true, total: 1000, create: 1000, update: 0, conflicts: 0, invalid: 0, errors: [] });
    expect(await count(target)).toBe(0);

    const done = await imported(target, file, 'dryRun=false');
    expect(done).toMatchObject({ dryRun: false, create: 1000 });
    expect(await exportOf(target, admin, 'csv')).toBe(file);
    const versions = await queryRows(target.db, sql`select count(*)::int as n, min(note) as note from prompt_versions`);
    expect(versions[0]).toEqual({ n: 1000, note: 'Imported' });
    const [event] = await queryRows(target.db, sql`select summary from audit_events where action = 'data.imported'`);
    expect(event!.summary).toBe('Imported 1,000 rows (prompts-csv): 1000 created, 0 overwritten, 0 skipped');
  });

  it('round-trips the JSON export too, and skips every row on a second import', async () => {
    const file = await exportOf(source, sourceAdmin, 'json');
    const again = await imported(target, file, 'dryRun=false&onConflict=skip', 'application/json');
    expect(again).toMatchObject({ format: 'prompts-json', total: 1000, create: 0, conflicts: 1000, skipped: 1000 });
    expect(await exportOf(target, admin, 'json')).toBe(file);
  });

  it('overwrites a conflicting prompt as a new version, or imports a copy titled "(2)"', async () => {
    const header = 'title,content,notes,aiModels,tags,businessUnit,ownerEmail,customFields';
    const file = `${header}\r\nPolicy check,First text,,Claude,Legal,Legal,eve@example.com,\r\n`;
    await imported(target, file, 'dryRun=false');
    const changed = file.replace('First text', 'Second text');
    expect(await imported(target, changed, 'dryRun=true&onConflict=overwrite')).toMatchObject({ conflicts: 1, update: 1, create: 0 });
    await imported(target, changed, 'dryRun=false&onConflict=overwrite');
    const [row] = await queryRows(
      target.db,
      sql`select p.content, (select max(number) from prompt_versions v where v.prompt_id = p.id) as v from prompts p where title = 'Policy check'`,
    );
    expect(row).toEqual({ content: 'Second text', v: 2 });

    // Twice in one file: the later row wins, and the prompt is counted once.
    const twice = `${changed}Policy check,Third text,,Claude,Legal,Legal,eve@example.com,\r\n`;
    expect(await imported(target, twice, 'dryRun=true&onConflict=overwrite')).toMatchObject({ total: 2, conflicts: 2, update: 1, create: 0 });
    expect(await imported(target, changed, 'dryRun=false&onConflict=copy')).toMatchObject({ conflicts: 1, create: 1 });
    expect(await imported(target, changed, 'dryRun=false&onConflict=copy')).toMatchObject({ create: 1 });
    const titles = await queryRows(target.db, sql`select title from prompts where title like 'Policy check%' and user_id = ${editor.user.id} order by title`);
    expect(titles.map((r) => r.title)).toEqual(['Policy check', 'Policy check (2)', 'Policy check (3)']);
  });

  it('reads the prompts.chat CSV: act as title, prompt as content, tags from type and for_devs, the chosen application', async () => {
    const file = [
      'act,prompt,for_devs,type,contributor',
      'Linux Terminal,"I want you to act as a linux terminal.\nReply only with the output, in one block.",TRUE,TEXT,f',
      'Poet,"Write a poem, with ""quotes"".",FALSE,,someone',
    ].join('\n');
    const noApp = await imported(target, file, 'dryRun=true');
    const untitled = await imported(target, 'act,prompt\n,Text without a title\n', 'dryRun=true&aiModel=Claude');
    expect(untitled.errors).toEqual([{ row: 1, field: 'act', message: 'Title is required' }]);
    expect(noApp).toMatchObject({ format: 'prompts-chat-csv', invalid: 2 });
    expect(noApp.errors[0]).toEqual({ row: 1, field: 'aiModels', message: 'At least one AI application is required' });
    expect(noApp.problems).toEqual([{ field: 'aiModels', message: 'At least one AI application is required', rows: 2, examples: [1, 2], fix: 'aiModel' }]);
    expect(await imported(target, file, 'dryRun=false&aiModel=ChatGPT')).toMatchObject({ create: 2, invalid: 0 });
    const rows = await queryRows(
      target.db,
      sql`select title, content, tags, ai_models, user_id from prompts where title in ('Linux Terminal', 'Poet') order by title`,
    );
    expect(rows).toEqual([
      {
        title: 'Linux Terminal',
        content: 'I want you to act as a linux terminal.\nReply only with the output, in one block.',
        tags: ['prompts.chat', 'TEXT', 'developers'],
        ai_models: ['ChatGPT'],
        user_id: admin.user.id,
      },
      { title: 'Poet', content: 'Write a poem, with "quotes".', tags: ['prompts.chat'], ai_models: ['ChatGPT'], user_id: admin.user.id },
    ]);
  });

  it('refuses a commit with any invalid row, writing nothing, and lists the problems row by row', async () => {
    const before = await count(target);
    const header = 'title,content,notes,aiModels,tags,businessUnit,ownerEmail,customFields';
    const file = [
      header,
      'Good one,Text,,Claude,Legal,,,',
      ',No title,,Claude,Legal,,,',
      'Bad fields,Text,,Claude,Legal,,,{not json',
      'Stranger,Text,,Claude,Legal,,nobody@example.com,',
      'Nul byte,Te\u0000xt,,Claude,Legal,,,',
    ].join('\r\n');
    const dry = await imported(target, file, 'dryRun=true&unknownOwners=refuse');
    expect(dry).toMatchObject({ total: 5, invalid: 4, create: 1 });
    expect(dry.errors).toEqual([
      { row: 2, field: 'title', message: 'Title is required' },
      { row: 3, field: 'customFields', message: 'Custom fields are not valid JSON' },
      { row: 4, field: 'ownerEmail', message: 'No account has the email nobody@example.com' },
      { row: 5, field: 'content', message: 'Text cannot contain NUL characters' },
    ]);
    const refused = await importFile(target, file, 'dryRun=false&unknownOwners=refuse');
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toMatchObject({
      code: 'import_invalid_rows',
      message: '4 rows are invalid: correct or remove them, then import again. Nothing was imported.',
    });
    expect(await count(target)).toBe(before);
    // The admin owns what nobody else can.
    const assigned = await imported(
      target,
      file
        .split('\r\n')
        .filter((l) => !l.startsWith(',') && !l.startsWith('Bad') && !l.startsWith('Nul'))
        .join('\r\n'),
      'dryRun=false',
    );
    expect(assigned).toMatchObject({ create: 2 });
    const [stranger] = await queryRows(target.db, sql`select user_id from prompts where title = 'Stranger'`);
    expect(stranger!.user_id).toBe(admin.user.id);
  });

  it('takes the file over a real HTTP connection, streamed from the client', async () => {
    const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
    const file = 'act,prompt\nOver the wire,Sent as a stream\n';
    const res = await fetch(`${address}/api/admin/import?dryRun=false&aiModel=Claude`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      body: new Blob([file]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ format: 'prompts-chat-csv', create: 1 });
  });

  it('answers 4xx naming the problem for files and requests it cannot take', async () => {
    const cases: Array<[string, string, string, number, string]> = [
      ['name,text\r\na,b', 'text/csv', '', 400, 'validation_failed'],
      ['{"not": "a list"}', 'application/json', '', 400, 'validation_failed'],
      ['[{"title": "x"', 'application/json', '', 400, 'validation_failed'],
      ['title,content', 'image/png', '', 415, 'unsupported_media_type'],
      ['title,content\r\nx,y', 'text/csv', 'onConflict=merge', 400, 'validation_failed'],
      ['title,content\r\n"unclosed,y', 'text/csv', '', 400, 'validation_failed'],
    ];
    for (const [file, type, qs, status, code] of cases) {
      const res = await importFile(target, file, qs, type);
      expect(res.statusCode, `${type} ${file}`).toBe(status);
      expect(body(res), `${type} ${file}`).toMatchObject({ code });
    }
    const byEditor = await target.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...editor.auth, 'content-type': 'text/csv' },
      payload: 'title,content',
    });
    expect(byEditor.statusCode).toBe(403);
  });
});

describe('near-copies of the library', () => {
  const GUIDE =
    'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit.';
  const file = [
    'act,prompt',
    `Tour guide,"${GUIDE.replace('travel guide', 'tour guide')}"`,
    'Unrelated,"Summarize the quarterly revenue of each sales region for the board, in five bullet points."',
  ].join('\n');

  it('are reported row by row by a dry run, and skipped when the admin asks', async () => {
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title: 'Travel guide (library)', content: GUIDE, aiModels: ['Claude'], tags: ['travel'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const guideId = body<{ id: string }>(res).id;
    const checked = await imported(target, file, 'dryRun=true&aiModel=Claude');
    expect(checked).toMatchObject({ create: 2, similarRows: 1, skipped: 0 });
    expect(checked.similar).toEqual([
      { row: 1, title: 'Tour guide', promptId: guideId, promptTitle: 'Travel guide (library)', similarity: expect.any(Number) },
    ]);
    expect(checked.similar[0]!.similarity).toBeGreaterThan(0.8);

    const before = await count(target);
    const skipping = await imported(target, file, 'dryRun=false&aiModel=Claude&skipSimilar=true');
    expect(skipping).toMatchObject({ create: 1, similarRows: 1, skipped: 1 });
    expect(await count(target)).toBe(before + 1);
    expect(await queryRows(target.db, sql`select 1 from prompts where title = 'Tour guide'`)).toEqual([]);
  });
});

describe('placeholders of other tools', () => {
  const file = [
    'act,prompt',
    'Placeholder letter,"Write to {recipient} about [SUBJECT] as ${role:a travel guide}, in <language>. Keep <b>bold</b> and [a link](https://x.io)."',
    'No placeholders,"Summarize the board minutes of last quarter in five bullet points for the staff newsletter."',
  ].join('\n');

  it('are listed by a dry run, and become variables (a default its definition) when the admin asks', async () => {
    const checked = await imported(target, file, 'dryRun=true&aiModel=Claude');
    expect(checked).toMatchObject({ placeholderRows: 1 });
    expect(checked.placeholders).toEqual([{ row: 1, title: 'Placeholder letter', variables: ['recipient', 'SUBJECT', 'role', 'language'] }]);

    // Without the option the text is imported as it is.
    await imported(target, file.replace('Placeholder letter', 'Placeholder letter as written'), 'dryRun=false&aiModel=Claude');
    const [plain] = await queryRows(target.db, sql`select content from prompts where title = 'Placeholder letter as written'`);
    expect(plain?.content).toContain('{recipient}');

    expect(await imported(target, file, 'dryRun=false&aiModel=Claude&convertPlaceholders=true')).toMatchObject({ create: 1, skipped: 1, placeholderRows: 1 });
    const [row] = await queryRows(target.db, sql`select id, content, variable_definitions from prompts where title = 'Placeholder letter'`);
    expect(row?.content).toBe('Write to {{recipient}} about {{SUBJECT}} as {{role}}, in {{language}}. Keep <b>bold</b> and [a link](https://x.io).');
    expect(row?.variable_definitions).toEqual([{ name: 'role', type: 'text', default: 'a travel guide' }]);
    const prompt = await target.app.inject({ method: 'GET', url: `/api/prompts/${String(row?.id)}`, headers: admin.auth });
    expect(body<{ variables: Array<{ name: string; default?: string }> }>(prompt).variables.map((v) => [v.name, v.default ?? null])).toEqual([
      ['recipient', null],
      ['SUBJECT', null],
      ['role', 'a travel guide'],
      ['language', null],
    ]);
  });
});

describe('variable definitions', () => {
  it('travel with a prompt through the export and back, in CSV and in JSON, and are checked against the content', async () => {
    const definitions = [
      { name: 'client', type: 'text', label: 'Client', required: true },
      { name: 'due', type: 'date', description: 'Promised date' },
      { name: 'tone', type: 'choice', options: ['formal', 'warm'], default: 'warm' },
    ];
    const created = await target.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: {
        title: 'Defined reply',
        content: 'Reply to {{client}} by {{due}}, {{tone}}.',
        aiModels: ['Claude'],
        tags: ['Defs'],
        variableDefinitions: definitions,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const format of ['csv', 'json'] as const) {
      const file = await exportOf(target, admin, format);
      const row = (format === 'csv' ? file.split('\n').find((line) => line.includes('Defined reply')) : file) ?? '';
      expect(row).toContain('Promised date');
      const at = await source.app.inject({
        method: 'POST',
        url: '/api/admin/import?dryRun=false&onConflict=overwrite',
        headers: { ...sourceAdmin.auth, 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
        payload: file,
      });
      expect(at.statusCode, at.body.slice(0, 300)).toBe(200);
      const [stored] = await queryRows(source.db, sql`select variable_definitions from prompts where title = 'Defined reply'`);
      expect(stored?.variable_definitions).toEqual(definitions);
    }
    // An overwrite converting placeholders keeps the prompt's own definitions and adds the defaults
    // (never one for a built-in, which is filled in for the user).
    const overwrite = ['act,prompt', '"Defined reply","Reply to {{client}} by {{due}} in a ${tone:warm} way, on ${current_date:2020-01-01}."'].join('\n');
    expect(await imported(target, overwrite, 'dryRun=false&aiModel=Claude&onConflict=overwrite&convertPlaceholders=true')).toMatchObject({ update: 1 });
    const [kept] = await queryRows(target.db, sql`select content, variable_definitions from prompts where title = 'Defined reply'`);
    expect(kept?.content).toBe('Reply to {{client}} by {{due}} in a {{tone}} way, on {{current_date}}.');
    expect(kept?.variable_definitions).toEqual(definitions);

    const stranger = JSON.stringify([
      { title: 'Stray', content: 'No variables here', aiModels: ['Claude'], tags: ['x'], variableDefinitions: [{ name: 'gone', type: 'text' }] },
    ]);
    const checked = await imported(target, stranger, 'dryRun=true', 'application/json');
    expect(checked.errors).toEqual([{ row: 1, field: 'variableDefinitions', message: 'These variables are not in the content: gone' }]);
  });
});
