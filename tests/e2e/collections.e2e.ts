import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Collections through the screens: making one from the sidebar, filling it from a row's "Add to
// collection" and from the bulk bar, reordering it by keyboard and by drag and drop, searching inside
// it, starring it, editing it, and a read member who sees it with only the prompts they may see and
// no way to change it.
const suite = useBrowserSuite();
let admin: SeededUser;
let erin: SeededUser;
let rita: SeededUser;
let cody: SeededUser;
let kitId = '';

const NAME = 'Onboarding kit';
const PRIVATE = 'Erin’s private welcome notes';

const sidebarCollections = (page: Page) => page.getByRole('navigation', { name: 'Collections' });
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
const apiOrder = async (token: string) =>
  (await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', `/api/prompts?collection=${kitId}&limit=100`, undefined, token)).items.map(
    (i) => i.title,
  );
const announced = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();
/**
 * Presses a key during a keyboard move until the announcement says it acted. dnd-kit ignores a key that
 * comes before it has measured the list after the previous one, which a busy machine can make happen.
 */
async function pressUntilAnnounced(page: Page, key: string, expected: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press(key);
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline) {
      if ((await announced(page)) === expected) return;
      await page.waitForTimeout(50);
    }
  }
  expect(await announced(page)).toBe(expected);
}

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  erin = await registerUser(url, { firstName: 'Erin', lastName: 'Editor', businessUnit: 'Engineering' });
  rita = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering' });
  cody = await registerUser(url, { firstName: 'Cody', lastName: 'Colleague', businessUnit: 'Sales' });
  await setRoleAsAdmin(url, admin, rita, 'read');
  const create = (title: string, visibility = 'organization') =>
    apiCall(url, 'POST', '/api/prompts', { title, content: `The text of ${title}.`, aiModels: ['ChatGPT'], tags: ['onboarding'], visibility }, erin.token);
  for (const title of ['Welcome email', 'First-week checklist', 'Team introduction', 'Expense policy FAQ']) await create(title);
  await create(PRIVATE, 'private');
  // A collection named before the kit: until the kit is starred, it comes first in the sidebar.
  await apiCall(url, 'POST', '/api/collections', { name: 'Alpha picks' }, erin.token);
});

describe('collections', () => {
  it('are made, filled, reordered, searched, starred and edited by their owner', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, '/all-prompts');
    const nav = sidebarCollections(page);
    await expect.poll(() => nav.getByRole('link', { name: /Alpha picks/ }).isVisible()).toBe(true);

    // New collection, from the sidebar: the dialog takes the name and a Markdown description.
    await nav.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await expect.poll(() => dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Description').fill('Everything a **new hire** needs in the first week.\n\n- Read them in order\n- Ask your buddy');
    expect(await dialog.getByRole('radio', { name: 'Everyone in the organization' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await page.waitForURL(/\/collections\/[0-9a-f-]+$/);
    kitId = page.url().split('/').pop()!;
    await expect.poll(() => page.getByRole('heading', { name: NAME, level: 1 }).isVisible()).toBe(true);
    await seen(page, 'This collection has no prompts yet');
    expect(await page.getByText('new hire', { exact: true }).evaluate((el) => el.tagName)).toBe('STRONG');
    await expectAccessible(page, 'empty collection');
    await screenshot(page, 'collection-empty');

    // One prompt from its row's menu: ticked at once, and the menu stays open for more.
    await page.goto('/all-prompts');
    await page.getByRole('button', { name: 'Add Welcome email to a collection' }).click();
    const menu = page.getByRole('menu', { name: 'Add Welcome email to a collection' });
    const kitItem = menu.getByRole('menuitemcheckbox', { name: NAME });
    await expect.poll(() => kitItem.getAttribute('aria-checked')).toBe('false');
    await kitItem.click();
    await expect.poll(() => kitItem.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `Added to ${NAME}` })
          .count(),
      )
      .toBe(1);
    await expectAccessible(page, 'add to collection menu');
    await screenshot(page, 'collection-add-menu', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);

    // Two more from the bulk bar.
    for (const title of ['First-week checklist', 'Team introduction']) await page.getByRole('checkbox', { name: `Select ${title}`, exact: true }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('menu', { name: 'Add to collection' }).getByRole('menuitem', { name: NAME }).click();
    await seen(page, `Added 2 prompts to “${NAME}”.`);
    await expect.poll(() => bar.count()).toBe(0);
    // The owner's private prompt goes in too: only those who may see it see it there.
    const privateId = (
      await apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts/my?limit=100', undefined, erin.token)
    ).items.find((p) => p.title === PRIVATE)!.id;
    await apiCall(suite.server.url, 'POST', `/api/collections/${kitId}/items`, { promptId: privateId }, erin.token);
    expect(await apiOrder(erin.token)).toEqual(['Welcome email', 'First-week checklist', 'Team introduction', PRIVATE]);

    // The All Prompts list filtered by the collection, with its chip.
    await page.goto(`/all-prompts?collection=${kitId}`);
    await expect.poll(() => page.getByRole('button', { name: 'Remove filter Collection' }).isVisible()).toBe(true);
    await seen(page, 'Collection:');
    await expect.poll(() => page.getByRole('group', { name: 'Active filters' }).textContent()).toContain(NAME);
    await expect.poll(() => rowTitles(page)).toEqual(['Welcome email', 'First-week checklist', 'Team introduction', PRIVATE]);
    await page.getByRole('button', { name: 'Remove filter Collection' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Expense policy FAQ', exact: true }).isVisible()).toBe(true);

    // Reorder by keyboard: "Team introduction" up one place, each step announced by name and place.
    await nav.getByRole('link', { name: new RegExp(NAME) }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Welcome email', 'First-week checklist', 'Team introduction', PRIVATE]);
    await page.getByRole('button', { name: 'Reorder', exact: true }).click();
    const handle = page.getByRole('button', { name: 'Reorder Team introduction' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page)).toBe('Team introduction is at position 3 of 4.');
    await pressUntilAnnounced(page, 'ArrowUp', 'Team introduction moved to position 2 of 4.');
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page)).toBe('Team introduction dropped at position 2 of 4.');
    await expect.poll(() => apiOrder(erin.token)).toEqual(['Welcome email', 'Team introduction', 'First-week checklist', PRIVATE]);
    await expectAccessible(page, 'reorder list');

    // Reorder by drag and drop: "Welcome email" below "First-week checklist".
    const from = (await page.getByRole('button', { name: 'Reorder Welcome email' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Reorder First-week checklist' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y + 10) * step) / 12 + from.height / 2);
    await page.mouse.up();
    await expect.poll(() => apiOrder(erin.token)).toEqual(['Team introduction', 'First-week checklist', 'Welcome email', PRIVATE]);
    await screenshot(page, 'collection-reorder');
    await page.getByRole('button', { name: 'Done' }).click();

    // The order stays after a reload.
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist', 'Welcome email', PRIVATE]);
    await expectAccessible(page, 'collection page');
    await screenshot(page, 'collection-page');

    // A search inside the collection: reordering waits for the collection's order again.
    await page.getByRole('searchbox', { name: 'Search this collection' }).fill('checklist');
    await expect.poll(() => rowTitles(page)).toEqual(['First-week checklist']);
    expect(await page.getByRole('button', { name: 'Reorder', exact: true }).isDisabled()).toBe(true);
    await seen(page, 'Reordering needs the collection’s order, with no search or filter.');
    await page.getByRole('button', { name: 'Show the collection’s order' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist', 'Welcome email', PRIVATE]);

    // Starred, it comes first in the sidebar.
    const names = () => nav.getByRole('link').allTextContents();
    expect((await names())[0]).toContain('Alpha picks');
    await nav.getByRole('button', { name: `Star ${NAME}` }).click();
    await expect.poll(async () => (await names())[0]).toContain(NAME);
    expect(await nav.getByRole('button', { name: `Star ${NAME}` }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'collection-sidebar', false);

    // Edit: the dialog starts from the collection, and the page follows the change.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit collection' });
    expect(await edit.getByLabel('Name').inputValue()).toBe(NAME);
    await edit.getByRole('radio', { name: 'Business units' }).check();
    await expect.poll(() => edit.getByRole('button', { name: 'Remove business unit Engineering' }).isVisible()).toBe(true);
    await expectAccessible(page, 'edit collection dialog');
    await screenshot(page, 'collection-edit-dialog', false);
    await edit.getByRole('radio', { name: 'Everyone in the organization' }).check();
    await edit.getByLabel('Description').fill('Everything a **new hire** needs in the first week.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Collection saved');
    await expect.poll(() => page.getByText('- Ask your buddy').count()).toBe(0);
    await expect.poll(() => page.getByText('Ask your buddy').count()).toBe(0);

    // A row's "Remove from the collection".
    await page.getByRole('button', { name: 'Remove Welcome email from the collection' }).click();
    await seen(page, 'Removed “Welcome email” from the collection');
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist', PRIVATE]);
    // Undo puts it back in its place, not at the end; then it goes for good.
    await page.getByRole('button', { name: 'Undo' }).click();
    await seen(page, 'Put “Welcome email” back');
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist', 'Welcome email', PRIVATE]);
    await page.getByRole('button', { name: 'Remove Welcome email from the collection' }).click();
    await seen(page, 'Removed “Welcome email” from the collection');
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist', PRIVATE]);
  });

  it('fits a phone, with the cards and the collection’s actions', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, erin.token, `/collections/${kitId}`);
    await expect.poll(() => page.getByRole('heading', { name: NAME, level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('list', { name: 'Prompts' }).getByRole('listitem').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'collection page on a phone');
    await screenshot(page, 'collection-page-phone');
  });

  it('lets the owner add a co-owner from the collection page, who may then change it', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, erin.token, `/collections/${kitId}`);
    const owners = page.getByRole('region', { name: 'Owners' });
    await expect.poll(() => owners.getByText('Owned by Erin Editor').isVisible()).toBe(true);
    await owners.getByRole('button', { name: 'Manage owners' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage owners' });
    await seen(page, 'Co-owners can edit this collection, change who sees it and who co-owns it.');
    await dialog.getByRole('combobox', { name: 'Add co-owner' }).fill('cody');
    await page.getByRole('option', { name: /Cody Colleague/ }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove Cody Colleague' }).isVisible()).toBe(true);
    await expectAccessible(page, 'collection owners dialog');
    await screenshot(page, 'collection-owners-dialog', false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Co-owners saved');
    await expect.poll(() => owners.getByText('co-owned with Cody Colleague').isVisible()).toBe(true);
    await screenshot(page, 'collection-page-owners', false);

    // The co-owner, of another unit, may now edit it (it is shared with the whole organization).
    const second = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(second.page, cody.token, `/collections/${kitId}`);
    await expect.poll(() => second.page.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => second.page.getByRole('region', { name: 'Owners' }).getByRole('button', { name: 'Manage owners' }).isVisible()).toBe(true);
  });

  it('shows a read member the collection with only the prompts they may see, and nothing to change', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, rita.token, `/collections/${kitId}`);
    await expect.poll(() => page.getByRole('heading', { name: NAME, level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => rowTitles(page)).toEqual(['Team introduction', 'First-week checklist']);
    await seen(page, '2 prompts');
    for (const name of ['Edit', 'Delete', 'Reorder', 'Manage owners']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'Owners' }).getByText('co-owned with Cody Colleague').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /from the collection$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /to a collection$/ }).count()).toBe(0);
    const nav = sidebarCollections(page);
    expect(await nav.getByRole('button', { name: 'New collection' }).count()).toBe(0);
    await expect.poll(() => nav.getByRole('link', { name: new RegExp(NAME) }).isVisible()).toBe(true);
    // Starring is for everyone who sees it: it orders their own sidebar.
    await nav.getByRole('button', { name: 'Star Alpha picks' }).click();
    await expect.poll(() => nav.getByRole('button', { name: 'Star Alpha picks' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'collection page, read member');
    await screenshot(page, 'collection-page-reader');
  });
});
