import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackNotesSchema, voteResultSchema, wilsonLowerBound } from '../../../shared/schemas/feedback';
import { promptListItemSchema, promptListResponseSchema, promptSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';

// Feedback: votes ("worked well", "didn't work") with optional notes, their counts on prompts and lists,
// and the "Top rated" order by the Wilson lower bound.
const strictList = promptListResponseSchema.extend({ items: promptListItemSchema.strict().array() }).strict();

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let other: TestUser;
let reader: TestUser;
const ids: Record<string, string> = {};

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const vote = async (u: TestUser, id: string, value: 'up' | 'down', note?: string) => {
  const res = await request(u, 'PUT', `/api/prompts/${id}/vote`, note === undefined ? { value } : { value, note });
  expect(res.statusCode, res.body).toBe(200);
  return voteResultSchema.strict().parse(JSON.parse(res.body));
};
const unvote = async (u: TestUser, id: string) => {
  const res = await request(u, 'DELETE', `/api/prompts/${id}/vote`);
  expect(res.statusCode, res.body).toBe(204);
};
const detail = async (u: TestUser, id: string) => promptSchema.strict().parse(body(await request(u, 'GET', `/api/prompts/${id}`)));
const list = async (u: TestUser, qs: string) => {
  const res = await request(u, 'GET', `/api/prompts?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return strictList.parse(JSON.parse(res.body));
};
async function allTitles(u: TestUser, qs: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(u, `${qs}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items.map((i) => i.title));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, other, reader } = await usersForEveryRole(t));
  for (const [title, visibility] of [
    ['Rated alpha', 'organization'],
    ['Rated beta', 'organization'],
    ['Rated gamma', 'organization'],
    ['Rated delta', 'organization'],
    ['Rated private', 'private'],
  ] as const) {
    const res = await request(editor, 'POST', '/api/prompts', { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags: ['Rated'], visibility });
    expect(res.statusCode, res.body).toBe(201);
    ids[title] = body<{ id: string }>(res).id;
  }
});
afterAll(() => t.close());

describe('votes', () => {
  it('are one per member, changeable and removable, counted on the prompt and in lists with the viewer’s own', async () => {
    const id = ids['Rated alpha']!;
    expect(await vote(reader, id, 'up', '  Saved me an hour  ')).toEqual({ votes: { up: 1, down: 0 }, myVote: 'up', myVoteNote: 'Saved me an hour' });
    expect((await vote(other, id, 'down')).votes).toEqual({ up: 1, down: 1 });
    // Voting again replaces the vote; sent without a note, it keeps none.
    expect(await vote(reader, id, 'down')).toEqual({ votes: { up: 0, down: 2 }, myVote: 'down', myVoteNote: null });
    expect(await vote(reader, id, 'up', 'Better on a second try')).toMatchObject({ votes: { up: 1, down: 1 } });

    const seenByReader = await detail(reader, id);
    expect(seenByReader).toMatchObject({ votes: { up: 1, down: 1 }, myVote: 'up', myVoteNote: 'Better on a second try' });
    expect(await detail(admin, id)).toMatchObject({ votes: { up: 1, down: 1 }, myVote: null, myVoteNote: null });
    const item = (await list(other, 'tags=Rated&limit=50')).items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ votes: { up: 1, down: 1 }, myVote: 'down' });
    const unvoted = (await list(other, 'tags=Rated&limit=50')).items.find((i) => i.id === ids['Rated beta'])!;
    expect(unvoted).toMatchObject({ votes: { up: 0, down: 0 }, myVote: null });

    await unvote(other, id);
    await unvote(other, id); // taking back a vote twice changes nothing
    expect(await detail(other, id)).toMatchObject({ votes: { up: 1, down: 0 }, myVote: null });
  });

  it('refuses a bad value or a note over 1,000 characters, naming the field', async () => {
    const id = ids['Rated alpha']!;
    const bad = await request(reader, 'PUT', `/api/prompts/${id}/vote`, { value: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(bad).errors).toEqual({ value: 'Vote must be up or down' });
    const long = await request(reader, 'PUT', `/api/prompts/${id}/vote`, { value: 'up', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(long).errors).toEqual({ note: 'Note must be at most 1,000 characters' });
    expect((await vote(reader, id, 'up', 'y'.repeat(1000))).myVoteNote).toHaveLength(1000);
  });

  it('answers 404 for a prompt the member cannot see, or that does not exist, and records nothing', async () => {
    const hidden = ids['Rated private']!;
    for (const [method, payload] of [
      ['PUT', { value: 'up' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await request(other, method, `/api/prompts/${hidden}/vote`, payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).code).toBe('prompt_not_found');
    }
    const missing = await request(reader, 'PUT', '/api/prompts/00000000-0000-4000-8000-000000000000/vote', { value: 'up' });
    expect(missing.statusCode).toBe(404);
    expect((await detail(editor, hidden)).votes).toEqual({ up: 0, down: 0 });
  });

  it('counts every one of many votes cast at once', async () => {
    const id = ids['Rated delta']!;
    const voters = await Promise.all(Array.from({ length: 8 }, (_, i) => t.userWithRole('read', { email: `voter${i}@example.com`, firstName: `Voter${i}` })));
    await Promise.all(voters.map((v, i) => vote(v, id, i % 4 === 0 ? 'down' : 'up')));
    expect((await detail(admin, id)).votes).toEqual({ up: 6, down: 2 });
  });
});

describe('votes that change without a vote call', () => {
  it('leave the counts when their member is deleted', async () => {
    const id = ids['Rated beta']!;
    const leaver = await t.userWithRole('read', { email: 'leaver@example.com' });
    await vote(leaver, id, 'up');
    await vote(reader, id, 'down');
    expect((await detail(admin, id)).votes).toEqual({ up: 1, down: 1 });
    const res = await request(admin, 'DELETE', `/api/admin/users/${leaver.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(admin, id)).votes).toEqual({ up: 0, down: 1 });
    expect((await list(admin, 'tags=Rated&limit=50')).items.find((i) => i.id === id)!.votes).toEqual({ up: 0, down: 1 });
  });

  it('come back with their notes when a trashed prompt is restored', async () => {
    const res = await request(editor, 'POST', '/api/prompts', { title: 'Rated and trashed', content: 'Body', aiModels: ['ChatGPT'], tags: ['Rated'] });
    const id = body<{ id: string }>(res).id;
    await vote(reader, id, 'up', 'Keep this one');
    await vote(other, id, 'down');
    expect((await request(editor, 'DELETE', `/api/prompts/${id}`)).statusCode).toBe(204);
    const restored = await request(editor, 'POST', `/api/trash/${id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await detail(reader, id)).toMatchObject({ votes: { up: 1, down: 1 }, myVote: 'up', myVoteNote: 'Keep this one' });
    const notes = feedbackNotesSchema.parse(body(await request(editor, 'GET', `/api/prompts/${id}/feedback`)));
    expect(notes.items.map((n) => n.note)).toEqual(['Keep this one']);
  });

  it('never answer 500 when a prompt is trashed while people vote on it', async () => {
    const res = await request(editor, 'POST', '/api/prompts', { title: 'Rated while trashed', content: 'Body', aiModels: ['ChatGPT'], tags: ['Rated'] });
    const id = body<{ id: string }>(res).id;
    const voters = await Promise.all([1, 2, 3, 4].map((i) => t.userWithRole('read', { email: `racer${i}@example.com` })));
    const answers = await Promise.all([
      ...voters.map((v) => request(v, 'PUT', `/api/prompts/${id}/vote`, { value: 'up' })),
      request(editor, 'DELETE', `/api/prompts/${id}`),
      ...voters.map((v) => request(v, 'PUT', `/api/prompts/${id}/vote`, { value: 'down' })),
    ]);
    for (const answer of answers) expect([200, 204, 404], answer.body).toContain(answer.statusCode);
    expect(answers[voters.length]!.statusCode).toBe(204);
  });
});

describe('feedback notes', () => {
  it('are read by the owner and admins, newest first, with who wrote them; other members get 403', async () => {
    const id = ids['Rated gamma']!;
    await vote(reader, id, 'down', 'Ignores the word limit');
    await vote(other, id, 'up', 'Great for launch emails');
    await vote(admin, id, 'up');
    for (const maintainer of [editor, admin]) {
      const res = await request(maintainer, 'GET', `/api/prompts/${id}/feedback`);
      expect(res.statusCode, res.body).toBe(200);
      const notes = feedbackNotesSchema.strict().parse(JSON.parse(res.body));
      expect(notes.votes).toEqual({ up: 2, down: 1 });
      expect(notes.items.map((n) => [n.value, n.note, n.user.firstName])).toEqual([
        ['up', 'Great for launch emails', 'Otto'],
        ['down', 'Ignores the word limit', 'Rita'],
      ]);
    }
    for (const viewer of [reader, other]) {
      const res = await request(viewer, 'GET', `/api/prompts/${id}/feedback`);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('Only the people who maintain this prompt can read its feedback notes');
    }
  });
});

describe('the "Top rated" order', () => {
  it('ranks by the Wilson lower bound, unvoted and all-down prompts last, on every page of either direction', async () => {
    // Fresh prompts, so earlier tests' votes do not matter: many ups beat one lonely up.
    const made: Record<string, string> = {};
    for (const title of ['Top many', 'Top single', 'Top mixed', 'Top downs', 'Top none']) {
      const res = await request(editor, 'POST', '/api/prompts', { title, content: `Body of ${title}`, aiModels: ['ChatGPT'], tags: ['Top'] });
      made[title] = body<{ id: string }>(res).id;
    }
    const voters = [reader, other, admin, ...(await Promise.all([1, 2, 3].map((i) => t.userWithRole('read', { email: `rater${i}@example.com` }))))];
    for (const v of voters) await vote(v, made['Top many']!, 'up');
    await vote(reader, made['Top single']!, 'up');
    await vote(reader, made['Top mixed']!, 'up');
    await vote(other, made['Top mixed']!, 'up');
    await vote(admin, made['Top mixed']!, 'down');
    await vote(reader, made['Top downs']!, 'down');
    expect(wilsonLowerBound(6, 0)).toBeGreaterThan(wilsonLowerBound(2, 1));
    expect(wilsonLowerBound(2, 1)).toBeGreaterThan(wilsonLowerBound(1, 0));

    const ranked = ['Top many', 'Top mixed', 'Top single'];
    // Score 0 ties are ordered by id, as the unvoted prompts are.
    const zero = ['Top downs', 'Top none'].sort((a, b) => (made[a]! < made[b]! ? 1 : -1));
    const first = await list(reader, 'tags=Top&sort=topRated&limit=50');
    expect(first.orderedBy).toBe('topRated');
    expect(first.items.map((i) => i.title)).toEqual([...ranked, ...zero]);
    expect(await allTitles(reader, 'tags=Top&sort=topRated')).toEqual([...ranked, ...zero]);
    expect(await allTitles(reader, 'tags=Top&sort=topRated&order=asc')).toEqual([...ranked, ...zero].reverse());
    // Unfiltered, the order still walks every prompt once.
    const everything = await allTitles(admin, 'sort=topRated');
    expect(everything.slice(0, 1)).toEqual(['Top many']);
    expect(new Set(everything).size).toBe(everything.length);
  });

  it('refuses a cursor whose key is not a score', async () => {
    const cursor = Buffer.from(JSON.stringify({ sort: 'topRated', order: 'desc', value: 2, id: ids['Rated alpha'] })).toString('base64url');
    const res = await request(reader, 'GET', `/api/prompts?sort=topRated&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('validation_failed');
  });
});
