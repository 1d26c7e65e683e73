import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CO_OWNERS, OWNER_MESSAGES, type PromptOwners, promptOwnersSchema, writerSearchResponseSchema } from '../../../shared/schemas/owners';
import { promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Owners and co-owners: who may read and change them, what a co-owner may then do, transfers, and what
// deleting a member does to their co-ownerships.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal: owns the prompts
let otto: TestUser; // editor, Sales
let rita: TestUser; // read-only
let cora: TestUser; // editor, Support

const call = (u: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const owners = async (u: TestUser, id: string): Promise<PromptOwners> => {
  const res = await call(u, 'GET', `/api/prompts/${id}/owners`);
  expect(res.statusCode, res.body).toBe(200);
  return promptOwnersSchema.parse(body(res));
};
const setOwners = (u: TestUser, id: string, ownerId: string, coOwnerIds: string[]) => call(u, 'PUT', `/api/prompts/${id}/owners`, { ownerId, coOwnerIds });
const create = async (title: string, extra: Record<string, unknown> = {}, u = eve) => {
  const res = await call(u, 'POST', '/api/prompts', { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags: [`tag-${title}`], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return promptSchema.parse(body(res)).id;
};
const titles = async (u: TestUser, url: string) => {
  const res = await call(u, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return promptListResponseSchema
    .parse(JSON.parse(res.body))
    .items.map((i) => i.title)
    .sort();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  cora = await t.userWithRole('edit', { firstName: 'Cora', lastName: 'Colleague', businessUnit: 'Support' });
});
afterAll(() => t.close());

describe('reading owners', () => {
  it('names the owner and co-owners to anyone who sees the prompt, and says what the viewer may change', async () => {
    const id = await create('Team prompt');
    expect(await owners(eve, id)).toMatchObject({ owner: { id: eve.user.id, firstName: 'Eve' }, coOwners: [], canChangeCoOwners: true, canTransfer: true });
    expect(await owners(rita, id)).toMatchObject({ canChangeCoOwners: false, canTransfer: false });
    expect(await owners(admin, id)).toMatchObject({ canChangeCoOwners: true, canTransfer: true });
  });

  it('answers 404 for a prompt the viewer cannot see, as for one that does not exist', async () => {
    const id = await create('Owner secret', { visibility: 'private' });
    const res = await call(otto, 'GET', `/api/prompts/${id}/owners`);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'prompt_not_found' });
    expect((await call(otto, 'PUT', `/api/prompts/${id}/owners`, { ownerId: otto.user.id, coOwnerIds: [] })).statusCode).toBe(404);
  });
});

describe('co-owners', () => {
  it('see a private prompt, edit it, and find it in My Prompts under “I co-own”', async () => {
    const id = await create('Shared draft', { visibility: 'private' });
    expect((await call(otto, 'GET', `/api/prompts/${id}`)).statusCode).toBe(404);
    const res = await setOwners(eve, id, eve.user.id, [otto.user.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(promptOwnersSchema.parse(body(res)).coOwners.map((p) => p.firstName)).toEqual(['Otto']);

    const seen = promptSchema.parse(body(await call(otto, 'GET', `/api/prompts/${id}`)));
    expect(seen.canEdit).toBe(true);
    const edit = await call(otto, 'PUT', `/api/prompts/${id}`, {
      title: 'Shared draft',
      content: 'Edited by a co-owner',
      aiModels: ['ChatGPT'],
      tags: ['tag-Shared draft'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await titles(otto, '/api/prompts/my?limit=200')).toContain('Shared draft');
    expect(await titles(otto, '/api/prompts/my?limit=200&ownership=coOwned')).toEqual(['Shared draft']);
    expect(await titles(otto, '/api/prompts/my?limit=200&ownership=owned')).not.toContain('Shared draft');
    expect(await titles(otto, '/api/prompts?limit=200&ownership=coOwned')).toEqual(['Shared draft']);
    expect(await titles(eve, '/api/prompts/my?limit=200&ownership=owned')).toContain('Shared draft');
    expect(await titles(eve, '/api/prompts/my?limit=200&ownership=coOwned')).not.toContain('Shared draft');
  });

  it('count in the sidebar of My Prompts, and the ownership filter narrows the counts', async () => {
    const counts = async (qs: string) => {
      const res = await call(otto, 'GET', `/api/filter/counts?scope=my&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return (body(res) as { tags: Array<{ value: string }> }).tags.map((v) => v.value);
    };
    expect(await counts('')).toContain('tag-Shared draft');
    expect(await counts('ownership=owned')).not.toContain('tag-Shared draft');
  });

  it('may change the co-owners but not transfer the prompt', async () => {
    const id = await create('Co-owned', {});
    expect((await setOwners(eve, id, eve.user.id, [otto.user.id])).statusCode).toBe(200);
    const add = await setOwners(otto, id, eve.user.id, [otto.user.id, cora.user.id]);
    expect(add.statusCode, add.body).toBe(200);
    const transfer = await setOwners(otto, id, otto.user.id, []);
    expect(transfer.statusCode).toBe(403);
    expect(body(transfer)).toMatchObject({ message: OWNER_MESSAGES.transferDenied });
    expect((await owners(eve, id)).owner.id).toBe(eve.user.id);
  });

  it('refuses members who are not owners, read members, and bad lists, naming the field', async () => {
    const id = await create('Guarded');
    const asOther = await setOwners(otto, id, eve.user.id, [otto.user.id]);
    expect([asOther.statusCode, body(asOther)]).toEqual([403, expect.objectContaining({ message: 'You can only change your own prompts' })]);
    expect((await setOwners(rita, id, eve.user.id, [])).statusCode).toBe(403);

    const refused = async (payload: unknown, field: string, message: string | RegExp) => {
      const res = await call(eve, 'PUT', `/api/prompts/${id}/owners`, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect((body(res) as { errors: Record<string, string> }).errors[field]).toMatch(message);
    };
    await refused({ ownerId: eve.user.id, coOwnerIds: [rita.user.id] }, 'coOwnerIds', OWNER_MESSAGES.readMember);
    await refused({ ownerId: rita.user.id, coOwnerIds: [] }, 'ownerId', OWNER_MESSAGES.readMember);
    await refused({ ownerId: eve.user.id, coOwnerIds: ['00000000-0000-4000-8000-000000000000'] }, 'coOwnerIds', /^Unknown user/);
    await refused({ ownerId: eve.user.id, coOwnerIds: [eve.user.id] }, 'coOwnerIds', OWNER_MESSAGES.ownerIsCoOwner);
    await refused({ ownerId: eve.user.id, coOwnerIds: ['not-an-id'] }, 'coOwnerIds.0', OWNER_MESSAGES.unknownUser);
    const many = Array.from({ length: MAX_CO_OWNERS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await refused({ ownerId: eve.user.id, coOwnerIds: many }, 'coOwnerIds', OWNER_MESSAGES.tooMany);
    expect((await owners(eve, id)).coOwners).toEqual([]);
  });
});

describe('transferring ownership', () => {
  it('gives the prompt to another writer; the old owner keeps only what its visibility gives', async () => {
    const id = await create('Handover', { visibility: 'private' });
    const res = await setOwners(eve, id, otto.user.id, []);
    expect(res.statusCode, res.body).toBe(200);
    const prompt = promptSchema.parse(body(await call(otto, 'GET', `/api/prompts/${id}`)));
    expect([prompt.userId, prompt.user.firstName, prompt.canEdit]).toEqual([otto.user.id, 'Otto', true]);
    expect((await call(eve, 'GET', `/api/prompts/${id}`)).statusCode).toBe(404);
    expect(await titles(otto, '/api/prompts?limit=200&sort=author&search=Handover')).toEqual(['Handover']);
  });

  it('keeps the old owner as a co-owner when asked, and an admin may transfer anything', async () => {
    const id = await create('Keep me close', { visibility: 'private' });
    expect((await setOwners(eve, id, cora.user.id, [eve.user.id])).statusCode).toBe(200);
    expect((await call(eve, 'GET', `/api/prompts/${id}`)).statusCode).toBe(200);
    const byAdmin = await setOwners(admin, id, eve.user.id, []);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await owners(admin, id)).owner.id).toBe(eve.user.id);
  });

  it('refuses a title the new owner already has, and changes nothing', async () => {
    await create('Same name', {}, otto);
    const id = await create('Same name');
    const res = await setOwners(eve, id, otto.user.id, []);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'duplicate_title', message: 'The new owner already has a prompt with this title' });
    expect((await owners(eve, id)).owner.id).toBe(eve.user.id);
  });

  it('is an audit event with the old and new owners', async () => {
    const id = await create('Audited handover');
    expect((await setOwners(eve, id, otto.user.id, [eve.user.id])).statusCode).toBe(200);
    const res = await call(admin, 'GET', '/api/admin/audit?action=prompt.owners_changed&limit=1');
    const [event] = (body(res) as { items: Array<Record<string, unknown>> }).items;
    expect(event).toMatchObject({
      summary: `Transferred to ${otto.user.email} and changed the co-owners of prompt “Audited handover”`,
      before: { owner: eve.user.email, coOwners: [] },
      after: { owner: otto.user.email, coOwners: [eve.user.email] },
    });
  });
});

describe('people and prompts that come and go', () => {
  it('drops a deleted member’s co-ownerships, also of prompts waiting in the trash', async () => {
    const temp = await t.userWithRole('edit', { firstName: 'Tess', lastName: 'Temporary', businessUnit: 'Sales' });
    const live = await create('Live with Tess');
    const trashed = await create('Trashed with Tess');
    for (const id of [live, trashed]) expect((await setOwners(eve, id, eve.user.id, [temp.user.id, otto.user.id])).statusCode).toBe(200);
    expect((await call(eve, 'DELETE', `/api/prompts/${trashed}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/admin/users/${temp.user.id}`)).statusCode).toBe(200);
    expect((await owners(eve, live)).coOwners.map((p) => p.id)).toEqual([otto.user.id]);
    expect((await call(eve, 'POST', `/api/trash/${trashed}/restore`, {})).statusCode).toBeLessThan(300);
    expect((await owners(eve, trashed)).coOwners.map((p) => p.id)).toEqual([otto.user.id]);
  });

  it('keeps owners across a version restore', async () => {
    const id = await create('Versioned');
    await call(eve, 'PUT', `/api/prompts/${id}`, { title: 'Versioned', content: 'Second text', aiModels: ['ChatGPT'], tags: ['second'] });
    expect((await setOwners(eve, id, eve.user.id, [otto.user.id])).statusCode).toBe(200);
    expect((await call(eve, 'POST', `/api/prompts/${id}/versions/1/restore`, {})).statusCode).toBe(200);
    expect((await owners(eve, id)).coOwners.map((p) => p.id)).toEqual([otto.user.id]);
  });
});

describe('finding writers', () => {
  it('offers edit and admin members by name or email, never read members', async () => {
    const res = await call(eve, 'GET', '/api/prompt-writers?search=o');
    expect(res.statusCode, res.body).toBe(200);
    const names = writerSearchResponseSchema.parse(body(res)).items.map((p) => p.firstName);
    expect(names).toEqual(expect.arrayContaining(['Otto', 'Cora']));
    expect(names).not.toContain('Rita');
    const byEmail = writerSearchResponseSchema.parse(body(await call(eve, 'GET', `/api/prompt-writers?search=${encodeURIComponent(otto.user.email)}`)));
    expect(byEmail.items.map((p) => p.id)).toEqual([otto.user.id]);
    expect((await call(rita, 'GET', '/api/prompt-writers?search=o')).statusCode).toBe(403);
  });
});
