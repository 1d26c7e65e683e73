import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Bulk actions on All Prompts: picking rows (click, shift-click, Space, shift+Space), the whole filtered
// list beyond the loaded page, the four actions, and who may select what.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;
let reader: SeededUser;

/** More than one page of the list (50 rows), so "all matching" must reach rows never loaded. */
const BATCH = 62;

interface Listed {
  items: Array<{ id: string; title: string; tags: string[]; userBusinessUnit: string }>;
  total: number;
  nextCursor: string | null;
}

const create = (user: SeededUser, title: string, tags: string[]) =>
  apiCall<{ id: string }>(suite.server.url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags }, user.token);

/** Every prompt a list query matches, page by page, as the API gives them. */
async function listAll(query: string, token: string): Promise<Listed['items']> {
  const all: Listed['items'] = [];
  let cursor = '';
  do {
    const page = await apiCall<Listed>(suite.server.url, 'GET', `/api/prompts?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, undefined, token);
    all.push(...page.items);
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return all;
}

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const box = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: title, exact: true }) });

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  editor = await registerUser(url, { firstName: 'Ed', lastName: 'Itor', businessUnit: 'Engineering' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering' });
  await setRoleAsAdmin(url, admin, reader, 'read');
  await apiCall(url, 'POST', '/api/admin/business-units', { name: 'Sales' }, admin.token);

  for (const letter of ['A', 'B', 'C']) await create(admin, `Move me ${letter}`, ['mover', 'keep']);
  // Its only tag: removing "mover" from it is refused.
  await create(admin, 'Stay put', ['mover']);
  for (let i = 1; i <= BATCH; i++) await create(i % 2 ? admin : editor, `Batch prompt ${String(i).padStart(2, '0')}`, ['batch']);
  for (const n of [1, 2, 3]) await create(admin, `Old draft ${n}`, ['old']);
  for (const n of [1, 2]) await create(admin, `Second thoughts ${n}`, ['rethink']);
  for (const n of [1, 2, 3]) await create(editor, `Editor draft ${n}`, ['drafts']);
  await create(admin, 'Admin draft', ['drafts']);
});

describe('bulk actions', () => {
  it('selects a range with click and shift-click, and moves it to another business unit', async () => {
    const { page } = await suite.open({ width: 1280, height: 860 });
    await signInWithToken(page, admin.token, '/all-prompts?tags=mover&sort=title&order=asc');
    await seen(page, 'Stay put');
    // Nothing selected yet: the bar (and its code) is not there.
    expect(await bar(page).count()).toBe(0);

    await box(page, 'Move me A').click();
    await box(page, 'Move me C').click({ modifiers: ['Shift'] });
    await expect.poll(() => bar(page).getByText('3 selected').isVisible()).toBe(true);
    for (const t of ['Move me A', 'Move me B', 'Move me C']) expect(await box(page, t).isChecked()).toBe(true);
    expect(await box(page, 'Stay put').isChecked()).toBe(false);
    const header = page.getByRole('checkbox', { name: 'Select all loaded' });
    expect(await header.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    // A fourth prompt matches: it can be added by selecting all matching.
    expect(await bar(page).getByRole('button', { name: 'Select all 4 matching' }).isVisible()).toBe(true);
    // The table still fits the page at 1280 px with its new column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'bulk bar');
    await screenshot(page, 'bulk-bar', false);

    await bar(page).getByRole('button', { name: 'Move to business unit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to business unit' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const unit = dialog.getByRole('combobox', { name: 'Business unit' });
    // Focus goes straight to the choice.
    await expect.poll(() => unit.evaluate((el) => el === document.activeElement)).toBe(true);
    await unit.fill('Sal');
    await dialog.getByRole('option', { name: 'Sales' }).click();
    await expectAccessible(page, 'move dialog');
    await screenshot(page, 'bulk-move-dialog', false);
    await dialog.getByRole('button', { name: 'Move 3 prompts' }).click();
    await seen(page, 'Moved 3 prompts to “Sales”');
    await expect.poll(() => bar(page).count()).toBe(0);
    // The focus is not lost with the bar: it lands on the header box.
    await expect.poll(() => activeLabel(page)).toBe('Select all loaded');
    for (const t of ['Move me A', 'Move me B', 'Move me C']) await expect.poll(() => rowOf(page, t).textContent()).toContain('Sales');
    expect(await rowOf(page, 'Stay put').textContent()).toContain('Engineering');
    expect(await box(page, 'Move me A').isChecked()).toBe(false);
  });

  it('works from the keyboard: Space, shift+Space for a range, Escape in the bar; shows the server’s refusal in the dialog', async () => {
    const { page } = await suite.open({ width: 1024, height: 800 });
    await signInWithToken(page, admin.token, '/all-prompts?tags=mover&sort=title&order=asc');
    await seen(page, 'Stay put');
    // At 1024 px the page does not scroll sideways either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await box(page, 'Stay put').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => bar(page).getByText('1 selected').isVisible()).toBe(true);
    await box(page, 'Move me B').focus();
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => bar(page).getByText('3 selected').isVisible()).toBe(true);
    expect(await box(page, 'Move me C').isChecked()).toBe(true);
    expect(await box(page, 'Move me A').isChecked()).toBe(false);

    await bar(page).getByRole('button', { name: 'Remove tag…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove a tag' });
    const tag = dialog.getByRole('combobox', { name: 'Tag' });
    await expect.poll(() => tag.evaluate((el) => el === document.activeElement)).toBe(true);
    // Offered: the tags the selected prompts carry.
    await dialog.getByRole('button', { name: 'Show options' }).click();
    await expect.poll(() => dialog.getByRole('option').allTextContents()).toEqual(['keep', 'mover']);
    await dialog.getByRole('option', { name: 'mover' }).click();
    await dialog.getByRole('button', { name: 'Remove tag from 3 prompts' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('is the only tag of 1 prompt in the selection');
    // Cancel gives focus back to the bar's button.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => activeLabel(page)).toBe('Remove tag…');
    await page.keyboard.press('Escape');
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(await box(page, 'Stay put').isChecked()).toBe(false);
    await expect.poll(() => activeLabel(page)).toBe('Select all loaded');
  });

  it('selects all prompts matching a filter, beyond the loaded page, and adds a tag to every one', async () => {
    const { page } = await suite.open({ width: 1280, height: 860 });
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await signInWithToken(page, admin.token, '/all-prompts?tags=batch');
    await seen(page, `${BATCH} prompts`);
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await expect.poll(() => bar(page).getByText('50 selected').isVisible()).toBe(true);
    await bar(page)
      .getByRole('button', { name: `Select all ${BATCH} matching` })
      .click();
    await expect.poll(() => bar(page).getByText(`All ${BATCH} matching selected`).isVisible()).toBe(true);
    await expectAccessible(page, 'bulk bar, all matching, dark');
    await screenshot(page, 'dark-bulk-bar', false);

    await bar(page).getByRole('button', { name: 'Add tag…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag' });
    await dialog.getByRole('combobox', { name: 'Tag' }).fill('Reviewed 2025');
    await dialog.getByRole('option', { name: 'New tag "Reviewed 2025"' }).click();
    await expectAccessible(page, 'add tag dialog, dark');
    await screenshot(page, 'dark-bulk-add-tag-dialog', false);
    await dialog.getByRole('button', { name: `Add tag to ${BATCH} prompts` }).click();
    await seen(page, `Added “Reviewed 2025” to ${BATCH} prompts`);

    // Every matching prompt has it, the 12 never loaded on screen included.
    const batch = await listAll('tags=batch', admin.token);
    expect(batch).toHaveLength(BATCH);
    expect(batch.filter((p) => !p.tags.includes('Reviewed 2025')).map((p) => p.title)).toEqual([]);
    // The list and its filter values are refreshed: the new tag is offered as a filter.
    await expect.poll(() => page.getByRole('checkbox', { name: /^Reviewed 2025\s*,/ }).count()).toBe(1);
  });

  it('moves picked rows to the trash at once, with Undo, and shows them on the Trash page; asks first for a whole filtered list', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token, '/all-prompts?tags=rethink');
    await seen(page, 'Second thoughts 1');
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await bar(page).getByRole('button', { name: 'Move to trash' }).click();
    await seen(page, 'Moved 2 prompts to the trash');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await seen(page, 'Restored 2 prompts');
    await seen(page, 'Second thoughts 2');

    await page.goto('/all-prompts?tags=old');
    await seen(page, 'Old draft 3');
    await box(page, 'Old draft 1').click();
    await box(page, 'Old draft 3').click({ modifiers: ['Shift'] });
    await bar(page).getByRole('button', { name: 'Move to trash' }).click();
    await seen(page, 'Moved 3 prompts to the trash');
    await seen(page, 'No prompts found.');

    // Every prompt of a filter has no Undo (their ids are not known here): that asks first, focus on Cancel.
    await page.goto('/all-prompts?tags=batch');
    await seen(page, `${BATCH} prompts`);
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await bar(page)
      .getByRole('button', { name: `Select all ${BATCH} matching` })
      .click();
    const moveAll = bar(page).getByRole('button', { name: 'Move to trash' });
    await moveAll.click();
    const confirm = page.getByRole('alertdialog', { name: `Move ${BATCH} prompts to the trash?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect.poll(() => activeLabel(page)).toBe('Cancel');
    await expectAccessible(page, 'trash confirmation');
    await screenshot(page, 'bulk-trash-confirm', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => activeLabel(page)).toBe('Move to trash');
    expect(await listAll('tags=batch', admin.token)).toHaveLength(BATCH);

    await page.getByRole('link', { name: 'Trash' }).click();
    for (const n of [1, 2, 3]) await seen(page, `Old draft ${n}`);
    expect(await page.getByText('Second thoughts').count()).toBe(0);
  });

  it('gives an editor boxes on their own rows only, and a read-only member none', async () => {
    const { page } = await suite.open({ width: 1280, height: 860 });
    await signInWithToken(page, editor.token, '/all-prompts?tags=drafts');
    await seen(page, 'Admin draft');
    await seen(page, 'Editor draft 1');
    for (const n of [1, 2, 3]) expect(await box(page, `Editor draft ${n}`).count()).toBe(1);
    expect(await box(page, 'Admin draft').count()).toBe(0);
    // "All loaded" means the editor's own loaded rows.
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await expect.poll(() => bar(page).getByText('3 selected').isVisible()).toBe(true);
    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => bar(page).count()).toBe(0);
    // A new search starts over: the rows picked may not be in the new list.
    await box(page, 'Editor draft 2').click();
    await expect.poll(() => bar(page).getByText('1 selected').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('draft');
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(await box(page, 'Editor draft 2').isChecked()).toBe(false);

    // Everything the editor may select in the whole library: their own batch prompts count too.
    await page.goto('/all-prompts?tags=batch');
    await seen(page, `${BATCH} prompts`);
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await bar(page)
      .getByRole('button', { name: `Select all ${BATCH / 2} matching of yours` })
      .click();
    await expect
      .poll(() =>
        bar(page)
          .getByText(`All ${BATCH / 2} matching of yours selected`)
          .isVisible(),
      )
      .toBe(true);

    const other = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 1280, height: 860 } });
    const readerPage = await other.newPage();
    await signInWithToken(readerPage, reader.token, '/all-prompts?tags=drafts');
    await seen(readerPage, 'Admin draft');
    await seen(readerPage, 'Editor draft 1');
    expect(await readerPage.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    expect(await readerPage.getByRole('columnheader').first().textContent()).toMatch(/Prompt Title/);
    await other.close();
  });

  it('selects on the cards of a 390 px screen', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, admin.token, '/all-prompts?tags=mover&sort=title&order=asc');
    await seen(page, 'Stay put');
    await box(page, 'Move me A').click();
    await box(page, 'Move me B').click({ modifiers: ['Shift'] });
    await expect.poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'bulk bar at 390 px');
    await screenshot(page, 'phone-bulk-bar', false);
    await bar(page).getByRole('button', { name: 'Add tag…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag' });
    await dialog.getByRole('combobox', { name: 'Tag' }).fill('kee');
    await dialog.getByRole('option', { name: 'keep' }).click();
    await screenshot(page, 'phone-bulk-add-tag-dialog', false);
    await dialog.getByRole('button', { name: 'Add tag to 2 prompts' }).click();
    // Both already had it: the server says how many changed.
    await seen(page, 'Added “keep” to 0 prompts');
    await seen(page, '2 prompts had that tag already.');
  });
});
