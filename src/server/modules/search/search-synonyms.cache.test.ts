import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptListResponse } from '../../../shared/schemas/prompts';
import { body, createTestApp, type TestApp } from '../../test/test-app';

// Synonyms change what a search finds: saving them must drop the cached list pages and the cached
// synonym index at once, through the same after-commit path as a prompt write.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('saving search synonyms', () => {
  it('drops the cached lists, so the next search uses the new synonyms', async () => {
    const admin = await t.userWithRole('admin', { firstName: 'Root', lastName: 'Admin', businessUnit: 'Research' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: admin.auth,
      payload: { title: 'Zeppelin pilot checklist', content: 'Before take-off.', aiModels: ['ChatGPT'], tags: ['General'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Cached, as a person's browser would get it (no cache-control header).
    const search = async () =>
      body<PromptListResponse>(await t.app.inject({ method: 'GET', url: '/api/prompts?search=airship', headers: admin.auth })).items.map((i) => i.title);
    expect(await search()).toEqual([]);
    const current = body<{ groups: Array<{ terms: string[] }> }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/search-synonyms', headers: admin.auth }),
    ).groups;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/search-synonyms',
      headers: admin.auth,
      payload: { groups: [...current, { terms: ['airship', 'zeppelin'] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await search()).toEqual(['Zeppelin pilot checklist']);
  });
});
