import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// A member who sees more collections than the API's largest page (200): the sidebar's "Show all"
// reaches every one (a search by name, further pages on demand), and so do the "Add to collection"
// menus, on a desktop and at 375 px.
const suite = useBrowserSuite();
let erin: SeededUser;
const ids = new Map<string, string>();

const TEAM_KITS = 205;
/** Last by name, past the first page; long, so that its truncation shows. */
const LAST = 'Zephyr: the quarterly onboarding and enablement playbook for every regional sales team';
const PROMPT = 'Welcome email';
const PHONE = { width: 375, height: 800 };

const sidebarCollections = (page: Page) => page.getByRole('navigation', { name: 'Collections' });
const kit = (n: number) => `Team kit ${String(n).padStart(3, '0')}`;

beforeAll(async () => {
  const url = suite.server.url;
  await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  erin = await registerUser(url, { firstName: 'Erin', lastName: 'Editor', businessUnit: 'Engineering' });
  await apiCall(url, 'POST', '/api/prompts', { title: PROMPT, content: 'Hello and welcome.', aiModels: ['ChatGPT'], tags: ['onboarding'] }, erin.token);
  const names = [...Array.from({ length: TEAM_KITS }, (_, i) => kit(i + 1)), LAST];
  // A few at a time: the machine running the suite may have two cores.
  for (let i = 0; i < names.length; i += 8) {
    const made = await Promise.all(
      names.slice(i, i + 8).map((name) => apiCall<{ id: string; name: string }>(url, 'POST', '/api/collections', { name }, erin.token)),
    );
    for (const c of made) ids.set(c.name, c.id);
  }
}, 120_000);

describe('more collections than one page', () => {
  it('are all reached from the sidebar, page by page and by name', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, '/all-prompts');
    const nav = sidebarCollections(page);
    // The first page holds 200 of them: the button claims no count it does not know.
    const toggle = nav.getByRole('button', { name: 'Show all', exact: true });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    await toggle.click();
    const box = nav.getByRole('searchbox', { name: 'Find a collection' });
    // Hundreds of links would lie between the button and the box: the box takes the focus.
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link', { name: new RegExp(`^${kit(201)}`) }).count()).toBe(0);

    const more = nav.getByRole('button', { name: 'Show more collections' });
    await screenshot(page, 'collections-sidebar-all', false);
    // "Show more" by keyboard: the focus goes to the first collection it brought.
    await more.focus();
    await page.keyboard.press('Enter');
    const next = nav.getByRole('link', { name: new RegExp(`^${kit(201)}`) });
    await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => nav.getByRole('button', { name: 'Show more collections' }).count()).toBe(0);
    await expectAccessible(page, 'sidebar, every collection');

    // By name, on the server.
    await box.fill('zephyr');
    const last = nav.getByRole('link', { name: new RegExp(`^${LAST}`) });
    await expect.poll(() => nav.locator('li > a').count()).toBe(1);
    expect(await last.isVisible()).toBe(true);
    await expectAccessible(page, 'sidebar search');
    await screenshot(page, 'collections-sidebar-search', false);
    await box.fill('nothing like it');
    await seen(page, 'No collection matches “nothing like it”.');
    await box.fill('zephyr');
    await expect.poll(() => last.isVisible()).toBe(true);
    await last.click();
    await page.waitForURL(new RegExp(`/collections/${ids.get(LAST)}$`));
    await expect.poll(() => page.getByRole('heading', { name: LAST, level: 1 }).isVisible()).toBe(true);
  });

  it('are all reached from a row’s and the bulk bar’s Add to collection, by name', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, '/all-prompts');
    await page.getByRole('button', { name: `Add ${PROMPT} to a collection` }).click();
    const menu = page.getByRole('menu', { name: `Add ${PROMPT} to a collection` });
    const box = page.getByRole('searchbox', { name: 'Find a collection' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await seen(page, 'More collections than these: type a name to find the others.');
    await page.keyboard.type('zeph');
    const item = menu.getByRole('menuitemcheckbox', { name: LAST });
    await expect.poll(() => item.isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `Added to ${LAST}` })
          .count(),
      )
      .toBe(1);
    await expectAccessible(page, 'add to collection menu, searched');
    await screenshot(page, 'collection-add-menu-search', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    const items = await apiCall<{ items: Array<{ title: string }> }>(
      suite.server.url,
      'GET',
      `/api/prompts?collection=${ids.get(LAST)}`,
      undefined,
      erin.token,
    );
    expect(items.items.map((p) => p.title)).toEqual([PROMPT]);

    // The bulk bar's menu finds one past the first page too.
    await page.getByRole('checkbox', { name: `Select ${PROMPT}`, exact: true }).click();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('searchbox', { name: 'Find a collection' }).fill(kit(205));
    await page
      .getByRole('menu', { name: 'Add to collection' })
      .getByRole('menuitem', { name: kit(205) })
      .click();
    await seen(page, `Added 1 prompt to “${kit(205)}”.`);
  });

  it('fit a phone: the sidebar’s search and the menu’s at 375 px', async () => {
    const { page } = await suite.open(PHONE);
    await signInWithToken(page, erin.token, '/all-prompts');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = sidebarCollections(page);
    await nav.getByRole('button', { name: 'Show all', exact: true }).click();
    await nav.getByRole('searchbox', { name: 'Find a collection' }).fill('z');
    await expect.poll(() => nav.getByRole('link', { name: new RegExp(`^${LAST}`) }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'sidebar search at 375 px');
    await screenshot(page, 'collections-sidebar-search-375', false);
    await page.getByRole('button', { name: 'Close navigation' }).click();

    await page.getByRole('button', { name: `Add ${PROMPT} to a collection` }).click();
    await page.getByRole('searchbox', { name: 'Find a collection' }).fill('z');
    await expect.poll(() => page.getByRole('menuitemcheckbox', { name: LAST }).isVisible()).toBe(true);
    await expectAccessible(page, 'add to collection menu at 375 px');
    await screenshot(page, 'collection-add-menu-search-375', false);
  });
});
