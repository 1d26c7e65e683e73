import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionListSchema, collectionSchema } from '../../../shared/schemas/collections';
import { promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// GET /api/collections?prompt={id}: which collections hold a prompt, for the "Add to collection" menu's
// check marks. A prompt the caller may not see is in none of them, so its id tells nothing.

let t: TestApp;
let eve: TestUser;
let otto: TestUser;
let rita: TestUser;
let kit = '';
let other = '';
let shared = '';
let hidden = '';

const newPrompt = async (u: TestUser, title: string, visibility = 'organization') =>
  promptSchema.parse(
    body(
      await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: u.auth,
        payload: { title, content: 'Text', aiModels: ['ChatGPT'], tags: ['x'], visibility },
      }),
    ),
  ).id;
const newCollection = async (u: TestUser, name: string) =>
  collectionSchema.parse(body(await t.app.inject({ method: 'POST', url: '/api/collections', headers: u.auth, payload: { name } }))).id;
const list = async (u: TestUser, qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/collections${qs}`, headers: u.auth });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
};
const holding = async (u: TestUser, promptId: string) =>
  Object.fromEntries(collectionListSchema.parse((await list(u, `?prompt=${promptId}`)).body).items.map((c) => [c.id, c.hasPrompt]));

beforeAll(async () => {
  t = await createTestApp();
  ({ editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  kit = await newCollection(eve, 'Onboarding kit');
  other = await newCollection(eve, 'Sales decks');
  shared = await newPrompt(eve, 'Welcome letter');
  // Otto's private prompt, filed by Otto as a co-owner of the kit: Eve and Rita may not see it.
  hidden = await newPrompt(otto, 'Private notes', 'private');
  await t.app.inject({ method: 'PUT', url: `/api/collections/${kit}`, headers: eve.auth, payload: { coOwnerIds: [otto.user.id] } });
  for (const [u, id] of [
    [eve, shared],
    [otto, hidden],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url: `/api/collections/${kit}/items`, headers: u.auth, payload: { promptId: id } });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('the collections holding a prompt', () => {
  it('says of each collection whether it holds the prompt', async () => {
    expect(await holding(eve, shared)).toEqual({ [kit]: true, [other]: false });
    expect(await holding(rita, shared)).toEqual({ [kit]: true, [other]: false });
  });

  it('answers false for a prompt the caller may not see, true for one they may', async () => {
    expect(await holding(eve, hidden)).toEqual({ [kit]: false, [other]: false });
    expect((await holding(otto, hidden))[kit]).toBe(true);
  });

  it('leaves hasPrompt out without a prompt, and refuses an id that is not one', async () => {
    const plain = collectionListSchema.parse((await list(eve, '')).body);
    expect(plain.items.every((c) => c.hasPrompt === undefined)).toBe(true);
    const bad = await list(eve, '?prompt=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', errors: { prompt: 'prompt must be a prompt id' } });
  });
});
