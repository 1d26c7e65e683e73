import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let ada: SeededUser;
let bob: SeededUser;

const create = (user: SeededUser, title: string, tags: string[], content = 'Plain text.') =>
  apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['ChatGPT'], tags }, user.token);

beforeAll(async () => {
  ada = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Engineering' });
  bob = await registerUser(suite.server.url, { firstName: 'Bob', lastName: 'Marley', businessUnit: 'Sales' });
  await create(ada, 'SQL review', ['sql', 'review'], 'Review this contract query.');
  await create(ada, 'Index advice', ['sql']);
  await create(bob, 'Contract redlines', ['legal', 'sql'], 'Mark up the contract.');
  // 80 more tags on two prompts, each used once: more than the 50 the panel gets at first.
  const many = (from: number) => Array.from({ length: 40 }, (_, i) => `topic-${String(from + i).padStart(3, '0')}`);
  await create(bob, 'Many topics one', many(0));
  await create(bob, 'Many topics two', [...many(40).slice(0, 39), 'zz-rare-tag']);
  for (let i = 0; i < 60; i++) await create(ada, `Filler prompt ${String(i).padStart(2, '0')}`, ['filler']);
}, 120_000);

async function open(path = '/all-prompts'): Promise<Page> {
  const { page } = await suite.open();
  await signInWithToken(page, ada.token, path);
  return page;
}

const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });
/** The count the panel shows beside a value, read from the checkbox's name ("sql, 3 prompts"). */
async function countOf(page: Page, value: string): Promise<number | null> {
  const box = filters(page).getByRole('checkbox', { name: new RegExp(`^${value}\\s*,\\s*\\d`) });
  if (!(await box.count())) return null;
  const label = await box.first().evaluate((el) => (el as HTMLButtonElement).labels?.[0]?.textContent ?? '');
  return Number(/,\s*([\d,]+)\s*prompt/.exec(label)?.[1]?.replaceAll(',', ''));
}

describe('filters that scale, and a view kept in the URL', () => {
  it('counts each group under the search and the other groups', async () => {
    const page = await open();
    await expect.poll(() => countOf(page, 'sql')).toBe(3);
    await filters(page)
      .getByRole('checkbox', { name: /^Engineering\s*,/ })
      .click();
    await expect.poll(() => countOf(page, 'sql')).toBe(2);
    await expect.poll(() => countOf(page, 'legal')).toBe(null);
    // Other units keep their counts: choosing one more would widen the list.
    await expect.poll(() => countOf(page, 'Sales')).toBe(3);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('contract');
    await expect.poll(() => countOf(page, 'sql')).toBe(1);
    await expectAccessible(page, 'filters with a unit and a search');
  });

  it('finds a value beyond the first fifty through its filter box, and shows it as a removable chip', async () => {
    const page = await open();
    const box = filters(page).getByRole('searchbox', { name: 'Filter tags…' });
    await expect.poll(() => box.isVisible()).toBe(true);
    await seen(page, /The 50 most used of \d+: type to find others/);
    expect(await countOf(page, 'zz-rare-tag')).toBe(null);
    await box.fill('rare');
    await expect.poll(() => countOf(page, 'zz-rare-tag')).toBe(1);
    await filters(page)
      .getByRole('checkbox', { name: /^zz-rare-tag\s*,/ })
      .click();
    await seen(page, /^1 prompt$/);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect.poll(() => chips.getByText('Tag: zz-rare-tag').isVisible()).toBe(true);
    await screenshot(page, 'filters-rare-tag');

    await box.fill('');
    await filters(page)
      .getByRole('checkbox', { name: /^sql\s*,/ })
      .click();
    await expect.poll(() => chips.getByRole('button', { name: 'Clear all' }).isVisible()).toBe(true);
    await chips.getByRole('button', { name: 'Remove filter Tag: zz-rare-tag' }).click();
    await expect.poll(() => chips.getByText('Tag: zz-rare-tag').count()).toBe(0);
    await seen(page, /^3 prompts$/);
    await filters(page)
      .getByRole('checkbox', { name: /^review\s*,/ })
      .click();
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => chips.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tags')).toBeNull();
  });

  it('restores search, filters and sort from the URL on reload, and the previous view on Back', async () => {
    const page = await open();
    await filters(page)
      .getByRole('checkbox', { name: /^Engineering\s*,/ })
      .click();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('review');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('review');
    await page.getByRole('button', { name: 'Prompt Title' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('title');
    const url = new URL(page.url());
    expect(url.searchParams.get('businessUnits')).toBe('Engineering');

    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('review');
    await expect
      .poll(() =>
        filters(page)
          .getByRole('checkbox', { name: /^Engineering\s*,/ })
          .isChecked(),
      )
      .toBe(true);
    await seen(page, /^1 prompt$/);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Prompt Title' }).getAttribute('aria-sort')).toBe('ascending');

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('businessUnits')).toBeNull();
    await expect
      .poll(() =>
        filters(page)
          .getByRole('checkbox', { name: /^Engineering\s*,/ })
          .isChecked(),
      )
      .toBe(false);
  });

  it('comes back from a prompt to the same place in the list', async () => {
    const page = await open('/all-prompts?tags=filler');
    await seen(page, /^60 prompts$/);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1400);
    await page
      .getByRole('button', { name: /^View Filler prompt/ })
      .nth(12)
      .click();
    // Where the reader leaves from: the page under the open dialog, once it has opened.
    await expect.poll(() => page.getByRole('link', { name: 'Open page' }).isVisible()).toBe(true);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await page.getByRole('link', { name: 'Open page' }).click();
    await expect.poll(() => page.url()).toContain('/prompts/');
    // The dialog has closed and the list has gone (while the dialog is open the list is hidden from roles, not gone).
    await expect.poll(() => page.getByRole('link', { name: 'Open page' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^View Filler prompt/ }).count()).toBe(0);
    // The reader reads the prompt from its top, then goes back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);
  });

  it('shows the filter panel beside prompt lists only', async () => {
    const page = await open('/my-prompts');
    await expect.poll(() => filters(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Create Prompt' }).click();
    await expect.poll(() => page.url()).toContain('/create-prompt');
    await expect.poll(() => filters(page).count()).toBe(0);
    await page.goto('/user-management');
    await seen(page, 'User Management');
    await expect.poll(() => filters(page).count()).toBe(0);
  });

  it('fits a phone: the drawer holds the filters', async () => {
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, ada.token, '/all-prompts?tags=sql');
    await seen(page, /^3 prompts$/);
    await screenshot(page, 'filters-chips-375');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('searchbox', { name: 'Filter tags…' }).isVisible()).toBe(true);
    await screenshot(page, 'filters-drawer-375', false);
  });
});
