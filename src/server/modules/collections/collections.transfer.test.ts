import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionListSchema, collectionSchema } from '../../../shared/schemas/collections';
import { importResultSchema } from '../../../shared/schemas/import';
import { promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Collections in the JSON export and import: exported with their exported prompts in order, imported
// for the importing admin with their prompts mapped to the imported ones; CSV and bare JSON arrays as before.

let source: TestApp;
let target: TestApp;
let admin: TestUser;
let eve: TestUser;
let targetAdmin: TestUser;
const ids: string[] = [];
let kit = '';

interface ExportFile {
  prompts: Array<{ id: string; title: string; tags: string[] }>;
  collections: Array<{ id: string; name: string; description: string; visibility: string; units: string[]; ownerEmail: string; promptIds: string[] }>;
}

const exportJson = async (app: TestApp, u: TestUser, qs = '') => {
  const res = await app.app.inject({ method: 'GET', url: `/api/admin/export?type=prompts&format=json${qs}`, headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as ExportFile;
};
const importJson = async (app: TestApp, u: TestUser, file: unknown, qs = '') => {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/admin/import?${qs}`,
    headers: { ...u.auth, 'content-type': 'application/json' },
    payload: JSON.stringify(file),
  });
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(body(res));
};
const collectionsOf = async (app: TestApp, u: TestUser) =>
  collectionListSchema.parse(body(await app.app.inject({ method: 'GET', url: '/api/collections', headers: u.auth }))).items;
const titlesIn = async (app: TestApp, u: TestUser, id: string) =>
  promptListResponseSchema
    .parse(JSON.parse((await app.app.inject({ method: 'GET', url: `/api/prompts?collection=${id}`, headers: u.auth })).body))
    .items.map((i) => i.title);

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  ({ admin, editor: eve } = await usersForEveryRole(source));
  targetAdmin = await target.register({ firstName: 'Tara', lastName: 'Target', businessUnit: 'Legal' });
  for (const [title, tag] of [
    ['NDA review', 'legal'],
    ['Vendor onboarding', 'ops'],
    ['Payment terms', 'legal'],
  ]) {
    const res = await source.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: eve.auth,
      payload: { title, content: `About ${title}`, aiModels: ['ChatGPT'], tags: [tag], visibility: 'organization' },
    });
    ids.push(promptSchema.parse(body(res)).id);
  }
  kit = collectionSchema.parse(
    body(
      await source.app.inject({
        method: 'POST',
        url: '/api/collections',
        headers: eve.auth,
        payload: { name: 'Contract review', description: '**Start here**', visibility: 'units' },
      }),
    ),
  ).id;
  for (const id of [ids[2], ids[0], ids[1]])
    await source.app.inject({ method: 'POST', url: `/api/collections/${kit}/items`, headers: eve.auth, payload: { promptId: id } });
  await source.app.inject({ method: 'POST', url: '/api/collections', headers: admin.auth, payload: { name: 'Empty one', visibility: 'private' } });
});
afterAll(() => Promise.all([source.close(), target.close()]));

describe('the JSON export', () => {
  it('holds the prompts and every collection with its exported prompts in order', async () => {
    const file = await exportJson(source, admin);
    expect(file.prompts).toHaveLength(3);
    expect(file.collections.map((c) => c.name)).toEqual(['Contract review', 'Empty one']);
    expect(file.collections[0]).toMatchObject({ description: '**Start here**', visibility: 'units', units: ['Legal'], promptIds: [ids[2], ids[0], ids[1]] });
    // A filtered export names only the prompts it holds.
    expect((await exportJson(source, admin, '&tags=legal')).collections[0]!.promptIds).toEqual([ids[2], ids[0]]);
    const one = await exportJson(source, admin, `&collection=${kit}`);
    expect([one.prompts.length, one.collections.map((c) => c.name)]).toEqual([3, ['Contract review']]);
    const unknown = await source.app.inject({
      method: 'GET',
      url: `/api/admin/export?type=prompts&format=json&collection=${crypto.randomUUID()}`,
      headers: admin.auth,
    });
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 'collection_not_found']);
  });

  it('leaves the CSV export as it was', async () => {
    const csv = (await source.app.inject({ method: 'GET', url: '/api/admin/export?type=prompts&format=csv', headers: admin.auth })).body;
    expect(csv).not.toContain('Contract review');
    expect(csv.split('\r\n')[0]).toContain('title');
  });
});

describe('the JSON import', () => {
  it('creates the file’s collections for the importer, mapped to the imported prompts, in order', async () => {
    const file = await exportJson(source, admin);
    const dry = await importJson(target, targetAdmin, file, 'dryRun=true');
    expect([dry.create, dry.collections]).toEqual([3, 2]);
    expect(await collectionsOf(target, targetAdmin)).toEqual([]);
    const done = await importJson(target, targetAdmin, file);
    expect([done.create, done.collections]).toEqual([3, 2]);
    const created = await collectionsOf(target, targetAdmin);
    expect(created.map((c) => [c.name, c.owner.id, c.visibility, c.units, c.itemCount])).toEqual([
      ['Contract review', targetAdmin.user.id, 'units', ['Legal'], 3],
      ['Empty one', targetAdmin.user.id, 'private', [], 0],
    ]);
    expect(await titlesIn(target, targetAdmin, created[0]!.id)).toEqual(['Payment terms', 'NDA review', 'Vendor onboarding']);
  });

  it('renames a collection whose name the importer uses, maps skipped prompts to nothing, and mends bad fields', async () => {
    const file = await exportJson(source, admin);
    // The prompts exist now: skipped as conflicts, so the second import's collections hold none of them.
    const again = await importJson(target, targetAdmin, {
      prompts: file.prompts,
      collections: [
        { ...file.collections[0], visibility: 'units', units: ['Nowhere'] },
        { name: '   ', visibility: 'galaxy', promptIds: ['not-an-id', 42] },
      ],
    });
    expect([again.create, again.skipped, again.collections]).toEqual([0, 3, 2]);
    const names = (await collectionsOf(target, targetAdmin)).map((c) => [c.name, c.visibility, c.itemCount]);
    expect(names).toEqual([
      ['Contract review', 'units', 3],
      ['Contract review (2)', 'private', 0],
      ['Empty one', 'private', 0],
      ['Imported collection', 'private', 0],
    ]);
  });

  it('still reads a bare JSON array of prompts, with no collections', async () => {
    const file = await exportJson(source, admin);
    const result = await importJson(
      target,
      targetAdmin,
      file.prompts.map((p) => ({ ...p, id: undefined, title: `${p.title} copy` })),
    );
    expect([result.create, result.collections]).toEqual([3, undefined]);
    const refused = await target.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...targetAdmin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ prompts: [], collections: 'nope' }),
    });
    expect([refused.statusCode, body<{ errors: { file: string } }>(refused).errors.file]).toEqual([400, 'Expected a JSON array of collections']);
  });
});
