import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Collection, collectionListSchema, collectionSchema } from '../../../shared/schemas/collections';
import { promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Collections through the API: who may see and change them, what they hold for each viewer, their
// order and its rules, stars, limits and messages. Their lists (GET /api/prompts?collection=) are
// tested in collections.list.test.ts.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal
let otto: TestUser; // editor, Sales
let rita: TestUser; // read-only, Engineering
let lena: TestUser; // read-only, Legal
type Key = 'orgA' | 'orgB' | 'orgC' | 'evePrivate' | 'ottoPrivate' | 'kit' | 'legal' | 'cEve' | 'cOtto';
const ids = {} as Record<Key, string>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
async function ok<T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(u, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? body(res) : undefined) as T;
}
const createPrompt = async (u: TestUser, title: string, extra: Record<string, unknown> = {}) =>
  promptSchema.parse(
    await ok(
      u,
      'POST',
      '/api/prompts',
      { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags: ['kit'], visibility: 'organization', ...extra },
      201,
    ),
  ).id;
const createCollection = async (u: TestUser, payload: Record<string, unknown>) => collectionSchema.parse(await ok(u, 'POST', '/api/collections', payload, 201));
const names = async (u: TestUser) => collectionListSchema.parse(await ok(u, 'GET', '/api/collections')).items.map((c) => c.name);
const titlesIn = async (u: TestUser, id: string, qs = '') => {
  const page = promptListResponseSchema.parse(await ok(u, 'GET', `/api/prompts?collection=${id}&limit=100${qs}`));
  return page.items.map((i) => i.title);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  lena = await t.userWithRole('read', { firstName: 'Lena', lastName: 'Legal', businessUnit: 'Legal' });
  ids.orgA = await createPrompt(eve, 'Alpha');
  ids.orgB = await createPrompt(eve, 'Bravo');
  ids.orgC = await createPrompt(otto, 'Charlie');
  ids.evePrivate = await createPrompt(eve, 'Eve secret', { visibility: 'private' });
  ids.ottoPrivate = await createPrompt(otto, 'Otto secret', { visibility: 'private' });
});
afterAll(() => t.close());

describe('creating and reading collections', () => {
  it('lets editors and admins create, with their defaults and owner; read members are refused', async () => {
    const kit = await createCollection(eve, { name: '  Onboarding kit ', description: '# Welcome\nRead these first.' });
    expect(kit).toMatchObject({
      name: 'Onboarding kit',
      description: '# Welcome\nRead these first.',
      owner: { id: eve.user.id, firstName: 'Eve', lastName: 'Editor' },
      coOwnerIds: [],
      isStarred: false,
      itemCount: 0,
      canEdit: true,
    });
    ids.kit = kit.id;
    const refused = await call(rita, 'POST', '/api/collections', { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 'forbidden', message: 'Read-only members cannot create or change collections' });
    expect((await createCollection(admin, { name: 'Admin picks' })).owner.id).toBe(admin.user.id);
  });

  it('checks names, descriptions, units and co-owners with clear messages', async () => {
    const bad = async (payload: Record<string, unknown>, field: string, message: string | RegExp) => {
      const res = await call(eve, 'POST', '/api/collections', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body<{ errors: Record<string, string> }>(res).errors[field]).toMatch(message);
    };
    await bad({ name: '   ' }, 'name', 'Name is required');
    await bad({ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters');
    await bad({ name: 'Long', description: 'x'.repeat(10_001) }, 'description', 'Description must be at most 10000 characters');
    await bad({ name: 'Units', visibility: 'organization', units: ['Legal'] }, 'units', 'Business units are only given with units visibility');
    await bad({ name: 'Units', visibility: 'units', units: ['Nowhere'] }, 'units', 'Unknown business unit: Nowhere');
    await bad({ name: 'Co', coOwnerIds: [rita.user.id] }, 'coOwnerIds', /read-only/);
    await bad({ name: 'Co', coOwnerIds: [eve.user.id] }, 'coOwnerIds', 'The owner cannot also be a co-owner');
    await bad({ name: 'Co', coOwnerIds: Array.from({ length: 21 }, () => crypto.randomUUID()) }, 'coOwnerIds', 'At most 20 co-owners');
  });

  it('answers 409 for a name the owner already uses, in any case; another owner may use it', async () => {
    const res = await call(eve, 'POST', '/api/collections', { name: 'ONBOARDING KIT' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'collection_name_taken', message: 'You already have a collection named “ONBOARDING KIT”' });
    await createCollection(otto, { name: 'Onboarding kit', visibility: 'private' });
  });

  it('shows each member exactly the collections their visibility allows, and 404s the others everywhere', async () => {
    ids.legal = (await createCollection(eve, { name: 'Legal desk', visibility: 'units' })).id;
    ids.cEve = (await createCollection(eve, { name: 'Eve drafts', visibility: 'private', coOwnerIds: [otto.user.id] })).id;
    ids.cOtto = (await createCollection(otto, { name: 'Otto drafts', visibility: 'private' })).id;
    expect((await createCollection(eve, { name: 'Sales desk', visibility: 'units', units: ['sales'] })).units).toEqual(['Sales']);

    expect(await names(lena)).toEqual(['Admin picks', 'Legal desk', 'Onboarding kit']);
    expect(await names(rita)).toEqual(['Admin picks', 'Onboarding kit']);
    expect(await names(otto)).toEqual(['Admin picks', 'Eve drafts', 'Onboarding kit', 'Onboarding kit', 'Otto drafts', 'Sales desk']);
    expect((await names(admin)).length).toBe(7);

    for (const [method, url] of [
      ['GET', `/api/collections/${ids.cOtto}`],
      ['PUT', `/api/collections/${ids.cOtto}/star`],
      ['GET', `/api/prompts?collection=${ids.cOtto}`],
      ['GET', `/api/prompts/my?collection=${ids.cOtto}`],
      ['GET', `/api/filter/counts?collection=${ids.cOtto}`],
      ['GET', `/api/collections/${crypto.randomUUID()}`],
      ['GET', `/api/prompts?collection=${crypto.randomUUID()}`],
    ] as const) {
      const res = await call(lena, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(body(res)).toMatchObject({ code: 'collection_not_found', message: 'Collection not found' });
    }
    for (const [method, url, payload] of [
      ['PUT', `/api/collections/${ids.cOtto}`, { name: 'Mine now' }],
      ['DELETE', `/api/collections/${ids.cOtto}`],
      ['POST', `/api/collections/${ids.cOtto}/items`, { promptId: ids.orgA }],
      ['PUT', `/api/collections/${ids.cOtto}/items`, { promptIds: [] }],
      ['DELETE', `/api/collections/${ids.cOtto}/items/${ids.orgA}`],
    ] as const) {
      const res = await call(eve, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(body(res)).toMatchObject({ code: 'collection_not_found' });
    }
  });
});

describe('changing collections', () => {
  it('lets the owner, a co-owner and an admin change it (partially), others see it read-only', async () => {
    const byCoOwner = collectionSchema.parse(await ok(otto, 'PUT', `/api/collections/${ids.cEve}`, { description: 'Shared drafts' }));
    expect(byCoOwner).toMatchObject({ name: 'Eve drafts', description: 'Shared drafts', visibility: 'private', canEdit: true });
    const byAdmin = collectionSchema.parse(await ok(admin, 'PUT', `/api/collections/${ids.kit}`, { name: 'Onboarding kit 2026' }));
    expect(byAdmin.description).toBe('# Welcome\nRead these first.');
    const seen = collectionSchema.parse(await ok(otto, 'GET', `/api/collections/${ids.kit}`));
    expect(seen.canEdit).toBe(false);
    const refused = await call(otto, 'PUT', `/api/collections/${ids.kit}`, { name: 'Taken over' });
    expect(refused.statusCode).toBe(403);
    expect((await call(lena, 'PUT', `/api/collections/${ids.kit}`, { name: 'Read' })).statusCode).toBe(403);
    const clash = await call(eve, 'PUT', `/api/collections/${ids.kit}`, { name: 'legal DESK' });
    expect([clash.statusCode, body(clash).code]).toEqual([409, 'collection_name_taken']);
  });

  it('records create, update with the old and new visibility, and delete in the audit log', async () => {
    await ok(eve, 'PUT', `/api/collections/${ids.legal}`, { visibility: 'organization' });
    const events = body<{ items: Array<{ action: string; targetId: string; before: unknown; after: unknown }> }>(
      await call(admin, 'GET', `/api/admin/audit?limit=50`),
    ).items.filter((e) => e.targetId === ids.legal);
    expect(events.map((e) => e.action)).toEqual(['collection.updated', 'collection.created']);
    expect(events[0]).toMatchObject({ before: { visibility: 'units', units: ['Legal'] }, after: { visibility: 'organization', units: [] } });
    const gone = await createCollection(eve, { name: 'Short lived' });
    await ok(eve, 'DELETE', `/api/collections/${gone.id}`, undefined, 204);
    const [deleted] = body<{ items: Array<{ action: string; targetId: string; summary: string }> }>(
      await call(admin, 'GET', '/api/admin/audit?action=collection.deleted&limit=1'),
    ).items;
    expect(deleted).toMatchObject({ targetId: gone.id, summary: 'Deleted collection “Short lived” (0 prompts)' });
    expect((await call(eve, 'GET', `/api/collections/${gone.id}`)).statusCode).toBe(404);
  });
});

describe('items', () => {
  it('appends prompts the caller sees, idempotently, and 404s prompts they cannot see', async () => {
    expect((await call(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgB })).statusCode).toBe(201);
    await ok(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgA }, 201);
    await ok(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.evePrivate }, 201);
    const again = collectionSchema.parse(await ok(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgB }, 200));
    expect(again.itemCount).toBe(3);
    const hidden = await call(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.ottoPrivate });
    expect([hidden.statusCode, body(hidden).code]).toEqual([404, 'prompt_not_found']);
    const unknown = await call(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: crypto.randomUUID() });
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 'prompt_not_found']);
    expect((await call(rita, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgA })).statusCode).toBe(403);
    expect((await call(otto, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgC })).statusCode).toBe(403);
    // An admin adds a prompt Eve cannot see: it is in the collection, hidden from her.
    await ok(admin, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.ottoPrivate }, 201);
    await ok(admin, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgC }, 201);
  });

  it('shows each viewer only the prompts they may see, in the collection’s order, and counts those', async () => {
    expect(await titlesIn(eve, ids.kit)).toEqual(['Bravo', 'Alpha', 'Eve secret', 'Charlie']);
    expect(await titlesIn(otto, ids.kit)).toEqual(['Bravo', 'Alpha', 'Otto secret', 'Charlie']);
    expect(await titlesIn(rita, ids.kit)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(await titlesIn(admin, ids.kit)).toEqual(['Bravo', 'Alpha', 'Eve secret', 'Otto secret', 'Charlie']);
    const count = async (u: TestUser) =>
      (collectionListSchema.parse(await ok(u, 'GET', '/api/collections')).items.find((c) => c.id === ids.kit) as Collection).itemCount;
    expect([await count(eve), await count(rita), await count(admin)]).toEqual([4, 3, 5]);
  });

  it('reorders the visible items and keeps the hidden ones in their places', async () => {
    const reordered = collectionSchema.parse(
      await ok(eve, 'PUT', `/api/collections/${ids.kit}/items`, { promptIds: [ids.orgC, ids.evePrivate, ids.orgB, ids.orgA] }),
    );
    expect(reordered.itemCount).toBe(4);
    // Otto secret was 4th of 5 and stays 4th.
    expect(await titlesIn(admin, ids.kit)).toEqual(['Charlie', 'Eve secret', 'Bravo', 'Otto secret', 'Alpha']);
    expect(await titlesIn(eve, ids.kit)).toEqual(['Charlie', 'Eve secret', 'Bravo', 'Alpha']);
  });

  it('refuses an order that is not a permutation of the visible items, naming the problem and nothing hidden', async () => {
    const refused = async (promptIds: string[], problem: string) => {
      const res = await call(eve, 'PUT', `/api/collections/${ids.kit}/items`, { promptIds });
      expect(res.statusCode, res.body).toBe(400);
      expect(body<{ errors: { promptIds: string } }>(res).errors.promptIds).toBe(problem);
      expect(res.body).not.toContain('Otto secret');
    };
    await refused([ids.orgC, ids.evePrivate, ids.orgB], `Missing from the new order: ${ids.orgA}`);
    await refused([ids.orgC, ids.evePrivate, ids.orgB, ids.orgA, ids.orgA], `Listed more than once: ${ids.orgA}`);
    // A hidden member of the collection reads exactly like a prompt that is not in it.
    await refused([ids.orgC, ids.evePrivate, ids.orgB, ids.orgA, ids.ottoPrivate], `Not in this collection: ${ids.ottoPrivate}`);
    const unknown = crypto.randomUUID();
    await refused([ids.orgC, ids.evePrivate, ids.orgB, ids.orgA, unknown], `Not in this collection: ${unknown}`);
  });

  it('removes prompts the caller sees (idempotently), and never one hidden from them', async () => {
    const hidden = await call(eve, 'DELETE', `/api/collections/${ids.kit}/items/${ids.ottoPrivate}`);
    expect([hidden.statusCode, body(hidden).code]).toEqual([404, 'prompt_not_found']);
    await ok(eve, 'DELETE', `/api/collections/${ids.kit}/items/${ids.orgB}`, undefined, 204);
    await ok(eve, 'DELETE', `/api/collections/${ids.kit}/items/${ids.orgB}`, undefined, 204);
    expect(await titlesIn(admin, ids.kit)).toEqual(['Charlie', 'Eve secret', 'Otto secret', 'Alpha']);
    // Appended after the last, whatever gaps removals left.
    await ok(eve, 'POST', `/api/collections/${ids.kit}/items`, { promptId: ids.orgB }, 201);
    expect(await titlesIn(admin, ids.kit)).toEqual(['Charlie', 'Eve secret', 'Otto secret', 'Alpha', 'Bravo']);
  });

  it('holds at most 1,000 prompts, with a clear message', async () => {
    const full = await createCollection(admin, { name: 'Full', visibility: 'private' });
    const values = Array.from({ length: 1000 }, (_, i) => `('${full.id}'::uuid, '${ids.orgA}'::uuid, ${i})`);
    // Rows straight into the table: creating 1,000 prompts through the API would take the test's whole time.
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql.raw(`alter table collection_items drop constraint collection_items_collection_id_prompt_id_pk`));
    await t.db.execute(sql.raw(`insert into collection_items (collection_id, prompt_id, position) values ${values.join(', ')}`));
    const res = await call(admin, 'POST', `/api/collections/${full.id}/items`, { promptId: ids.orgB });
    await t.db.execute(sql.raw(`delete from collection_items where collection_id = '${full.id}'`));
    await t.db.execute(
      sql.raw(`alter table collection_items add constraint collection_items_collection_id_prompt_id_pk primary key (collection_id, prompt_id)`),
    );
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'collection_full', message: 'A collection holds at most 1000 prompts' });
  });
});

describe('stars', () => {
  it('are per member, idempotent, and put starred collections first', async () => {
    expect(await names(rita)).toEqual(['Admin picks', 'Legal desk', 'Onboarding kit 2026']);
    const starred = collectionSchema.parse(await ok(rita, 'PUT', `/api/collections/${ids.kit}/star`));
    expect(starred.isStarred).toBe(true);
    await ok(rita, 'PUT', `/api/collections/${ids.kit}/star`);
    expect(await names(rita)).toEqual(['Onboarding kit 2026', 'Admin picks', 'Legal desk']);
    expect(collectionSchema.parse(await ok(lena, 'GET', `/api/collections/${ids.kit}`)).isStarred).toBe(false);
    expect(collectionSchema.parse(await ok(rita, 'DELETE', `/api/collections/${ids.kit}/star`)).isStarred).toBe(false);
    expect(await names(rita)).toEqual(['Admin picks', 'Legal desk', 'Onboarding kit 2026']);
  });
});
