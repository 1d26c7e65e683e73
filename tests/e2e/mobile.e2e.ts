import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
const PHONE = { width: 375, height: 800 };
const LONG_TITLE = 'Summarize the quarterly customer interviews into themes, risks and next steps for the board';

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Mina', lastName: 'Mobile', businessUnit: 'Field Operations' });
  await registerUser(suite.server.url, { firstName: 'Second', lastName: 'Member', email: 'a.rather.long.address.for.a.phone@example-organization.com' });
  const create = (title: string, content: string, tags: string[]) =>
    apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['Claude', 'ChatGPT'], tags }, admin.token);
  await create(LONG_TITLE, 'Read every interview. Group the findings. '.repeat(20), ['research', 'customers', 'board', 'quarterly', 'themes']);
  await create('Contract checker', 'Find the indemnity clauses and explain them plainly.', ['legal']);
  await create('Unbroken', 'x'.repeat(300), ['supercalifragilisticexpialidocious-and-then-some']);
});

/** Nothing on the page is wider than the window: no sideways scrolling of the page or inside it. */
const widestOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const page = document.documentElement.scrollWidth - width;
    const inner = [...document.querySelectorAll<HTMLElement>('main *')].filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'auto',
    );
    return { page, scrollers: inner.map((el) => el.className) };
  });

describe('narrow screens', () => {
  it('shows All Prompts as cards at 375 px, with everything a row has and nothing scrolling sideways', async () => {
    const { page } = await suite.open(PHONE);
    await signInWithToken(page, admin.token);
    await seen(page, 'Contract checker');
    expect(await page.getByRole('table').count()).toBe(0);
    const card = page.getByRole('listitem').filter({ hasText: 'Contract checker' });
    expect(await card.textContent()).toContain('Mina Mobile · Field Operations');
    expect(await card.textContent()).toContain('Find the indemnity clauses');
    expect(await card.getByRole('link', { name: 'Edit Contract checker' }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Delete Contract checker' }).isVisible()).toBe(true);
    expect(await widestOverflow(page)).toEqual({ page: 0, scrollers: [] });
    await expectAccessible(page, 'all prompts at 375 px');
    await screenshot(page, 'phone-all-prompts');
    await card.getByRole('button', { name: 'Contract checker', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Contract checker' }).isVisible()).toBe(true);
  });

  it('keeps My Prompts, User Management and the other screens within 375 px, User Management as cards', async () => {
    const { page } = await suite.open(PHONE);
    await signInWithToken(page, admin.token, '/my-prompts');
    await seen(page, 'Contract checker');
    expect(await widestOverflow(page)).toEqual({ page: 0, scrollers: [] });
    await screenshot(page, 'phone-my-prompts');
    await page.goto('/user-management');
    await seen(page, 'a.rather.long.address.for.a.phone@example-organization.com');
    expect(await page.getByRole('table').count()).toBe(0);
    const card = page.getByRole('listitem').filter({ hasText: 'Second Member' });
    expect(await card.getByRole('button', { name: /^Reset password of/ }).isVisible()).toBe(true);
    expect(await widestOverflow(page)).toEqual({ page: 0, scrollers: [] });
    await expectAccessible(page, 'user management at 375 px');
    await screenshot(page, 'phone-user-management');
    for (const [path, text] of [
      ['/create-prompt', 'Create Prompt'],
      ['/form-field-management', 'Form Field Management'],
      ['/business-units', 'Business Units'],
      ['/export-data', 'Export Data'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: text }).isVisible()).toBe(true);
      expect(await widestOverflow(page), path).toEqual({ page: 0, scrollers: [] });
    }
  });

  it('gives the title the room on a 1366 px table: at least 45 characters, the full title on hover', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token);
    await seen(page, 'Contract checker');
    const title = page.getByRole('button', { name: LONG_TITLE, exact: true });
    expect(await title.getAttribute('title')).toBe(LONG_TITLE);
    const shown = await title.evaluate((el, text) => Math.floor((el.clientWidth / el.scrollWidth) * text.length), LONG_TITLE);
    expect(shown).toBeGreaterThanOrEqual(45);
    // The date, the uses and the four actions fit their cells (names and units may end in an ellipsis; these may not).
    const spills = await page.locator('[data-row-index="0"] [role="cell"]').evaluateAll((cells) =>
      cells
        .slice(-3)
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || [...c.children].some((k) => k.getBoundingClientRect().left < c.getBoundingClientRect().left - 1))
        .map((c) => `${c.textContent} ${c.scrollWidth}/${c.clientWidth}`),
    );
    expect(spills).toEqual([]);
  });
});

describe('loading and empty results', () => {
  it('shows skeletons while the list first loads, keeps the results dimmed while a new search loads, and suggests what to undo', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    let delay = 1_200;
    await page.route('**/api/prompts?*', async (route) => {
      await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
    await signInWithToken(page, admin.token, '/all-prompts?tags=legal');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading prompts...' }).isVisible()).toBe(true);
    await seen(page, 'Contract checker');

    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('nothing-like-this');
    const busy = page.locator('[aria-busy="true"]');
    await expect.poll(() => busy.isVisible()).toBe(true);
    // The earlier results stay on screen while the new ones load.
    expect(await busy.getByText('Contract checker').isVisible()).toBe(true);
    delay = 0;
    await seen(page, 'No prompts found.');
    await seen(page, 'Nothing matches “nothing-like-this” together with the active filter.');
    await expectAccessible(page, 'no results with advice');
    await screenshot(page, 'no-results-advice', false);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await seen(page, 'Contract checker');
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('research');
    await seen(page, 'Nothing matches “research”');
    await page.getByRole('button', { name: 'Remove the filter' }).click();
    await seen(page, LONG_TITLE);
  });
});
