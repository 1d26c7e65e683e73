import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Rita', lastName: 'Resilient' });
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Steady prompt', content: 'Original content', aiModels: ['Claude'], tags: ['calm'] },
    admin.token,
  );
});

describe('failures and slow networks', () => {
  it('shows "Something went wrong" with Reload when a page’s code cannot be downloaded, and Reload recovers', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    await signInWithToken(page, admin.token);
    await seen(page, 'Steady prompt');
    await page.route(/user-management-page-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('button', { name: 'Administration' }).click();
    await page.getByRole('link', { name: 'User Management' }).click();
    await seen(page, 'Something went wrong');
    // The header and the navigation stay: the member can go elsewhere.
    expect(await page.getByRole('link', { name: 'All Prompts' }).isVisible()).toBe(true);
    await expectAccessible(page, 'route error');
    await screenshot(page, 'route-error');
    await page.unroute(/user-management-page-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await seen(page, 'Create User');
    // The aborted download and React's report of the caught error are expected here.
    testPage.errors.length = 0;
  });

  it('shows a neutral splash while the current-user call is slow, and nothing when it is quick', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token);
    await seen(page, 'Steady prompt');
    await page.route('**/api/user', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.reload();
    const splash = page.getByRole('status').filter({ hasText: 'Loading AI Prompts Database' });
    await expect.poll(() => splash.isVisible()).toBe(true);
    await screenshot(page, 'splash', false);
    await seen(page, 'Steady prompt');
    expect(await splash.count()).toBe(0);
  });

  it('asks before leaving the prompt form with unsaved changes, and not after saving', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token);
    // Opened from the list, so Back and Forward stay within the app.
    await page.getByRole('link', { name: 'Edit Steady prompt' }).click();
    const title = page.getByLabel(/^Title/);
    await expect.poll(() => title.inputValue()).toBe('Steady prompt');
    // Untouched: leaving does not ask.
    await page.getByRole('link', { name: 'My Prompts' }).click();
    await page.waitForURL(/\/my-prompts$/);
    await page.goBack();
    await expect.poll(() => title.inputValue()).toBe('Steady prompt');

    await title.fill('Steady prompt, edited');
    await page.getByRole('link', { name: 'All Prompts' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect.poll(() => ask.isVisible()).toBe(true);
    await expectAccessible(page, 'leave without saving');
    await screenshot(page, 'unsaved-changes', false);
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(page.url()).toContain('/edit-prompt/');
    expect(await title.inputValue()).toBe('Steady prompt, edited');

    // Back is held the same way: the address returns to the form until the person answers.
    await page.goBack();
    await expect.poll(() => ask.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => page.url()).toContain('/edit-prompt/');
    expect(await title.inputValue()).toBe('Steady prompt, edited');

    // Closing or reloading the tab asks the browser's own question.
    const question = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.evaluate(() => window.location.reload());
    expect(await question).toBe('beforeunload');

    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await page.waitForURL(/\/all-prompts$/);
    await seen(page, 'Steady prompt, edited');
    expect(await ask.count()).toBe(0);
  });
});
