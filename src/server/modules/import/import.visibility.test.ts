import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultSchema } from '../../../shared/schemas/import';
import { promptListResponseSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// Who may see a prompt travels through export and import (CSV and JSON), is checked like the API checks
// it, and a row that says nothing gets DEFAULT_VISIBILITY (here `units`: the owner's unit).

let t: TestApp;
let admin: TestUser;
let legal: TestUser;
let outsider: TestUser;

const HEADER = 'title,content,aiModels,tags,businessUnit,ownerEmail,visibility,units';
const importCsv = (csv: string, qs = '') =>
  t.app.inject({ method: 'POST', url: `/api/admin/import?onConflict=overwrite${qs}`, headers: { ...admin.auth, 'content-type': 'text/csv' }, payload: csv });
const listed = async (u: TestUser) =>
  promptListResponseSchema
    .parse(body(await t.app.inject({ method: 'GET', url: '/api/prompts?limit=200', headers: u.auth })))
    .items.map((i) => [i.title, i.visibility, i.units.join('; ')])
    .sort();

beforeAll(async () => {
  t = await createTestApp({ defaultVisibility: 'units' });
  admin = await t.register({ email: 'admin@example.com', businessUnit: 'Research' });
  legal = await t.userWithRole('edit', { email: 'lee@example.com', businessUnit: 'Legal' });
  outsider = await t.userWithRole('read', { email: 'otis@example.com', businessUnit: 'Sales' });
});
afterAll(() => t.close());

describe('visibility in import and export', () => {
  it('imports the visibility and units a file names, and gives a row that names none the default', async () => {
    const csv = [
      HEADER,
      'Secret,Text,ChatGPT,a,Legal,lee@example.com,private,',
      'Two units,Text,ChatGPT,a,Legal,lee@example.com,units,legal; Sales',
      'Own unit,Text,ChatGPT,a,Legal,lee@example.com,units,',
      'Everyone,Text,ChatGPT,a,Legal,lee@example.com,organization,',
      'Unsaid,Text,ChatGPT,a,Legal,lee@example.com,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(importResultSchema.parse(body(res)).create).toBe(5);
    expect(await listed(legal)).toEqual([
      ['Everyone', 'organization', ''],
      ['Own unit', 'units', 'Legal'],
      ['Secret', 'private', ''],
      ['Two units', 'units', 'Legal; Sales'],
      ['Unsaid', 'units', 'Legal'],
    ]);
    expect((await listed(outsider)).map(([title]) => title)).toEqual(['Everyone', 'Two units']);
  });

  it('refuses rows with an unknown visibility or unit, or units with another visibility, naming the column', async () => {
    const csv = [
      HEADER,
      'Bad one,Text,ChatGPT,a,Legal,lee@example.com,secret,',
      'Bad two,Text,ChatGPT,a,Legal,lee@example.com,units,Nowhere',
      'Bad three,Text,ChatGPT,a,Legal,lee@example.com,private,Legal',
    ].join('\n');
    const res = await importCsv(csv, '&dryRun=true');
    const result = importResultSchema.parse(body(res));
    expect(result.invalid).toBe(3);
    expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [1, 'visibility', 'Visibility must be private, units or organization'],
      [2, 'units', 'Unknown business unit: Nowhere'],
      [3, 'units', 'Business units are only given with units visibility'],
    ]);
  });

  it('exports both columns, and a file exported and imported again changes nothing', async () => {
    const csv = (await t.app.inject({ method: 'GET', url: '/api/admin/export?type=prompts&format=csv', headers: admin.auth })).body.replace(/^\uFEFF/, '');
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.title, r.visibility, r.units]).sort()).toContainEqual(['Two units', 'units', 'Legal; Sales']);
    // The prompts alone, as a bare array: the form exports wrote before collections, which imports still read.
    const json = (
      JSON.parse((await t.app.inject({ method: 'GET', url: '/api/admin/export?type=prompts&format=json', headers: admin.auth })).body) as {
        prompts: Array<Record<string, unknown>>;
      }
    ).prompts;
    expect(json.find((p) => p.title === 'Secret')).toMatchObject({ visibility: 'private', units: [] });
    const before = await listed(legal);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?onConflict=overwrite',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(json.map((p) => (p.title === 'Secret' ? { ...p, visibility: 'organization' } : p))),
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = await listed(legal);
    expect(after.find(([title]) => title === 'Secret')).toEqual(['Secret', 'organization', '']);
    expect(after.filter(([title]) => title !== 'Secret')).toEqual(before.filter(([title]) => title !== 'Secret'));
    expect((await listed(outsider)).map(([title]) => title)).toEqual(['Everyone', 'Secret', 'Two units']);
  });
});

describe('status in import and export', () => {
  it('imports the status a file names (verified by the importing admin), exports it, and refuses an unknown one', async () => {
    const csv = [
      'title,content,aiModels,tags,businessUnit,ownerEmail,visibility,units,status',
      'Status draft row,Text,ChatGPT,a,Legal,lee@example.com,organization,,draft',
      'Status old row,Text,ChatGPT,a,Legal,lee@example.com,organization,,Deprecated',
      'Status vetted row,Text,ChatGPT,a,Legal,lee@example.com,organization,,verified',
      'Status plain row,Text,ChatGPT,a,Legal,lee@example.com,organization,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const mine = promptListResponseSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/prompts/my?search=status%20row&status=draft,published,verified,deprecated', headers: legal.auth })),
    );
    expect(mine.items.map((i) => [i.title, i.status]).sort()).toEqual([
      ['Status draft row', 'draft'],
      ['Status old row', 'deprecated'],
      ['Status plain row', 'published'],
      ['Status vetted row', 'verified'],
    ]);
    const vetted = mine.items.find((i) => i.status === 'verified')!;
    const detail = body<{ verifiedBy: { id: string } | null; reviewBy: string | null }>(
      await t.app.inject({ method: 'GET', url: `/api/prompts/${vetted.id}`, headers: legal.auth }),
    );
    expect(detail.verifiedBy?.id).toBe(admin.user.id);
    expect(detail.reviewBy).not.toBeNull();

    const exported = (await t.app.inject({ method: 'GET', url: '/api/admin/export?type=prompts&format=csv', headers: admin.auth })).body.replace(/^\uFEFF/, '');
    const rows = parse(exported, { columns: true }) as Array<{ title: string; status: string }>;
    expect(rows.find((r) => r.title === 'Status draft row')?.status).toBe('draft');
    expect(rows.find((r) => r.title === 'Status old row')?.status).toBe('deprecated');

    const bad = await importCsv(
      'title,content,aiModels,tags,businessUnit,ownerEmail,status\nStatus bad row,Text,ChatGPT,a,Legal,lee@example.com,archived',
      '&dryRun=true',
    );
    expect(importResultSchema.parse(body(bad)).errors.map((e) => [e.field, e.message])).toEqual([
      ['status', 'Status must be draft, published, verified or deprecated'],
    ]);
  });
});
