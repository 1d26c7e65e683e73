import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListItemSchema, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Statuses: drafts seen and listed only by their owners, publishing, curators' verifications with a
// review date on an injected clock, content edits that end a verification, deprecations with a
// replacement, and who may make each change.
const strictList = promptListResponseSchema.extend({ items: promptListItemSchema.strict().array() }).strict();
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let now = new Date('2026-06-01T09:00:00Z');
let admin: TestUser;
let eve: TestUser; // edit, Legal: owns the prompts
let otto: TestUser; // edit, Sales: made a curator of Legal
let rita: TestUser; // read: made a curator of Sales (the wrong unit for Eve's prompts)
const ids: Record<string, string> = {};

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const setStatus = (u: TestUser, id: string, status: string, replacementId?: string) =>
  request(u, 'PUT', `/api/prompts/${id}/status`, replacementId === undefined ? { status } : { status, replacementId });
const detail = async (u: TestUser, id: string) => {
  const res = await request(u, 'GET', `/api/prompts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return promptSchema.strict().parse(JSON.parse(res.body));
};
const titles = async (u: TestUser, path: string) => {
  const res = await request(u, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  const page = strictList.parse(JSON.parse(res.body));
  expect(page.total).toBe(page.items.length);
  return page.items.map((i) => i.title).sort();
};
const create = async (u: TestUser, title: string, extra: Record<string, unknown> = {}) => {
  const res = await request(u, 'POST', '/api/prompts', { title, content: `Body of ${title} zebrafish`, aiModels: ['ChatGPT'], tags: ['Lifecycle'], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const created = promptSchema.strict().parse(JSON.parse(res.body));
  ids[title] = created.id;
  return created;
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, verificationDays: 180 });
  ({ admin, otto: otto, reader: rita, editor: eve } = await usersForEveryRole(t).then((u) => ({ ...u, otto: u.other })));
  await create(eve, 'Life published');
  await create(eve, 'Life draft', { status: 'draft' });
  await create(eve, 'Life private', { visibility: 'private' });
  await create(eve, 'Life other');
});
afterAll(() => t.close());

describe('drafts', () => {
  it('are created through the API as drafts, published by default, and no other status', async () => {
    expect((await detail(eve, ids['Life draft']!)).status).toBe('draft');
    expect((await detail(eve, ids['Life published']!)).status).toBe('published');
    const bad = await request(eve, 'POST', '/api/prompts', { title: 'Life bad', content: 'x', aiModels: ['ChatGPT'], status: 'verified' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('A new prompt is saved as draft or published');
  });

  it('are seen by their owner and admins only, and listed only in the owner’s My Prompts', async () => {
    const draft = ids['Life draft']!;
    expect((await request(otto, 'GET', `/api/prompts/${draft}`)).statusCode).toBe(404);
    expect((await request(rita, 'GET', `/api/prompts/${draft}`)).statusCode).toBe(404);
    expect((await detail(admin, draft)).status).toBe('draft');
    expect(await titles(eve, '/api/prompts/my?tags=Lifecycle')).toContain('Life draft');
    expect(await titles(eve, '/api/prompts/my?search=zebrafish')).toContain('Life draft');
    for (const u of [eve, otto, admin]) {
      expect(await titles(u, '/api/prompts?tags=Lifecycle')).not.toContain('Life draft');
      expect(await titles(u, '/api/prompts?search=zebrafish')).not.toContain('Life draft');
      expect(await titles(u, '/api/prompts?status=draft')).toEqual([]);
    }
    // Not in favourites either, nor in the sidebar's counts.
    expect((await request(eve, 'PUT', `/api/prompts/${draft}/favorite`)).statusCode).toBeLessThan(300);
    expect(await titles(eve, '/api/prompts?favorites=true')).toEqual([]);
    const counts = body<{ tags: Array<{ value: string; count: number }> }>(await request(eve, 'GET', '/api/filter/counts'));
    expect(counts.tags.find((tag) => tag.value === 'Lifecycle')?.count).toBe(3);
  });

  it('are published by their owner, and then everyone they are shared with finds them', async () => {
    const draft = ids['Life draft']!;
    expect((await setStatus(otto, draft, 'published')).statusCode).toBe(404);
    const published = await setStatus(eve, draft, 'published');
    expect(published.statusCode, published.body).toBe(200);
    expect(promptSchema.parse(JSON.parse(published.body)).status).toBe('published');
    expect(await titles(otto, '/api/prompts?search=zebrafish')).toContain('Life draft');
    // And back to a draft: gone from everyone's lists again.
    expect((await setStatus(eve, draft, 'draft')).statusCode).toBe(200);
    expect(await titles(otto, '/api/prompts?search=zebrafish')).not.toContain('Life draft');
    expect((await setStatus(eve, draft, 'deprecated')).statusCode).toBe(400);
  });
});

describe('curators and verification', () => {
  it('are assigned by admins, by unit names in any case; unknown units are refused', async () => {
    const assign = (u: TestUser, units: string[]) => request(admin, 'PUT', `/api/admin/users/${u.user.id}/curator-units`, { units });
    const bad = await assign(otto, ['Nowhere']);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Unknown business unit: Nowhere');
    expect(body<{ curatorUnits: string[] }>(await assign(otto, ['legal'])).curatorUnits).toEqual(['Legal']);
    expect(body<{ curatorUnits: string[] }>(await assign(rita, ['Sales'])).curatorUnits).toEqual(['Sales']);
    expect((await request(otto, 'PUT', `/api/admin/users/${rita.user.id}/curator-units`, { units: [] })).statusCode).toBe(403);
  });

  it('lets a curator of the owner’s unit verify, with a review date; owners and curators of other units may not', async () => {
    const id = ids['Life published']!;
    const byOwner = await setStatus(eve, id, 'verified');
    expect(byOwner.statusCode).toBe(403);
    expect(body(byOwner).message).toBe("Only a curator of the prompt's business unit can verify it");
    expect((await setStatus(rita, id, 'verified')).statusCode).toBe(403);
    const res = await setStatus(otto, id, 'verified');
    expect(res.statusCode, res.body).toBe(200);
    const verified = await detail(rita, id);
    expect(verified).toMatchObject({ status: 'verified', verifiedBy: { id: otto.user.id, firstName: 'Otto' }, needsReview: false, canCurate: false });
    expect(verified.verifiedAt).toBe(now.toISOString());
    expect(verified.reviewBy).toBe(new Date(now.getTime() + 180 * DAY).toISOString());
    expect((await detail(otto, id)).canCurate).toBe(true);
    expect(await titles(rita, '/api/prompts?verified=true&tags=Lifecycle')).toEqual(['Life published']);
    expect(await titles(rita, '/api/prompts?status=published&tags=Lifecycle')).toEqual(['Life other', 'Life private'].filter((x) => x !== 'Life private'));
  });

  it('needs review once the verification runs out; verifying again renews it', async () => {
    const id = ids['Life published']!;
    now = new Date(now.getTime() + 181 * DAY);
    expect((await detail(eve, id)).needsReview).toBe(true);
    expect((await setStatus(otto, id, 'verified')).statusCode).toBe(200);
    expect(await detail(eve, id)).toMatchObject({ needsReview: false, reviewBy: new Date(now.getTime() + 180 * DAY).toISOString() });
  });

  it('puts a prompt whose review date has come in its curators’ queue, and takes it out when verified again', async () => {
    const id = ids['Life published']!;
    const queue = async (u: TestUser) => {
      const res = await request(u, 'GET', '/api/review?limit=1');
      expect(res.statusCode, res.body).toBe(200);
      return body<{ items: Array<{ id: string; title: string; verifiedBy: { id: string } | null }>; nextCursor: string | null }>(res);
    };
    expect((await queue(otto)).items).toEqual([]);
    now = new Date(now.getTime() + 181 * DAY);
    const due = await queue(otto);
    expect(due.items).toMatchObject([{ id, title: 'Life published', verifiedBy: { id: otto.user.id } }]);
    expect((await queue(admin)).items.map((i) => i.id)).toEqual([id]);
    // Not a curator of Legal: nothing to review; nor the owner, who does not curate.
    expect((await queue(rita)).items).toEqual([]);
    expect((await queue(eve)).items).toEqual([]);
    expect((await request(otto, 'GET', '/api/review?cursor=nonsense')).statusCode).toBe(400);
    expect((await setStatus(otto, id, 'verified')).statusCode).toBe(200);
    expect((await queue(otto)).items).toEqual([]);
  });

  it('ends when someone who is not a curator changes the content', async () => {
    const id = ids['Life published']!;
    const edit = await request(eve, 'PUT', `/api/prompts/${id}`, {
      title: 'Life published',
      content: 'A new body zebrafish',
      aiModels: ['ChatGPT'],
      tags: ['Lifecycle'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(promptSchema.parse(JSON.parse(edit.body))).toMatchObject({ status: 'published', verifiedBy: null, reviewBy: null });
  });

  it('opens nothing: a curator cannot see or verify a private prompt of their unit', async () => {
    expect((await setStatus(otto, ids['Life private']!, 'verified')).statusCode).toBe(404);
    expect((await setStatus(admin, ids['Life private']!, 'verified')).statusCode).toBe(200);
    // Nor does it reach their review queue when its verification runs out: only the admin's.
    now = new Date(now.getTime() + 181 * DAY);
    const due = async (u: TestUser) => body<{ items: Array<{ title: string }> }>(await request(u, 'GET', '/api/review')).items.map((i) => i.title);
    expect(await due(admin)).toContain('Life private');
    expect(await due(otto)).not.toContain('Life private');
    expect((await setStatus(admin, ids['Life private']!, 'verified')).statusCode).toBe(200);
  });
});

describe('ranking', () => {
  it('puts a verified prompt above a published one of equal relevance', async () => {
    await create(eve, 'Quokka guide one');
    await create(eve, 'Quokka guide two');
    const order = async () => strictList.parse(body(await request(rita, 'GET', '/api/prompts?search=quokka'))).items.map((i) => i.title);
    // Equal matches: the one ranked second is verified, and comes first.
    const before = await order();
    expect(before).toHaveLength(2);
    expect((await setStatus(otto, ids[before[1]!]!, 'verified')).statusCode).toBe(200);
    expect(await order()).toEqual([before[1], before[0]]);
    expect(strictList.parse(body(await request(rita, 'GET', '/api/prompts?search=quokka'))).orderedBy).toBe('relevance');
  });
});

describe('deprecation', () => {
  it('takes a prompt out of default lists and searches, with a replacement named on its page', async () => {
    const id = ids['Life other']!;
    expect((await setStatus(rita, id, 'deprecated')).statusCode).toBe(403);
    expect(body(await setStatus(eve, id, 'deprecated', id)).message).toBe('A prompt cannot replace itself');
    expect(body(await setStatus(eve, id, 'deprecated', ids['Life draft']!)).message).toBe('The replacement must be a published or verified prompt');
    expect(body(await setStatus(otto, id, 'deprecated', ids['Life private']!)).message).toBe('Replacement prompt not found');
    expect(body(await setStatus(eve, id, 'published', ids['Life published']!)).message).toBe('A replacement is given only when deprecating');
    const res = await setStatus(otto, id, 'deprecated', ids['Life published']!);
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(rita, id)).replacement).toEqual({ id: ids['Life published'], title: 'Life published' });
    for (const u of [rita, eve, admin]) {
      expect(await titles(u, '/api/prompts?tags=Lifecycle')).not.toContain('Life other');
      expect(await titles(u, '/api/prompts?search=zebrafish')).not.toContain('Life other');
      expect(await titles(u, '/api/prompts?tags=Lifecycle&status=deprecated')).toEqual(['Life other']);
      expect(await titles(u, '/api/prompts?search=zebrafish&status=published,verified,deprecated')).toContain('Life other');
    }
    expect(await titles(eve, '/api/prompts/my?tags=Lifecycle')).not.toContain('Life other');
    expect(await titles(eve, '/api/prompts/my?tags=Lifecycle&status=deprecated')).toEqual(['Life other']);
    // Undone by a curator, back in the lists without its replacement.
    expect((await setStatus(otto, id, 'published')).statusCode).toBe(200);
    expect(await detail(rita, id)).toMatchObject({ status: 'published', replacement: null });
    expect(await titles(rita, '/api/prompts?tags=Lifecycle')).toContain('Life other');
  });

  it('refuses a status that does not exist and records every change in the audit log', async () => {
    const bad = await setStatus(eve, ids['Life other']!, 'archived');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Status must be draft, published, verified or deprecated');
    expect((await request(eve, 'GET', '/api/prompts?status=archived')).statusCode).toBe(400);
    const audit = body<{ items: Array<{ action: string; summary: string }> }>(
      await request(admin, 'GET', '/api/admin/audit?action=prompt.status_changed&limit=100'),
    );
    expect(audit.items.length).toBeGreaterThanOrEqual(8);
    expect(audit.items.map((e) => e.summary)).toContain('Verified again: prompt “Life published”');
    const curators = body<{ items: unknown[] }>(await request(admin, 'GET', '/api/admin/audit?action=user.curator_units_changed'));
    expect(curators.items).toHaveLength(2);
  });
});

describe('units that change', () => {
  it('carry a renamed unit to its curators and to drafts shared with it', async () => {
    const draft = await create(eve, 'Life unit draft', { status: 'draft', visibility: 'units', units: ['Sales'] });
    const units = body<Array<{ id: string; name: string }>>(await request(admin, 'GET', '/api/business-units'));
    const sales = units.find((u) => u.name === 'Sales')!;
    expect((await request(admin, 'PUT', `/api/admin/business-units/${sales.id}`, { name: 'Sales EMEA' })).statusCode).toBe(200);
    expect((await detail(eve, draft.id)).units).toEqual(['Sales EMEA']);
    const me = body<{ curatorUnits: string[] }>(await request(rita, 'GET', '/api/user'));
    expect(me.curatorUnits).toEqual(['Sales EMEA']);
  });
});
