import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PromptListResponse, promptListItemSchema, promptListResponseSchema } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from './query.statements';

const strictList = promptListResponseSchema.extend({ items: promptListItemSchema.strict().array() }).strict();
let t: TestApp;
let ada: TestUser;

const filler = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.register();
  const add = (title: string, content: string) =>
    t.app.inject({ method: 'POST', url: '/api/prompts', headers: ada.auth, payload: { title, content, aiModels: ['Claude'], tags: ['misc'] } });
  await add('Quarterly planning', `${filler} then negotiate the indemnity clause carefully ${filler}`);
  await add('Indemnity in the title', 'Nothing about it in the body.');
  await add('Control characters', `Before \u0002marked\u0003 after, then indemnity.`);
  await add('عقد', 'راجع بند التعويض في هذا العقد');
});
afterAll(() => t.close());

async function search(q: string, url = '/api/prompts') {
  const res = await t.app.inject({ method: 'GET', url: `${url}?search=${encodeURIComponent(q)}`, headers: ada.auth });
  expect(res.statusCode, res.body).toBe(200);
  return strictList.parse(body<PromptListResponse>(res));
}
const marked = (word: string) => `${SNIPPET_MARK_START}${word}${SNIPPET_MARK_END}`;

describe('search snippets', () => {
  it('show the content around a match found only in the content, matched words marked', async () => {
    const { items } = await search('indemnity');
    const deep = items.find((i) => i.title === 'Quarterly planning')!;
    expect(deep.snippet).toContain(marked('indemnity'));
    expect(deep.snippet!.length).toBeLessThan(400);
    expect(deep.contentPreview).not.toContain('indemnity');
  });

  it('come with every list that searches, and never without a search', async () => {
    expect((await search('indemnity', '/api/prompts/my')).items.every((i) => typeof i.snippet === 'string')).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/api/prompts', headers: ada.auth });
    expect(body<PromptListResponse>(plain).items.every((i) => i.snippet === undefined)).toBe(true);
  });

  it('cannot be confused by marker characters in the content, and handle any script and odd input', async () => {
    const control = (await search('indemnity')).items.find((i) => i.title === 'Control characters')!;
    expect(control.snippet).toContain('Before marked after');
    expect((await search('التعويض')).items[0]?.snippet).toContain(marked('التعويض'));
    for (const odd of ["'); drop table prompts;--", '\\x02', '%_*:&|!()', '{{x}}']) await search(odd);
  });
});
