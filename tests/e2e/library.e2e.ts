import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Favourites, recently used, use counts, "Make a copy" and the content editor, as a member uses them.
const suite = useBrowserSuite();
let author: SeededUser;
let member: SeededUser;
let colleague: SeededUser;

const useDark = (page: Page) => page.evaluate(() => localStorage.setItem('theme', 'dark'));

beforeAll(async () => {
  author = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Author' });
  member = await registerUser(suite.server.url, { firstName: 'Mo', lastName: 'Member' });
  colleague = await registerUser(suite.server.url, { firstName: 'Col', lastName: 'League' });
  const create = (title: string, content: string) =>
    apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['ChatGPT'], tags: ['library'] }, author.token);
  await create('Quarterly summary', 'Summarize the quarter for {{team}}.');
  await create('Release notes', 'Write release notes for version {{version}}.');
  await create('Interview questions', 'Ten questions for a {{role:designer|engineer}} interview.');
});

describe('keeping prompts at hand', () => {
  it('stars a prompt in the table and finds it in Favorites; unstarring empties the page', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, member.token, '/favorites');
    await seen(page, 'No favorites yet.');
    await expectAccessible(page, 'favorites, empty');
    await screenshot(page, 'favorites-empty');

    await page.getByRole('link', { name: 'All Prompts' }).first().click();
    await seen(page, 'Release notes');
    const star = page.getByRole('button', { name: 'Favorite Release notes', exact: true });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'Favorites' }).click();
    // "Release notes" was on All Prompts too: the address says the Favorites page is the one shown.
    await page.waitForURL('**/favorites');
    await seen(page, 'Release notes');
    expect(await page.getByText('Quarterly summary').count()).toBe(0);
    await expectAccessible(page, 'favorites');
    await screenshot(page, 'favorites');
    await useDark(page);
    await page.reload();
    await seen(page, 'Release notes');
    await expectAccessible(page, 'favorites, dark');
    await screenshot(page, 'dark-favorites');

    await page.getByRole('button', { name: 'Favorite Release notes', exact: true }).click();
    await page.reload();
    await seen(page, 'No favorites yet.');
  });

  it('counts a copy as a use: the table shows it, Most used puts it first, and Recently Used lists it', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, colleague.token, '/recent');
    await seen(page, 'Nothing used yet.');
    await screenshot(page, 'recent-empty');

    await page.getByRole('link', { name: 'All Prompts' }).first().click();
    await seen(page, 'Interview questions');
    await page.getByRole('button', { name: 'View Interview questions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Interview questions' });
    await dialog.getByRole('button', { name: 'Copy prompt' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Ten questions for a {{role:designer|engineer}} interview.');
    await page.keyboard.press('Escape');

    // The row's use count, and the most-used order from the Uses column (cell 0 is the selection column's).
    const row = page.getByRole('row', { name: /Interview questions/ });
    await expect.poll(() => row.getByRole('cell').nth(7).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Uses' }).click();
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('Interview questions');

    await page.getByRole('link', { name: 'Recently Used' }).click();
    await seen(page, 'Interview questions');
    await seen(page, /Used .* · 1 use/);
    await expectAccessible(page, 'recently used');
    await screenshot(page, 'recent');
    await useDark(page);
    await page.reload();
    await seen(page, 'Interview questions');
    await screenshot(page, 'dark-recent');
  });
});

describe('making prompts', () => {
  it('makes a copy from the prompt page: the form is prefilled, titled "Copy of …", and the copy is the member’s', async () => {
    const [{ items }] = await Promise.all([
      apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts?search=Quarterly', undefined, member.token),
    ]);
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, member.token, `/prompts/${items[0]!.id}`);
    await seen(page, 'Quarterly summary');
    await page.getByRole('link', { name: 'Make a copy' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Copy of Quarterly summary');
    expect(await page.getByLabel('Content').inputValue()).toBe('Summarize the quarter for {{team}}.');
    await seen(page, 'A copy of another prompt, which will be yours');
    await screenshot(page, 'make-a-copy');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await seen(page, 'Prompt created successfully!');
    const mine = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, member.token);
    expect(mine.items.map((i) => i.title)).toEqual(['Copy of Quarterly summary']);
  });

  it('edits content with highlighted variables, Insert variable, a character count and a Markdown preview, without trapping Tab', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, author.token, '/create-prompt');
    const content = page.getByLabel('Content');
    await content.fill('# Weekly update\n\nSummarize **progress** for ');
    await page.getByRole('button', { name: 'Insert variable' }).click();
    await page.getByRole('menuitem', { name: /Text variable/ }).click();
    // The inserted name is selected, so typing replaces it.
    await expect
      .poll(() =>
        content.evaluate((el) => (el as HTMLTextAreaElement).value.slice((el as HTMLTextAreaElement).selectionStart, (el as HTMLTextAreaElement).selectionEnd)),
      )
      .toBe('name');
    await page.keyboard.type('team');
    await expect.poll(() => content.inputValue()).toBe('# Weekly update\n\nSummarize **progress** for {{team}}');
    await seen(page, '1 variable: team');
    await seen(page, /^52 \/ 100,000 characters$/);
    // The variable is marked behind the text, at its place.
    expect(await page.locator('mark', { hasText: '{{team}}' }).count()).toBe(1);
    const tall = await content.evaluate((el) => el.getBoundingClientRect().height);
    await content.press('End');
    await page.keyboard.type('\n\nline\nline\nline\nline\nline\nline\nline\nline\nline\nline\nline\nline');
    await expect.poll(() => content.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(tall);
    await expectAccessible(page, 'content editor');
    await screenshot(page, 'content-editor');

    // Tab leaves the editor for the next control.
    await content.focus();
    await page.keyboard.press('Tab');
    expect(await content.evaluate((el) => el === document.activeElement)).toBe(false);

    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Rendered preview' });
    await expect.poll(() => preview.getByRole('heading', { name: 'Weekly update' }).isVisible()).toBe(true);
    expect(await preview.locator('strong', { hasText: 'progress' }).count()).toBe(1);
    await expectAccessible(page, 'content preview');
    await screenshot(page, 'content-preview');
    await useDark(page);
    await page.reload();
    await page.getByLabel('Content').fill('Dark {{mode:on|off}} check');
    await screenshot(page, 'dark-content-editor');
  });
});
