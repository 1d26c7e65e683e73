import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Selecting prompts on a collection's page: the All Prompts bulk bar, with "Remove from the collection"
// for those who may change the collection (Undo puts the prompts back in their places), prompt actions
// only over the member's own prompts, no selection while reordering, and nothing to remove for others.
const suite = useBrowserSuite();
let erin: SeededUser;
let cody: SeededUser;
let rita: SeededUser;
let kitId = '';

const ORDER = ['Welcome email', 'First-week checklist', 'Team introduction', 'Sales deck primer', 'Expense policy FAQ'];

/** The titles of the table's rows, top to bottom. */
const rowTitles = (page: Page) =>
  page
    .getByRole('table', { name: 'Prompts' })
    .locator('[role="row"][aria-rowindex]')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({ y: r.getBoundingClientRect().top, title: r.querySelector('button[dir="auto"][title]')?.getAttribute('title') ?? '' }))
        .sort((a, b) => a.y - b.y)
        .map((r) => r.title),
    );
const box = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

beforeAll(async () => {
  const url = suite.server.url;
  const admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  erin = await registerUser(url, { firstName: 'Erin', lastName: 'Editor', businessUnit: 'Engineering' });
  cody = await registerUser(url, { firstName: 'Cody', lastName: 'Colleague', businessUnit: 'Sales' });
  rita = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering' });
  await setRoleAsAdmin(url, admin, rita, 'read');
  const ids: Record<string, string> = {};
  for (const title of ORDER) {
    // One of them is Cody's: Erin may take it out of her collection, not change it.
    const token = title === 'Sales deck primer' ? cody.token : erin.token;
    const body = { title, content: `The text of ${title}.`, aiModels: ['ChatGPT'], tags: ['onboarding'], visibility: 'organization' };
    ids[title] = (await apiCall<{ id: string }>(url, 'POST', '/api/prompts', body, token)).id;
  }
  kitId = (await apiCall<{ id: string }>(url, 'POST', '/api/collections', { name: 'Onboarding kit' }, erin.token)).id;
  for (const title of ORDER) await apiCall(url, 'POST', `/api/collections/${kitId}/items`, { promptId: ids[title] }, erin.token);
});

describe('a collection’s selection', () => {
  it('removes the selected prompts from the collection, and Undo puts them back in their places', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, `/collections/${kitId}`);
    await expect.poll(() => rowTitles(page)).toEqual(ORDER);

    await box(page, 'First-week checklist').click();
    await box(page, 'Team introduction').click();
    await expect.poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true);
    // Both are Erin's: the prompt actions are there, with the collection's own first.
    for (const name of ['Remove from the collection', 'Change visibility…', 'Add to collection', 'Move to trash'])
      await expect.poll(() => bar(page).getByRole('button', { name }).isVisible()).toBe(true);
    await expectAccessible(page, 'collection with rows selected');
    await screenshot(page, 'collection-bulk-selected', false);

    await bar(page).getByRole('button', { name: 'Remove from the collection' }).click();
    await seen(page, 'Removed 2 prompts from the collection');
    await expect.poll(() => rowTitles(page)).toEqual(['Welcome email', 'Sales deck primer', 'Expense policy FAQ']);
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select /, checked: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Undo' }).click();
    await seen(page, 'Put 2 prompts back');
    await expect.poll(() => rowTitles(page)).toEqual(ORDER);
    await seen(page, '5 prompts');
  });

  it('offers only the collection’s action over someone else’s prompt, and no selection while reordering', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, `/collections/${kitId}`);
    await expect.poll(() => rowTitles(page)).toEqual(ORDER);
    await box(page, 'Welcome email').click();
    await box(page, 'Sales deck primer').click();
    await expect.poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true);
    await seen(page, 'Only your own prompts can be changed here: 1 selected belongs to others.');
    expect(await bar(page).getByRole('button', { name: 'Remove from the collection' }).isVisible()).toBe(true);
    for (const name of ['Change visibility…', 'Move to trash']) expect(await bar(page).getByRole('button', { name }).count()).toBe(0);

    // Reordering shows the whole order to drag: the selection goes, and does not come back after.
    await page.getByRole('button', { name: 'Reorder', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Reorder prompts' }).isVisible()).toBe(true);
    expect(await bar(page).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(ORDER);
    expect(await page.getByRole('checkbox', { name: /^Select /, checked: true }).count()).toBe(0);
    expect(await bar(page).count()).toBe(0);
  });

  it('fits a phone with rows selected', async () => {
    const { page } = await suite.open({ width: 375, height: 812 });
    await signInWithToken(page, erin.token, `/collections/${kitId}`);
    await expect.poll(() => page.getByRole('list', { name: 'Prompts' }).getByRole('listitem').count()).toBeGreaterThan(1);
    await box(page, 'Welcome email').click();
    await box(page, 'First-week checklist').click();
    await expect.poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true);
    expect(await bar(page).getByRole('button', { name: 'Remove from the collection' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'collection with rows selected on a phone');
    await screenshot(page, 'collection-bulk-selected-phone', false);
  });

  it('gives a member who may not change the collection no remove action, and a read member no selection', async () => {
    // Cody sees Erin's collection (shared with everyone) but does not co-own it: his own prompt can be
    // selected for the prompt actions, and nothing can be taken out of the collection.
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, cody.token, `/collections/${kitId}`);
    await expect.poll(() => rowTitles(page)).toEqual(ORDER);
    await box(page, 'Sales deck primer').click();
    for (const title of ['Welcome email', 'Team introduction']) expect(await box(page, title).count()).toBe(0);
    await expect.poll(() => bar(page).getByRole('button', { name: 'Change visibility…' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /from the collection$/ }).count()).toBe(0);

    const reader = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(reader.page, rita.token, `/collections/${kitId}`);
    await expect.poll(() => rowTitles(reader.page)).toEqual(ORDER);
    expect(await reader.page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: /from the collection$/ }).count()).toBe(0);
    await expectAccessible(reader.page, 'collection page, read member');
  });
});
