import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts } from '../../db/schema';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let ada: TestUser;
let bob: TestUser;

interface ListBody {
  items: Array<{ id: string; title: string; contentPreview: string; user: { firstName: string }; tags: string[] }>;
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
  orderedBy: string;
}

const list = async (u: TestUser, qs: string, url = '/api/prompts') => {
  const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<ListBody>(res);
};
const titles = (b: ListBody) => b.items.map((i) => i.title);
const add = (u: TestUser, p: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/prompts', headers: u.auth, payload: { aiModels: ['ChatGPT'], tags: ['General'], content: 'Plain text.', ...p } });

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.register({ firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Research' });
  bob = await t.register({ firstName: 'Bob', lastName: 'Marley', businessUnit: 'Sales' });
  await add(ada, { title: 'Quarterly planning', content: 'Please summarize the quarter.', tags: ['Finance'], aiModels: ['Claude'] });
  await add(ada, { title: 'Summarize meeting notes', content: 'Turn notes into action items.', tags: ['Meetings'] });
  await add(bob, { title: 'Cold email opener', content: 'Write an email.', tags: ['Summaries'], aiModels: ['Gemini'], notes: 'Works with zebra examples' });
  await add(bob, { title: 'Contract check', content: 'Review clauses.', tags: ['Legal', 'Finance'], aiModels: ['Claude', 'ChatGPT'] });
});
afterAll(() => t.close());

describe('search', () => {
  it('matches word prefixes, case-insensitively', async () => {
    const r = await list(ada, 'search=SUMMAR');
    expect(titles(r).sort()).toEqual(['Cold email opener', 'Quarterly planning', 'Summarize meeting notes']);
  });

  it('ranks title hits above tag hits above content hits', async () => {
    const r = await list(ada, 'search=summar');
    expect(r.orderedBy).toBe('relevance');
    expect(titles(r)).toEqual(['Summarize meeting notes', 'Cold email opener', 'Quarterly planning']);
  });

  it('searches notes, AI applications, author name and business unit', async () => {
    expect(titles(await list(ada, 'search=zebra'))).toEqual(['Cold email opener']);
    expect(titles(await list(ada, 'search=gemini'))).toEqual(['Cold email opener']);
    expect(titles(await list(ada, 'search=marley')).sort()).toEqual(['Cold email opener', 'Contract check']);
    expect(titles(await list(ada, 'search=research')).sort()).toEqual(['Quarterly planning', 'Summarize meeting notes']);
  });

  it('needs every word to match, and tolerates a typo in a title', async () => {
    expect(titles(await list(ada, 'search=summarize%20action'))).toEqual(['Summarize meeting notes']);
    expect(titles(await list(ada, 'search=Quartely'))).toEqual(['Quarterly planning']);
  });

  it('treats punctuation as separators and never errors on odd input', async () => {
    for (const q of ["'", '&|!:*()', '%22', 'a'.repeat(200)]) {
      await list(ada, `search=${encodeURIComponent(q)}`);
    }
  });
});

describe('filters', () => {
  it('matches any value within one list', async () => {
    expect(titles(await list(ada, 'aiModels=Gemini,Claude')).sort()).toEqual(['Cold email opener', 'Contract check', 'Quarterly planning']);
    expect(titles(await list(ada, 'businessUnits=Sales')).sort()).toEqual(['Cold email opener', 'Contract check']);
  });

  it('needs every list to match', async () => {
    expect(titles(await list(ada, 'tags=Finance&aiModels=ChatGPT'))).toEqual(['Contract check']);
    expect(titles(await list(ada, 'tags=Finance&businessUnits=Research'))).toEqual(['Quarterly planning']);
    expect(titles(await list(ada, 'tags=Finance&businessUnits=Research&search=contract'))).toEqual([]);
  });

  it('lists only the signed-in user’s prompts on /my', async () => {
    const r = await list(bob, '', '/api/prompts/my');
    expect(titles(r).sort()).toEqual(['Cold email opener', 'Contract check']);
    expect(r.total).toBe(2);
  });

  it('reports values in use with their counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/filter/counts', headers: ada.auth });
    expect(body(res)).toMatchObject({
      businessUnits: [
        { value: 'Research', count: 2 },
        { value: 'Sales', count: 2 },
      ],
      tags: expect.arrayContaining([
        { value: 'Finance', count: 2 },
        { value: 'Legal', count: 1 },
      ]),
    });
    const tags = body<string[]>(await t.app.inject({ method: 'GET', url: '/api/filter/tags', headers: ada.auth }));
    expect(tags).toEqual(['Finance', 'Legal', 'Meetings', 'Summaries']);
    // Only applications in use, sorted: the seeded catalog's unused ones (e.g. Midjourney) are left out.
    const models = body<string[]>(await t.app.inject({ method: 'GET', url: '/api/filter/ai-models', headers: ada.auth }));
    expect(models).toEqual(['ChatGPT', 'Claude', 'Gemini']);
  });
});

describe('sorting', () => {
  it('orders by employee and by business unit, A to Z unless asked otherwise', async () => {
    const authors = (r: ListBody) => r.items.map((i) => i.user.firstName);
    const byAuthor = await list(ada, 'sort=author');
    expect(byAuthor.orderedBy).toBe('author');
    expect(authors(byAuthor)).toEqual(['Ada', 'Ada', 'Bob', 'Bob']);
    expect(authors(await list(ada, 'sort=author&order=desc'))).toEqual(['Bob', 'Bob', 'Ada', 'Ada']);
    expect(authors(await list(ada, 'sort=businessUnit'))).toEqual(['Ada', 'Ada', 'Bob', 'Bob']);
    expect(authors(await list(ada, 'sort=businessUnit&order=desc'))).toEqual(['Bob', 'Bob', 'Ada', 'Ada']);
  });

  it('refuses an unknown sort with a 400 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/prompts?sort=tags', headers: ada.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ errors: { sort: 'Unknown sort' } });
  });
});

describe('keyset pages', () => {
  it('cover every result exactly once, newest first, in every sort, and stay stable under inserts', async () => {
    const seeded = await createTestApp();
    try {
      const u = await seeded.register();
      const values = Array.from({ length: 57 }, (_, i) => ({
        title: `Prompt ${String(i).padStart(2, '0')} ${i % 2 ? 'odd' : 'even'}`,
        content: 'Body text',
        tags: [i % 3 ? 'Three' : 'Other'],
        aiModels: ['Claude'],
        userId: u.user.id,
        // Several rows share a timestamp, so the id must break ties.
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 4))),
      }));
      await seeded.db.insert(prompts).values(values);
      for (const qs of [
        '',
        'sort=title',
        'sort=title&order=desc',
        'sort=createdAt&order=asc',
        'sort=author',
        'sort=businessUnit&order=desc',
        'search=odd',
        'tags=Three',
      ]) {
        const seen: string[] = [];
        const seenOriginal: string[] = [];
        let cursor: string | null = null;
        let first: ListBody | undefined;
        do {
          const res: Awaited<ReturnType<typeof seeded.app.inject>> = await seeded.app.inject({
            method: 'GET',
            url: `/api/prompts?limit=10&${qs}${cursor ? `&cursor=${cursor}` : ''}`,
            headers: u.auth,
          });
          const page: ListBody = body<ListBody>(res);
          first ??= page;
          seen.push(...page.items.map((i) => i.id));
          seenOriginal.push(...page.items.filter((i) => !i.title.startsWith('Late')).map((i) => i.id));
          cursor = page.nextCursor;
          if (cursor && seen.length === 10) {
            // An insert between pages must not shift or repeat what follows.
            await seeded.db.insert(prompts).values({ title: `Late ${qs}`, content: 'x', userId: u.user.id, updatedAt: new Date('2030-01-01') });
          }
        } while (cursor);
        expect(new Set(seen).size, qs).toBe(seen.length);
        // Every row that existed when paging began is seen; a row inserted ahead of the cursor may join.
        expect(new Set(seenOriginal).size, qs).toBe(first!.total);
        await seeded.db.delete(prompts).where(like(prompts.title, 'Late%'));
      }
      await seeded.db.insert(prompts).values({ title: 'Late arrival', content: 'x', userId: u.user.id, updatedAt: new Date('2030-01-01') });
      const newest = body<ListBody>(await seeded.app.inject({ method: 'GET', url: '/api/prompts?limit=3', headers: u.auth }));
      expect(newest.items[0]!.title).toBe('Late arrival');
    } finally {
      await seeded.close();
    }
  });

  it('caps the count and falls back to recency when matches are many', async () => {
    const many = await createTestApp();
    try {
      const u = await many.register();
      await many.db.execute(sql`insert into prompts (title, content, user_id, tags, ai_models)
        select 'common word ' || g, 'text', ${u.user.id}::uuid, '{A}', '{B}' from generate_series(1, 1200) g`);
      const r = body<ListBody>(await many.app.inject({ method: 'GET', url: '/api/prompts?search=common&limit=5', headers: u.auth }));
      expect(r.total).toBe(1000);
      expect(r.totalIsLowerBound).toBe(true);
      expect(r.orderedBy).toBe('updatedAt');
      expect(r.items).toHaveLength(5);
      expect(r.items[0]!.contentPreview).toBe('text');
      // Without a limit a page holds 50, and the next one is a cursor away.
      const unlimited = body<ListBody>(await many.app.inject({ method: 'GET', url: '/api/prompts', headers: u.auth }));
      expect(unlimited.items).toHaveLength(50);
      expect(unlimited.nextCursor).toEqual(expect.any(String));
    } finally {
      await many.close();
    }
  });

  it('counts prefix matches too when whole words alone stay under the cap (whole words are counted first)', async () => {
    const many = await createTestApp();
    try {
      const u = await many.register();
      // 1,001 prompts hold "zebra", two the whole word "zeb"; three hold "quagga", one "quag".
      await many.db.execute(sql`insert into prompts (title, content, user_id, tags, ai_models)
        select case when g <= 1001 then 'zebra ' || g when g <= 1003 then 'zeb ' || g when g <= 1006 then 'quagga ' || g else 'quag ' || g end,
               'text', ${u.user.id}::uuid, '{A}', '{B}' from generate_series(1, 1007) g`);
      const search = async (words: string) =>
        body<ListBody>(await many.app.inject({ method: 'GET', url: `/api/prompts?search=${words}&limit=5`, headers: u.auth }));
      // Two whole-word matches, 1,003 with the prefix: the count is the prefix one's.
      expect(await search('zeb')).toMatchObject({ total: 1000, totalIsLowerBound: true, orderedBy: 'updatedAt' });
      // Whole words alone pass the cap.
      expect(await search('zebra')).toMatchObject({ total: 1000, totalIsLowerBound: true, orderedBy: 'updatedAt' });
      // Under the cap both ways: one whole word and three prefix matches, all counted and ranked.
      const quag = await search('quag');
      expect(quag).toMatchObject({ total: 4, totalIsLowerBound: false, orderedBy: 'relevance' });
      expect(quag.items[0]!.title).toBe('quag 1007');
    } finally {
      await many.close();
    }
  });
});
