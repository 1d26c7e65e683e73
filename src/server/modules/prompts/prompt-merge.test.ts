import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_MESSAGES, promptMergeResultSchema } from '../../../shared/schemas/merge';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Merging near-copies: favourites, uses and places in collections move to the prompt kept, the others go
// to the trash, their ids lead to the prompt kept until the trash is emptied, and only those who may edit
// every prompt involved may do it.

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal: owns the copies
let otto: TestUser; // editor, Sales
let rita: TestUser; // read member
const ids: Record<string, string> = {};

const call = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u?.auth ?? {}, ...(payload === undefined ? {} : { payload }) });
const ok = async (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
  const res = await call(u, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};
async function create(u: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const res = await ok(u, 'POST', '/api/prompts', {
    title,
    content: `Summarize the customer call for ${title}.`,
    aiModels: ['ChatGPT'],
    tags: ['calls'],
    ...extra,
  });
  ids[title] = body<{ id: string }>(res).id;
}
const merge = (u: TestUser, keep: string, merged: string[]) =>
  call(u, 'POST', '/api/prompts/merge', { keepId: ids[keep], mergeIds: merged.map((m) => ids[m]) });
const favourites = async (u: TestUser) =>
  body<{ items: Array<{ title: string }> }>(await ok(u, 'GET', '/api/prompts?favorites=true')).items.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  for (const title of ['Call summary', 'Call summary copy', 'Call summary v2', 'Later home']) await create(eve, title);
  await create(eve, 'Private home', { visibility: 'private' });
  await create(eve, 'Private copy', { visibility: 'private' });
  await create(otto, 'Otto call summary');
  await ok(otto, 'PUT', `/api/prompts/${ids['Call summary']}/favorite`);
  await ok(otto, 'PUT', `/api/prompts/${ids['Call summary copy']}/favorite`);
  await ok(rita, 'PUT', `/api/prompts/${ids['Call summary v2']}/favorite`);
  for (const u of [otto, otto, rita]) await ok(u, 'POST', `/api/prompts/${ids['Call summary copy']}/uses`, { kind: 'copy' });
  await ok(rita, 'POST', `/api/prompts/${ids['Call summary']}/uses`, { kind: 'copy' });
  const collection = body<{ id: string }>(await ok(otto, 'POST', '/api/collections', { name: 'Calls', visibility: 'organization' })).id;
  ids.collection = collection;
  await ok(otto, 'POST', `/api/collections/${collection}/items`, { promptId: ids['Call summary v2'] });
});
afterAll(() => t.close());

describe('merging near-copies', () => {
  it('moves favourites, uses and places in collections to the prompt kept, and trashes the others', async () => {
    const res = await merge(eve, 'Call summary', ['Call summary copy', 'Call summary v2']);
    expect(res.statusCode, res.body).toBe(200);
    expect(promptMergeResultSchema.parse(res.json())).toEqual({
      keptId: ids['Call summary'],
      merged: [
        { id: ids['Call summary copy'], title: 'Call summary copy' },
        { id: ids['Call summary v2'], title: 'Call summary v2' },
      ],
    });
    expect(await favourites(otto)).toEqual(['Call summary']);
    expect(await favourites(rita)).toEqual(['Call summary']);
    const kept = body<{ useCount: number }>(await ok(rita, 'GET', `/api/prompts/${ids['Call summary']}`));
    expect(kept.useCount).toBe(4);
    const inCollection = body<{ items: Array<{ title: string }> }>(await ok(otto, 'GET', `/api/prompts?collection=${ids.collection}`)).items;
    expect(inCollection.map((p) => p.title)).toEqual(['Call summary']);
    const trash = body<{ items: Array<{ title: string }> }>(await ok(eve, 'GET', '/api/trash')).items.map((p) => p.title);
    expect(trash).toEqual(expect.arrayContaining(['Call summary copy', 'Call summary v2']));
    const events = body<{ items: Array<{ action: string; summary: string }> }>(await ok(admin, 'GET', '/api/admin/audit?action=prompt.merged')).items;
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Merged “Call summary copy”, “Call summary v2” into “Call summary”');
  });

  it('answers a merged prompt’s id with the prompt kept (301), until it is restored or the trash is emptied', async () => {
    const old = await call(otto, 'GET', `/api/prompts/${ids['Call summary copy']}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/prompts/${ids['Call summary']}`);
    expect((await call(null, 'GET', `/api/prompts/${ids['Call summary copy']}`)).statusCode).toBe(401);
    // A later merge of the prompt kept: the old id follows it.
    expect((await merge(eve, 'Later home', ['Call summary'])).statusCode).toBe(200);
    expect((await call(otto, 'GET', `/api/prompts/${ids['Call summary copy']}`)).headers.location).toBe(`/api/prompts/${ids['Later home']}`);
    await ok(eve, 'POST', `/api/trash/${ids['Call summary v2']}/restore`, {});
    expect((await call(otto, 'GET', `/api/prompts/${ids['Call summary v2']}`)).statusCode).toBe(200);
    await ok(admin, 'DELETE', `/api/trash/${ids['Call summary copy']}`);
    expect((await call(otto, 'GET', `/api/prompts/${ids['Call summary copy']}`)).statusCode).toBe(404);
  });

  it('leads to the prompt kept only those who may see it', async () => {
    expect((await merge(eve, 'Private home', ['Private copy'])).statusCode).toBe(200);
    expect((await call(otto, 'GET', `/api/prompts/${ids['Private copy']}`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/api/prompts/${ids['Private copy']}`)).statusCode).toBe(301);
  });

  it('is for administrators and those who may edit every prompt involved, and refuses bad input by name', async () => {
    await create(eve, 'Another copy');
    const notAllMine = await merge(eve, 'Another copy', ['Otto call summary']);
    expect(notAllMine.statusCode).toBe(403);
    expect(body(notAllMine).message).toBe(MERGE_MESSAGES.forbidden);
    expect((await merge(rita, 'Another copy', ['Later home'])).statusCode).toBe(403);
    expect((await merge(otto, 'Otto call summary', ['Private home'])).statusCode).toBe(404);
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const res = await call(eve, 'POST', '/api/prompts/merge', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toBe(message);
    };
    await refused({ keepId: ids['Another copy'], mergeIds: [] }, MERGE_MESSAGES.mergeIds);
    await refused({ keepId: ids['Another copy'], mergeIds: [ids['Another copy']] }, MERGE_MESSAGES.keptAmongMerged);
    await refused({ keepId: ids['Another copy'], mergeIds: [ids['Later home'], ids['Later home']] }, MERGE_MESSAGES.repeated);
    await refused({ mergeIds: [ids['Later home']] }, MERGE_MESSAGES.keepId);
    // Nothing was merged by the refused calls.
    expect((await call(eve, 'GET', `/api/prompts/${ids['Otto call summary']}`)).statusCode).toBe(200);
    expect((await merge(admin, 'Otto call summary', ['Another copy'])).statusCode).toBe(200);
  });
});
