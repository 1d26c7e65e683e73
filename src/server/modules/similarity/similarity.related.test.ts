import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelatedPrompt, relatedPromptsSchema } from '../../../shared/schemas/similar';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Related prompts: alike in content or sharing tags, among the published and verified prompts the viewer
// sees, fresh after any write.

const GUIDE =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit.';
const BUDGET = 'Draft a monthly household budget from the income and the expenses I list, grouped by category, with totals.';

let t: TestApp;
let admin: TestUser;
let eve: TestUser; // editor, Legal
let otto: TestUser; // editor, Sales
const ids: Record<string, string> = {};

async function create(u: TestUser, title: string, content: string, tags: string[], extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload: { title, content, aiModels: ['ChatGPT'], tags, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = body<{ id: string }>(res).id;
}
const related = async (u: TestUser, title: string): Promise<RelatedPrompt[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/prompts/${ids[title]}/related`, headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  return relatedPromptsSchema.parse(res.json());
};
const titles = (list: RelatedPrompt[]) => list.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor: eve, other: otto } = await usersForEveryRole(t));
  await create(eve, 'Travel guide', GUIDE, ['travel', 'city']);
  await create(eve, 'Tour guide', GUIDE.replace('travel guide', 'tour guide'), ['travel']);
  await create(eve, 'Packing list', 'List what to pack for a week-long trip in the mountains in winter.', ['Travel']);
  await create(eve, 'Budget', BUDGET, ['finance']);
  await create(eve, 'Legal guide', GUIDE.replace('In some cases', 'Sometimes'), ['legal'], { visibility: 'units' });
  await create(eve, 'Draft guide', GUIDE.replace('near my location', 'close by'), ['travel'], { status: 'draft' });
  await create(eve, 'Old guide', GUIDE.replace('a place', 'one place'), ['travel']);
  const deprecated = await t.app.inject({
    method: 'PUT',
    url: `/api/prompts/${ids['Old guide']}/status`,
    headers: eve.auth,
    payload: { status: 'deprecated' },
  });
  expect(deprecated.statusCode, deprecated.body).toBe(200);
  await create(eve, 'Private guide', GUIDE, ['travel'], { visibility: 'private' });
});
afterAll(() => t.close());

describe('related prompts', () => {
  it('are the prompts alike in content first, then those sharing tags, with the tags they share', async () => {
    const list = await related(otto, 'Travel guide');
    expect(titles(list)).toEqual(['Tour guide', 'Packing list']);
    expect(list[0]).toMatchObject({ id: ids['Tour guide'], tags: ['travel'], sharedTags: ['travel'] });
    expect(list[0]!.similarity).toBeGreaterThan(0.8);
    // "Travel" was stored in the catalog's spelling; the content is not alike.
    expect(list[1]).toMatchObject({ sharedTags: ['travel'] });
    expect(list[1]!.similarity).toBeLessThan(0.3);
  });

  it('leave out what the viewer may not see, drafts and deprecated prompts', async () => {
    expect(titles(await related(otto, 'Travel guide'))).not.toEqual(expect.arrayContaining(['Legal guide']));
    const forEve = titles(await related(eve, 'Travel guide'));
    expect(forEve).toEqual(expect.arrayContaining(['Tour guide', 'Legal guide', 'Private guide']));
    expect(forEve).not.toContain('Draft guide');
    expect(forEve).not.toContain('Old guide');
    expect(titles(await related(admin, 'Travel guide'))).not.toContain('Draft guide');
    expect((await t.app.inject({ method: 'GET', url: `/api/prompts/${ids['Private guide']}/related`, headers: otto.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/prompts/${ids['Travel guide']}/related` })).statusCode).toBe(401);
  });

  it('follow a change at once: an answer is never kept past a write', async () => {
    expect(titles(await related(otto, 'Travel guide'))).toContain('Packing list');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/prompts/${ids['Packing list']}`,
      headers: eve.auth,
      payload: { title: 'Packing list', content: BUDGET.replace('monthly', 'weekly'), aiModels: ['ChatGPT'], tags: ['finance'] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(titles(await related(otto, 'Travel guide'))).not.toContain('Packing list');
    expect(titles(await related(otto, 'Budget'))).toEqual(['Packing list']);
  });

  it('are at most five', async () => {
    for (let i = 1; i <= 6; i++) await create(eve, `Guide copy ${i}`, `${GUIDE} Copy ${i}.`, ['travel']);
    expect(await related(otto, 'Travel guide')).toHaveLength(5);
  });
});
