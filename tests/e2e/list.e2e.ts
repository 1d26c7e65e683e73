import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen, seriousViolations } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let ada: SeededUser;

beforeAll(async () => {
  ada = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Lovelace' });
  const filler = Array.from({ length: 80 }, (_, i) => `step${i}`).join(' ');
  const create = (title: string, content: string) =>
    apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['Claude'], tags: ['legal'] }, ada.token);
  await create('Quarterly planning', `## Agenda\n\n**Goals** first. ${filler} then negotiate the indemnity clause.`);
  await create('Meeting notes', '# Notes\n\n- one\n- two');
});

describe('the prompt list', () => {
  it('shows plain-text previews, and a snippet with the match marked when the word is only in the content', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, ada.token);
    await seen(page, 'Agenda Goals first.');
    expect(await page.getByText('## Agenda').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('indemnity');
    const hit = page.locator('mark.search-hit', { hasText: 'indemnity' });
    await expect.poll(() => hit.isVisible()).toBe(true);
    // On screen, not cut off by the one-line cell: the mark lies within its cell's box.
    const inside = await hit.evaluate((mark) => {
      const cell = mark.closest('p')!.getBoundingClientRect();
      const box = mark.getBoundingClientRect();
      return box.right <= cell.right + 1 && box.left >= cell.left - 1;
    });
    expect(inside).toBe(true);
    await seen(page, /^1 prompt\b/);
    await expectAccessible(page, 'list with a snippet');
    await screenshot(page, 'list-snippet');

    // The check itself finds what it is there for: an unnamed button and an image without text, added
    // after a client-side change (the checker is already in the page from the check above).
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML('beforeend', '<button type="button" id="unnamed-probe"></button><img id="alt-probe" src="/favicon.ico">');
    });
    const found = await seriousViolations(page, 'probe');
    expect(found).toContain('probe: button-name (critical) #unnamed-probe');
    expect(found).toContain('probe: image-alt (critical) #alt-probe');
  });

  it('skips to the content with the first Tab and focuses the search with "/"', async () => {
    const { page } = await suite.open();
    await signInWithToken(page, ada.token);
    await seen(page, 'Meeting notes');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    // The next stop is in the page, not one of the sidebar's filter checkboxes.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    await page.getByRole('heading', { name: 'All Prompts' }).click();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search prompts');
    await page.keyboard.type('notes');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('notes');
  });
});
