import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../shared/schemas/collections';
import { type PromptOwners, promptOwnersSchema } from '../../../shared/schemas/owners';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// A collection's owner and co-owners: who may read and change them, transfers, their refusals, and what
// a co-owner or a new owner may then do.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, owns the collections
let otto: TestUser; // editor, another unit
let rita: TestUser; // read-only
let cora: TestUser; // editor

const call = (u: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const owners = async (u: TestUser, id: string): Promise<PromptOwners> => {
  const res = await call(u, 'GET', `/api/collections/${id}/owners`);
  expect(res.statusCode, res.body).toBe(200);
  return promptOwnersSchema.parse(body(res));
};
const setOwners = (u: TestUser, id: string, ownerId: string, coOwnerIds: string[]) => call(u, 'PUT', `/api/collections/${id}/owners`, { ownerId, coOwnerIds });
const create = async (name: string, extra: Record<string, unknown> = {}, u = eve) => {
  const res = await call(u, 'POST', '/api/collections', { name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return collectionSchema.parse(body(res)).id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  cora = await t.userWithRole('edit', { firstName: 'Cora', lastName: 'Colleague', businessUnit: 'Support' });
});
afterAll(() => t.close());

describe('reading a collection’s owners', () => {
  it('names them to anyone who sees the collection, and says what the viewer may change', async () => {
    const id = await create('Kit to read', { coOwnerIds: [cora.user.id] });
    expect(await owners(eve, id)).toMatchObject({
      owner: { id: eve.user.id, email: eve.user.email },
      coOwners: [{ id: cora.user.id, firstName: 'Cora' }],
      canChangeCoOwners: true,
      canTransfer: true,
    });
    expect(await owners(cora, id)).toMatchObject({ canChangeCoOwners: true, canTransfer: false });
    expect(await owners(rita, id)).toMatchObject({ canChangeCoOwners: false, canTransfer: false });
    expect(await owners(admin, id)).toMatchObject({ canChangeCoOwners: true, canTransfer: true });
  });

  it('answers 404 for a collection the viewer cannot see, on reading and on changing', async () => {
    const id = await create('Private kit', { visibility: 'private' });
    for (const res of [await call(otto, 'GET', `/api/collections/${id}/owners`), await setOwners(otto, id, otto.user.id, [])]) {
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 'collection_not_found' });
    }
  });
});

describe('changing a collection’s owners', () => {
  it('lets a co-owner change the co-owners but not give the collection away', async () => {
    const id = await create('Shared kit', { coOwnerIds: [cora.user.id] });
    const res = await setOwners(cora, id, eve.user.id, [cora.user.id, otto.user.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(promptOwnersSchema.parse(body(res)).coOwners.map((p) => p.id)).toEqual([cora.user.id, otto.user.id]);
    const transfer = await setOwners(cora, id, cora.user.id, []);
    expect(transfer.statusCode).toBe(403);
    expect(body(transfer)).toMatchObject({ message: 'Only the owner or an administrator can transfer ownership' });
    // Someone who only sees it may change nothing; a read member is refused before anything is read.
    expect((await setOwners(rita, id, eve.user.id, [])).statusCode).toBe(403);
    const adminCreated = await create('Admin’s kit', {}, admin);
    expect((await setOwners(otto, adminCreated, admin.user.id, [otto.user.id])).statusCode).toBe(403);
  });

  it('transfers to another editor: the new owner may change it, and a private one leaves the giver', async () => {
    const id = await create('Given kit', { visibility: 'private' });
    const res = await setOwners(eve, id, otto.user.id, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(promptOwnersSchema.parse(body(res))).toMatchObject({ owner: { id: otto.user.id }, coOwners: [] });
    expect((await call(eve, 'GET', `/api/collections/${id}`)).statusCode).toBe(404);
    const renamed = await call(otto, 'PUT', `/api/collections/${id}`, { name: 'Otto’s kit' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const audit = await call(admin, 'GET', `/api/admin/audit?action=collection.owners_changed`);
    expect(audit.body).toContain(`Transferred to ${otto.user.email} of collection “Given kit”`);
  });

  it('refuses unknown people, read members, the owner as a co-owner, and a name the new owner already uses', async () => {
    const id = await create('Contract review');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: Array<[string, string[], string, string]> = [
      [unknown, [], 'ownerId', 'Unknown user'],
      [rita.user.id, [], 'ownerId', 'Read-only members cannot own collections'],
      [eve.user.id, [rita.user.id], 'coOwnerIds', 'Read-only members cannot co-own collections'],
      [eve.user.id, [eve.user.id], 'coOwnerIds', 'The owner cannot also be a co-owner'],
      [eve.user.id, [unknown], 'coOwnerIds', `Unknown user: ${unknown}`],
    ];
    for (const [ownerId, coOwnerIds, field, message] of cases) {
      const res = await setOwners(eve, id, ownerId, coOwnerIds);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject({ errors: { [field]: message } });
    }
    const tooMany = await setOwners(
      eve,
      id,
      eve.user.id,
      Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany)).toMatchObject({ errors: { coOwnerIds: 'At most 20 co-owners' } });
    await create('contract REVIEW', {}, otto);
    const clash = await setOwners(eve, id, otto.user.id, []);
    expect(clash.statusCode).toBe(409);
    expect(body(clash)).toMatchObject({ code: 'collection_name_taken', message: 'The new owner already has a collection named “Contract review”' });
    expect(await owners(eve, id)).toMatchObject({ owner: { id: eve.user.id } });
  });
});
