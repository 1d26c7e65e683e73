import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListResponseSchema, type PromptListResponse } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { editDistance } from './query.parse';

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

const list = async (u: TestUser, qs: string, url = '/api/prompts') => {
  const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: { ...u.auth, 'cache-control': 'no-cache' } });
  expect(res.statusCode, res.body).toBe(200);
  return promptListResponseSchema.parse(body<PromptListResponse>(res));
};
const titles = (b: PromptListResponse) => b.items.map((i) => i.title);
const add = async (u: TestUser, p: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload: { aiModels: ['ChatGPT'], tags: ['General'], ...p } });
  expect(res.statusCode, res.body).toBe(201);
  ids[String(p.title)] = body<{ id: string }>(res).id;
};

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.register({ firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Research' });
  bob = await t.register({ firstName: 'Bob', lastName: 'Marley', businessUnit: 'Sales' });
  await add(ada, { title: 'Note-Taking assistant', content: 'Take notes during the meeting and list every decision.' });
  await add(ada, { title: 'Meeting agenda', content: 'Draft an agenda for the meeting.' });
  await add(ada, { title: 'Essay Writer', content: 'Write a persuasive essay.' });
  await add(bob, { title: 'Release notes', content: 'Turn merged changes into notes for customers.' });
  await add(bob, { title: 'Zeppelin pilot', content: 'Explain how airships fly.' });
});
afterAll(() => t.close());

describe('a search whose words together match nothing', () => {
  it('lists the prompts with the most of its words, ranked, and says so', async () => {
    const all = await list(ada, 'search=meeting%20notes');
    expect(all.searchMode).toBe('all');
    expect(titles(all)).toEqual(['Note-Taking assistant']);

    // No prompt has "summarize": the two with both other words come first, and only those.
    const some = await list(ada, 'search=summarize%20meeting%20notes');
    expect(some.searchMode).toBe('some');
    expect(titles(some)).toEqual(['Note-Taking assistant']);
    expect(some.total).toBe(1);

    // Every word exists, never together: the prompts with two of the three, best first.
    // Whole words match nothing, prefixes do: a stop word ("the") never counts as a word that matches nothing.
    const prefix = await list(ada, 'search=the%20agend%20meet');
    expect(prefix.searchMode).toBe('all');
    expect(titles(prefix)).toEqual(['Meeting agenda']);

    const partial = await list(ada, 'search=essay%20meeting%20agenda');
    expect(partial.searchMode).toBe('some');
    expect(titles(partial)).toEqual(['Meeting agenda']);
  });

  it('keeps the list’s scope: filters, one’s own prompts; counts match the items', async () => {
    const mine = await list(ada, 'search=customers%20notes%20meeting', '/api/prompts/my');
    expect(mine.searchMode).toBe('some');
    expect(titles(mine)).toEqual(['Note-Taking assistant']);
    const everyone = await list(ada, 'search=customers%20notes%20meeting');
    expect(titles(everyone).sort()).toEqual(['Note-Taking assistant', 'Release notes']);
    expect(everyone.total).toBe(2);
    const counts = body<{ tags: Array<{ value: string; count: number }> }>(
      await t.app.inject({ method: 'GET', url: '/api/filter/counts?search=customers%20notes%20meeting', headers: ada.auth }),
    );
    expect(counts.tags.find((c) => c.value === 'General')?.count).toBe(2);
  });

  it('offers a close library word for a word no prompt holds, and the search with it', async () => {
    const typo = await list(ada, 'search=wrtier');
    expect(typo.suggestions).toEqual([{ word: 'wrtier', suggestion: 'writer', search: 'writer' }]);
    expect(titles(await list(ada, `search=${typo.suggestions![0]!.search}`))).toEqual(['Essay Writer']);

    const inPhrase = await list(ada, 'search=Meeting%20agnda');
    expect(inPhrase.searchMode).toBe('some');
    expect(inPhrase.suggestions).toEqual([{ word: 'agnda', suggestion: 'agenda', search: 'Meeting agenda' }]);
    expect(titles(inPhrase)[0]).toBe('Meeting agenda');
  });

  it('lists the prompts with the close words when no word matches anything, without a scan of titles', async () => {
    // "wrtier" shares too few trigrams with "Essay Writer" for the title similarity: found through "writer".
    const typo = await list(ada, 'search=wrtier');
    expect(typo.searchMode).toBe('similar');
    expect(titles(typo)).toEqual(['Essay Writer']);
    expect(typo.total).toBe(1);
    // Two misspelt words: the prompts with both close words ("meeting", "agenda"), best first.
    const both = await list(ada, 'search=meetng%20agnda');
    expect(both.searchMode).toBe('similar');
    expect(both.suggestions!.map((s) => s.suggestion)).toEqual(['meeting', 'agenda']);
    expect(titles(both)).toEqual(['Meeting agenda']);
    // Close words are looked for within the list's scope: none of Ada's own prompts is about airships.
    const mine = await list(ada, 'search=zepelin', '/api/prompts/my');
    expect(mine.suggestions).toEqual([]);
    expect(titles(mine)).toEqual([]);
    // No library word is close enough to suggest ("notetaking" is far from "note" and "taking"): titles
    // close to the search still answer.
    const joined = await list(ada, 'search=notetaking');
    expect(joined.searchMode).toBe('similar');
    expect(joined.suggestions).toEqual([]);
    expect(titles(joined)).toEqual(['Note-Taking assistant']);
  });

  it('never suggests a word only prompts outside the list hold (another author’s, or trashed)', async () => {
    expect((await list(ada, 'search=zepelin')).suggestions).toEqual([{ word: 'zepelin', suggestion: 'zeppelin', search: 'zeppelin' }]);
    expect((await list(ada, 'search=zepelin', '/api/prompts/my')).suggestions).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/prompts/${ids['Zeppelin pilot']}`, headers: bob.auth });
    expect(del.statusCode, del.body).toBe(204);
    expect((await list(ada, 'search=zepelin')).suggestions).toEqual([]);
  });

  it('says nothing of modes or suggestions for lists that are not searched', async () => {
    const plain = await list(ada, '');
    expect(plain.searchMode).toBeUndefined();
    expect(plain.suggestions).toBeUndefined();
  });
});

describe('search synonyms', () => {
  it('finds a prompt through an administrator’s synonym, and the default list is there', async () => {
    expect(titles(await list(ada, 'search=airship%20pilot'))).toEqual([]);
    const admin = await t.userWithRole('admin', { firstName: 'Root', lastName: 'Admin', businessUnit: 'Research' });
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/search-synonyms', headers: admin.auth });
    expect(current.statusCode).toBe(200);
    const groups = body<{ groups: Array<{ terms: string[] }> }>(current).groups;
    expect(groups).toContainEqual({ terms: ['soccer', 'football'] });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-synonyms',
      headers: admin.auth,
      payload: { groups: [...groups, { terms: ['Agenda', 'schedule'] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(titles(await list(ada, 'search=schedule'))).toEqual(['Meeting agenda']);
    const denied = await t.app.inject({ method: 'PUT', url: '/api/admin/search-synonyms', headers: bob.auth, payload: { groups: [] } });
    expect(denied.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/search-synonyms', headers: admin.auth, payload: { groups: [{ terms: ['lonely'] }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/at least two terms/);
  });
});

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('wrtier', 'writer')).toBe(1);
    expect(editDistance('acountant', 'accountant')).toBe(1);
    expect(editDistance('cat', 'dog')).toBe(3);
  });
});
