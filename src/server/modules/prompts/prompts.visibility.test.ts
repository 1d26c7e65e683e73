import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canViewPrompt } from '../../../shared/policies/prompts';
import { type Prompt, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Private, unit and organization prompts: who receives what, on the detail routes, the lists, their
// totals and the sidebar's values. The matrix at the end holds the SQL rule of the lists to the rule of
// one prompt (canViewPrompt) for every member.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal: writes the prompts
let otto: TestUser; // editor, Sales
let rita: TestUser; // read-only, Engineering
let lena: TestUser; // read-only, Legal
const ids: Record<string, string> = {};

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const titles = async (u: TestUser, qs = '') => {
  const res = await request(u, 'GET', `/api/prompts?limit=200&${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  const page = promptListResponseSchema.parse(JSON.parse(res.body));
  expect(page.total).toBe(page.items.length);
  return page.items.map((i) => i.title).sort();
};
const create = async (title: string, extra: Record<string, unknown>, u = eve) => {
  const res = await request(u, 'POST', '/api/prompts', {
    title,
    content: `Body of ${title} with zanzibarword`,
    aiModels: ['ChatGPT'],
    tags: [`tag-${title}`],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return promptSchema.parse(body(res));
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  lena = await t.userWithRole('read', { firstName: 'Lena', lastName: 'Legal', businessUnit: 'Legal' });
  ids.private = (await create('Private case', { visibility: 'private' })).id;
  ids.legal = (await create('Legal only', { visibility: 'units' })).id;
  ids.sales = (await create('Shared with Sales', { visibility: 'units', units: ['sales'] })).id;
  ids.org = (await create('Everyone', { visibility: 'organization' })).id;
});
afterAll(() => t.close());

const ALL = ['Everyone', 'Legal only', 'Private case', 'Shared with Sales'];

describe('writing who can see a prompt', () => {
  it('stores units as the units are spelt, defaults `units` to the owner’s unit, and says so in the answer', async () => {
    const legal = promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${ids.legal}`)));
    expect([legal.visibility, legal.units]).toEqual(['units', ['Legal']]);
    const sales = promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${ids.sales}`)));
    expect([sales.visibility, sales.units]).toEqual(['units', ['Sales']]);
    const org = promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${ids.org}`)));
    expect([org.visibility, org.units]).toEqual(['organization', []]);
  });

  it('refuses units with another visibility, an empty list, an unknown unit and an unknown visibility', async () => {
    const refused = async (extra: Record<string, unknown>, field: string, message: string) => {
      const res = await request(eve, 'POST', '/api/prompts', { title: `Refused ${Math.random()}`, content: 'x', aiModels: ['ChatGPT'], ...extra });
      expect(res.statusCode, res.body).toBe(400);
      const answer = body<{ code: string; errors: Record<string, string> }>(res);
      expect(answer.code).toBe('validation_failed');
      expect(answer.errors[field]).toBe(message);
    };
    await refused({ visibility: 'private', units: ['Legal'] }, 'units', 'Business units are only given with units visibility');
    await refused({ visibility: 'organization', units: ['Legal'] }, 'units', 'Business units are only given with units visibility');
    await refused({ units: ['Legal'] }, 'units', 'Business units are only given with units visibility');
    await refused({ visibility: 'units', units: [] }, 'units', 'Choose at least one business unit');
    await refused({ visibility: 'units', units: ['Legal', 'Nowhere'] }, 'units', 'Unknown business unit: Nowhere');
    await refused({ visibility: 'secret' }, 'visibility', 'Visibility must be private, units or organization');
  });

  it('keeps the visibility on an update that does not name it, and changes it without a new version, in the audit log', async () => {
    const p = await create('Changing', { visibility: 'organization' });
    const put = (extra: Record<string, unknown>) =>
      request(eve, 'PUT', `/api/prompts/${p.id}`, { title: p.title, content: p.content, aiModels: p.aiModels, tags: p.tags, ...extra });
    expect(promptSchema.parse(body(await put({ notes: 'a note' }))).visibility).toBe('organization');
    const changed = promptSchema.parse(body(await put({ notes: 'a note', visibility: 'units', units: ['Legal', 'Sales'] })));
    expect([changed.visibility, changed.units, changed.version]).toEqual(['units', ['Legal', 'Sales'], 2]);
    // Units alone on a units prompt: allowed (the visibility is kept).
    expect(promptSchema.parse(body(await put({ notes: 'a note', units: ['Sales'] }))).units).toEqual(['Sales']);
    const audit = body<{ items: Array<{ action: string; before: unknown; after: unknown }> }>(
      await request(admin, 'GET', `/api/admin/audit?action=prompt.visibility_changed&limit=10`),
    );
    expect(audit.items.map((e) => [e.before, e.after])).toEqual([
      [
        { visibility: 'units', units: ['Legal', 'Sales'] },
        { visibility: 'units', units: ['Sales'] },
      ],
      [
        { visibility: 'organization', units: [] },
        { visibility: 'units', units: ['Legal', 'Sales'] },
      ],
    ]);
    await request(eve, 'DELETE', `/api/prompts/${p.id}`);
  });
});

describe('reading', () => {
  it('lists, totals and searches hold exactly the prompts each member may see', async () => {
    expect(await titles(admin)).toEqual(ALL);
    expect(await titles(eve)).toEqual(ALL);
    expect(await titles(lena)).toEqual(['Everyone', 'Legal only']);
    expect(await titles(otto)).toEqual(['Everyone', 'Shared with Sales']);
    expect(await titles(rita)).toEqual(['Everyone']);
    expect(await titles(rita, 'search=zanzibarword')).toEqual(['Everyone']);
    expect(await titles(lena, 'search=zanzibarword')).toEqual(['Everyone', 'Legal only']);
    // Filter-only lists read another table; it must answer alike.
    expect(await titles(otto, 'aiModels=ChatGPT')).toEqual(['Everyone', 'Shared with Sales']);
    expect(await titles(rita, 'aiModels=ChatGPT&sort=mostUsed')).toEqual(['Everyone']);
  });

  it('answers 404 on every route that names a prompt the member may not see', async () => {
    for (const url of [`/api/prompts/${ids.private}`, `/api/prompts/${ids.private}/versions`, `/api/prompts/${ids.private}/versions/1`]) {
      const res = await request(rita, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(body<{ code: string }>(res).code).toBe('prompt_not_found');
    }
    expect((await request(rita, 'POST', `/api/prompts/${ids.private}/uses`, { kind: 'copy' })).statusCode).toBe(404);
    expect((await request(rita, 'PUT', `/api/prompts/${ids.private}/favorite`)).statusCode).toBe(404);
    expect((await request(otto, 'PUT', `/api/prompts/${ids.legal}`, { title: 'x', content: 'y', aiModels: ['ChatGPT'] })).statusCode).toBe(404);
    expect((await request(otto, 'DELETE', `/api/prompts/${ids.legal}`)).statusCode).toBe(404);
    // What they may see but not change is still a 403.
    expect((await request(otto, 'DELETE', `/api/prompts/${ids.sales}`)).statusCode).toBe(403);
  });

  it('offers no filter value and counts no prompt the member may not see', async () => {
    const tags = async (u: TestUser) => body<string[]>(await request(u, 'GET', '/api/filter/tags'));
    expect(await tags(rita)).toEqual(['tag-Everyone']);
    expect((await tags(lena)).sort()).toEqual(['tag-Everyone', 'tag-Legal only']);
    expect((await tags(admin)).length).toBe(4);
    const counts = body<{ tags: Array<{ value: string; count: number }> }>(await request(otto, 'GET', '/api/filter/counts'));
    expect(counts.tags.map((v) => v.value).sort()).toEqual(['tag-Everyone', 'tag-Shared with Sales']);
    const searched = body<{ tags: Array<{ value: string }> }>(await request(otto, 'GET', '/api/filter/counts?search=zanzibarword'));
    expect(searched.tags.map((v) => v.value).sort()).toEqual(['tag-Everyone', 'tag-Shared with Sales']);
    const values = body<{ values: Array<{ value: string }> }>(await request(rita, 'GET', '/api/filter/values?group=tags&q=tag'));
    expect(values.values.map((v) => v.value)).toEqual(['tag-Everyone']);
  });

  it('narrows a list to one visibility with the sidebar filter', async () => {
    expect(await titles(eve, 'visibility=private')).toEqual(['Private case']);
    expect(await titles(eve, 'visibility=units')).toEqual(['Legal only', 'Shared with Sales']);
    expect(await titles(lena, 'visibility=units,private')).toEqual(['Legal only']);
    expect((await request(eve, 'GET', '/api/prompts?visibility=secret')).statusCode).toBe(400);
  });

  it('drops a prompt from recently used and favourites once it is hidden from the member', async () => {
    const p = await create('Soon hidden', { visibility: 'organization' });
    expect((await request(rita, 'POST', `/api/prompts/${p.id}/uses`, { kind: 'copy' })).statusCode).toBe(204);
    expect((await request(rita, 'PUT', `/api/prompts/${p.id}/favorite`)).statusCode).toBe(204);
    const recent = async () => promptListResponseSchema.parse(body(await request(rita, 'GET', '/api/prompts/recent'))).items.map((i) => i.title);
    expect(await recent()).toContain('Soon hidden');
    expect(await titles(rita, 'favorites=true')).toEqual(['Soon hidden']);
    await request(eve, 'PUT', `/api/prompts/${p.id}`, { title: p.title, content: p.content, aiModels: p.aiModels, tags: p.tags, visibility: 'private' });
    expect(await recent()).not.toContain('Soon hidden');
    expect(await titles(rita, 'favorites=true')).toEqual([]);
    await request(eve, 'DELETE', `/api/prompts/${p.id}`);
  });

  it('brings a private prompt back from the trash still private', async () => {
    const p = await create('Trashed secret', { visibility: 'private' });
    expect((await request(eve, 'DELETE', `/api/prompts/${p.id}`)).statusCode).toBe(204);
    expect((await request(eve, 'POST', `/api/trash/${p.id}/restore`, {})).statusCode).toBeLessThan(300);
    expect((await request(rita, 'GET', `/api/prompts/${p.id}`)).statusCode).toBe(404);
    expect(promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${p.id}`))).visibility).toBe('private');
    await request(eve, 'DELETE', `/api/prompts/${p.id}`);
  });
});

describe('changing visibility in bulk', () => {
  it('changes only prompts the caller may edit, makes no version, and records one audit event', async () => {
    const a = await create('Bulk one', { visibility: 'organization' });
    const b = await create('Bulk two', { visibility: 'private' });
    const bulk = (u: TestUser, payload: Record<string, unknown>) => request(u, 'POST', '/api/prompts/bulk', { action: 'changeVisibility', ...payload });
    const done = await bulk(eve, { ids: [a.id, b.id], value: 'units', units: ['legal'] });
    expect(done.statusCode, done.body).toBe(200);
    expect(body<{ changed: number; message: string }>(done)).toMatchObject({ changed: 2, message: 'Changed who can see 2 prompts to Units: Legal' });
    for (const id of [a.id, b.id]) {
      const p = promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${id}`)));
      expect([p.visibility, p.units, p.version]).toEqual(['units', ['Legal'], 1]);
    }
    expect(await titles(lena, 'search=bulk')).toEqual(['Bulk one', 'Bulk two']);
    expect(await titles(rita, 'search=bulk')).toEqual([]);
    // Someone else's prompts: refused whole; ones they cannot see are simply not there.
    expect((await bulk(otto, { ids: [ids.sales], value: 'private' })).statusCode).toBe(403);
    const unseen = await bulk(otto, { ids: [ids.private], value: 'organization' });
    expect(body<{ matched: number }>(unseen).matched).toBe(0);
    expect((await request(admin, 'GET', `/api/prompts/${ids.private}`)).json()).toMatchObject({ visibility: 'private' });
    // Bad values name the field.
    expect(body<{ errors: Record<string, string> }>(await bulk(eve, { ids: [a.id], value: 'secret' })).errors.value).toBe(
      'Visibility must be private, units or organization',
    );
    expect(body<{ errors: Record<string, string> }>(await bulk(eve, { ids: [a.id], value: 'private', units: ['Legal'] })).errors.units).toBe(
      'Business units are only given with units visibility',
    );
    // By filter: the caller's own prompts that match.
    expect(body<{ changed: number }>(await bulk(eve, { filter: { search: 'bulk' }, value: 'organization' })).changed).toBe(2);
    expect(await titles(rita, 'search=bulk')).toEqual(['Bulk one', 'Bulk two']);
    const audit = body<{ items: Array<{ summary: string }> }>(await request(admin, 'GET', '/api/admin/audit?action=prompt.visibility_changed&limit=2'));
    expect(audit.items.map((e) => e.summary)).toEqual([
      'Bulk action: Changed who can see 2 prompts to Organization',
      'Bulk action: Changed who can see 2 prompts to Units: Legal',
    ]);
    await request(eve, 'DELETE', `/api/prompts/${a.id}`);
    await request(eve, 'DELETE', `/api/prompts/${b.id}`);
  });
});

describe('units that change', () => {
  it('follows a unit renamed, and a member moved to another unit sees what that unit sees at once', async () => {
    const units = body<Array<{ id: string; name: string }>>(await request(admin, 'GET', '/api/admin/business-units'));
    const sales = units.find((u) => u.name === 'Sales')!;
    expect((await request(admin, 'PUT', `/api/admin/business-units/${sales.id}`, { name: 'Revenue' })).statusCode).toBe(200);
    expect(promptSchema.parse(body(await request(eve, 'GET', `/api/prompts/${ids.sales}`))).units).toEqual(['Revenue']);
    expect(await titles(otto)).toEqual(['Everyone', 'Shared with Sales']);

    const { email, firstName, lastName } = rita.user;
    const moved = await request(admin, 'PUT', `/api/admin/users/${rita.user.id}`, { email, firstName, lastName, businessUnit: 'Legal', role: 'read' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await titles(rita)).toEqual(['Everyone', 'Legal only']);
    expect(await titles(rita, 'search=zanzibarword')).toEqual(['Everyone', 'Legal only']);
  });

  it('lets no member move themselves into another unit (an admin moves them)', async () => {
    const profile = (u: TestUser, businessUnit: string) =>
      request(u, 'PUT', '/api/profile', { firstName: u.user.firstName, lastName: u.user.lastName, businessUnit });
    const refused = await profile(otto, 'Legal');
    expect(refused.statusCode).toBe(403);
    expect(body<{ message: string }>(refused).message).toBe('Only an administrator can move you to another business unit');
    expect(await titles(otto)).toEqual(['Everyone', 'Shared with Sales']);
    // Their own unit, in any case, is no move.
    expect((await profile(otto, 'revenue')).statusCode).toBe(200);
    expect((await profile(admin, 'Legal')).statusCode).toBe(200);
    expect((await profile(admin, 'Research')).statusCode).toBe(200);
  });

  it('leaves a prompt private, never wider, when its only unit is deleted', async () => {
    const unit = body<{ id: string; name: string }>(await request(admin, 'POST', '/api/admin/business-units', { name: 'Short-lived' }));
    const p = await create('Short-lived unit prompt', { visibility: 'units', units: ['Short-lived', 'Legal'] });
    const q = await create('Only short-lived', { visibility: 'units', units: ['Short-lived'] });
    expect((await request(admin, 'DELETE', `/api/admin/business-units/${unit.id}`)).statusCode).toBe(204);
    const after = (id: string) => request(eve, 'GET', `/api/prompts/${id}`).then((res) => promptSchema.parse(body(res)));
    expect([(await after(p.id)).visibility, (await after(p.id)).units]).toEqual(['units', ['Legal']]);
    expect([(await after(q.id)).visibility, (await after(q.id)).units]).toEqual(['private', []]);
    await request(eve, 'DELETE', `/api/prompts/${p.id}`);
    await request(eve, 'DELETE', `/api/prompts/${q.id}`);
  });
});

describe('one rule for lists and for one prompt', () => {
  it('gives every member the same answer from the list as canViewPrompt gives for each prompt', async () => {
    const everything: Prompt[] = [];
    for (const id of Object.values(ids)) everything.push(promptSchema.parse(body(await request(admin, 'GET', `/api/prompts/${id}`))));
    for (const member of [admin, eve, otto, rita, lena]) {
      const me = body<{ id: string; role: 'read' | 'edit' | 'admin'; businessUnit: string }>(await request(member, 'GET', '/api/user'));
      const expected = everything
        .filter((p) => canViewPrompt(me, { userId: p.userId, visibility: p.visibility, visibleUnits: p.units, status: p.status }))
        .map((p) => p.title)
        .sort();
      expect(await titles(member), me.businessUnit).toEqual(expected);
      for (const p of everything) {
        expect((await request(member, 'GET', `/api/prompts/${p.id}`)).statusCode, `${p.title} for ${me.businessUnit}`).toBe(
          expected.includes(p.title) ? 200 : 404,
        );
      }
    }
  });
});
