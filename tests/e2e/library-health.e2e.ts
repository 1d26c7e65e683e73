import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Library Health: an administrator computes the near-copy groups of the library, sees how far the job has
// come, and merges a group into the prompt worth keeping.
const suite = useBrowserSuite();
let admin: SeededUser;
const ids: Record<string, string> = {};

const GUIDE =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit.';

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  const create = async (title: string, content: string) => {
    ({ id: ids[title] } = await apiCall<{ id: string }>(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title, content, aiModels: ['Claude'], tags: ['travel'] },
      admin.token,
    ));
  };
  await create('Travel guide', GUIDE);
  await create('Tour guide', GUIDE.replace('travel guide', 'tour guide'));
  await create('City guide', GUIDE.replace('In some cases', 'Sometimes'));
  await create('Budget planner', 'Draft a monthly household budget from the income and the expenses I list, grouped by category, with totals.');
});

describe('Library Health', () => {
  it('computes the groups of near-copies and merges one into the prompt kept', async () => {
    const { page } = await suite.open({ width: 1280, height: 900 });
    await signInWithToken(page, admin.token, '/library-health?list=duplicates');
    await seen(page, 'Not computed yet.');
    await seen(page, 'No near-copies found');
    await page.getByRole('button', { name: 'Compute again' }).click();
    // The job runs in the background on the server (every few seconds); the page follows its progress.
    const group = page.getByRole('list', { name: 'Groups of near-copies' }).getByRole('listitem').first();
    await expect.poll(() => group.getByText(/^3 prompts, up to \d+ % alike$/).isVisible(), { timeout: 40_000 }).toBe(true);
    await seen(page, /Last computed /);
    expect(await page.getByText('Budget planner').count()).toBe(0);
    await expectAccessible(page, 'library health');
    await screenshot(page, 'library-health', false);

    await group.getByRole('button', { name: /^Merge: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge near-copies' });
    await dialog.getByRole('radio', { name: /^Travel guide/ }).check();
    await expectAccessible(page, 'merge dialog');
    await screenshot(page, 'library-health-merge', false);
    await dialog.getByRole('button', { name: 'Merge 3 prompts' }).click();
    await seen(page, 'Merged 2 prompts into “Travel guide”');
    await expect.poll(() => dialog.count()).toBe(0);
    // The group is gone; the merged prompts are in the trash, and their links lead to the one kept.
    await seen(page, 'No near-copies found');
    const trash = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/trash', undefined, admin.token);
    expect(trash.items.map((p) => p.title).sort()).toEqual(['City guide', 'Tour guide']);
    await page.goto(`${suite.server.url}/prompts/${ids['Tour guide']}`);
    await page.waitForURL(`**/prompts/${ids['Travel guide']}`);
  });
});
