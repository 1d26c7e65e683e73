import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { linksNamed, navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The Tags admin screen: counts, search, rename (and rename into an existing tag, which merges), merging
// a selection, deleting (and the refusal when a tag is some prompt's only one), who may open it, and how
// it looks in both themes and on a phone.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;

// Commas separate tags, so a long tag is long without them.
const LONG_TAG = 'Customer success playbooks for enterprise onboarding / renewals and escalations across every region we sell in';

const create = (title: string, tags: string[], user = editor) =>
  apiCall<{ id: string }>(suite.server.url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags }, user.token);

async function openTags(user = admin, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.open(viewport ?? { width: 1280, height: 860 });
  await signInWithToken(page, user.token, '/tags');
  return page;
}

/** A tag's table row (or card below 768 px), found by its checkbox as a person would. */
const rowOf = (page: Page, name: string, role: 'row' | 'listitem' = 'row') =>
  page.getByRole(role).filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });

/** The row's "N prompts", or null while the row is not there (so a poll keeps asking instead of blocking). */
async function countOf(page: Page, name: string, role: 'row' | 'listitem' = 'row'): Promise<string | null> {
  const count = rowOf(page, name, role).getByText(/^[\d,]+ prompts?$/);
  return (await count.count()) ? count.first().textContent() : null;
}

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  editor = await registerUser(suite.server.url, { firstName: 'Ed', lastName: 'Itor' });
});

describe('the Tags screen before any prompt has a tag', () => {
  it('says there are no tags yet', async () => {
    const page = await openTags();
    await seen(page, 'No tags yet');
    await expectAccessible(page, 'tags, empty');
    await screenshot(page, 'tags-empty');
  });
});

describe('the Tags screen', () => {
  beforeAll(async () => {
    await create('Quarterly report', ['Finance', 'Reports']);
    await create('Budget review', ['Finance', 'Planning']);
    await create('Invoice chaser', ['Finance']);
    await create('Sales pitch', ['Sales', 'Marketing']);
    await create('Campaign brief', ['Marketing', 'Mktg']);
    await create('Press release', ['PR', 'Comms']);
    await create('Media list', ['PR', 'Outreach']);
    await create('Old notes', ['Legacy', 'Archive']);
    await create('Renewal call', [LONG_TAG, 'Sales']);
    // A prompt in the trash no longer counts: its tag stays, carried by no prompt.
    const { id } = await create('Scratch', ['Unused']);
    await apiCall(suite.server.url, 'DELETE', `/api/prompts/${id}`, undefined, editor.token);
  });

  it('lists every tag with how many prompts carry it, and searches them', async () => {
    const page = await openTags();
    await seen(page, 'Rename, merge or delete the tags');
    await expect.poll(() => countOf(page, 'Finance')).toBe('3 prompts');
    expect(await countOf(page, 'Marketing')).toBe('2 prompts');
    expect(await countOf(page, 'Legacy')).toBe('1 prompt');
    expect(await countOf(page, 'Unused')).toBe('0 prompts');
    expect(await countOf(page, LONG_TAG)).toBe('1 prompt');
    await seen(page, '13 tags');
    await expectAccessible(page, 'tags');
    await screenshot(page, 'tags');

    await page.getByLabel('Search tags').fill('FIN');
    await seen(page, '1 of 13 tags');
    await expect.poll(() => rowOf(page, 'Marketing').count()).toBe(0);
    expect(await rowOf(page, 'Finance').isVisible()).toBe(true);
    await page.getByLabel('Search tags').fill('nothing like this');
    await seen(page, 'No tags match your search.');
    await screenshot(page, 'tags-search-empty');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rowOf(page, 'Marketing').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search tags');
  });

  it('renames a tag in every prompt, and All Prompts shows the new name', async () => {
    const page = await openTags();
    await page.getByRole('button', { name: 'Rename Reports', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename tag' });
    const name = dialog.getByLabel('Name');
    expect(await name.inputValue()).toBe('Reports');
    // Focus starts inside the dialog, on its first control.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await name.fill('Bad, name');
    await expect.poll(() => dialog.getByText('A tag cannot contain commas or semicolons: they separate tags').isVisible()).toBe(true);
    await name.fill('Reporting');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await seen(page, 'Renamed “Reports” to “Reporting” in 1 prompt');
    await expect.poll(() => countOf(page, 'Reporting')).toBe('1 prompt');
    expect(await rowOf(page, 'Reports').count()).toBe(0);
    // Focus went back to the row's Rename button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename Reporting');

    await page.getByRole('navigation', { name: 'Prompts' }).getByRole('link', { name: 'All Prompts' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: /^Reporting\b/ }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Reports\b/ }).count()).toBe(0);
    const prompt = await apiCall<{ items: Array<{ title: string; tags: string[] }> }>(
      suite.server.url,
      'GET',
      '/api/prompts?search=Quarterly',
      undefined,
      admin.token,
    );
    expect(prompt.items.find((p) => p.title === 'Quarterly report')?.tags).toEqual(['Finance', 'Reporting']);
  });

  it('says when a new name is taken, and merges into that tag', async () => {
    const page = await openTags();
    await page.getByRole('button', { name: 'Rename Mktg', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename tag' });
    await dialog.getByLabel('Name').fill('marketing');
    await expect.poll(() => dialog.getByText('“Marketing” already exists: its prompts will be merged into it.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    await expectAccessible(page, 'rename into an existing tag');
    await screenshot(page, 'tags-rename-merge', false);
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await seen(page, 'Merged “Mktg” into “Marketing” in 1 prompt');
    await expect.poll(() => rowOf(page, 'Mktg').count()).toBe(0);
    // "Campaign brief" carried both: it keeps one "Marketing", so the count stays at two prompts.
    expect(await countOf(page, 'Marketing')).toBe('2 prompts');
  });

  it('merges two selected tags into a new name', async () => {
    const page = await openTags();
    await page.getByRole('checkbox', { name: 'Select PR', exact: true }).click();
    await seen(page, '1 selected');
    await seen(page, 'Select another to merge');
    await page.getByRole('checkbox', { name: 'Select Comms', exact: true }).click();
    const bar = page.getByRole('group', { name: 'Selected tags' });
    await expect.poll(() => bar.getByText('2 selected').isVisible()).toBe(true);
    await screenshot(page, 'tags-selected');
    await bar.getByRole('button', { name: 'Merge…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Merge 2 tags' });
    // The most used tag's name is offered first.
    await expect.poll(() => dialog.getByRole('radio', { name: /^PR/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'New name' }).fill('Communications');
    expect(await dialog.getByRole('radio', { name: 'A new name' }).isChecked()).toBe(true);
    await expectAccessible(page, 'merge dialog');
    await screenshot(page, 'tags-merge-dialog', false);
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await seen(page, 'Merged “Comms” and “PR” into “Communications” in 2 prompts');
    await expect.poll(() => countOf(page, 'Communications')).toBe('2 prompts');
    expect(await rowOf(page, 'PR').count()).toBe(0);
    expect(await rowOf(page, 'Comms').count()).toBe(0);
    expect(await bar.count()).toBe(0);

    // Clear selection empties it without merging.
    await page.getByRole('checkbox', { name: 'Select Sales', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Planning', exact: true }).click();
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search tags');
    // The bar was there (its button was clicked): it goes.
    await expect.poll(() => bar.count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select Sales', exact: true }).isChecked()).toBe(false);
  });

  it('refuses to delete the only tag of a prompt, in the dialog, and deletes another', async () => {
    const page = await openTags();
    await page.getByRole('button', { name: 'Delete Finance', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete tag?' });
    await expect.poll(() => confirm.getByText('Remove “Finance” from 3 prompts and delete it?', { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete Tag' }).click();
    const refusal = confirm.getByRole('alert');
    await expect
      .poll(() => refusal.textContent())
      .toContain('“Finance” is the only tag of 1 prompt, and prompts need at least one tag. Give it another tag, or merge “Finance” into another tag instead.');
    await expectAccessible(page, 'delete refused');
    await screenshot(page, 'tags-delete-refused', false);
    // The way forward it offers: the rename dialog, where another tag's name merges.
    await refusal.getByRole('button', { name: 'Rename or merge instead…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename tag' });
    await expect.poll(() => rename.getByLabel('Name').inputValue()).toBe('Finance');
    await page.keyboard.press('Escape');
    await expect.poll(() => rename.count()).toBe(0);
    expect(await countOf(page, 'Finance')).toBe('3 prompts');

    await page.getByRole('button', { name: 'Delete Legacy', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete Tag' }).click();
    await seen(page, 'Deleted “Legacy” from 1 prompt');
    await expect.poll(() => rowOf(page, 'Legacy').count()).toBe(0);
    // The deleted row's button is gone: focus goes to the search box rather than the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search tags');
    const old = await apiCall<{ items: Array<{ title: string; tags: string[] }> }>(suite.server.url, 'GET', '/api/prompts?search=Old', undefined, admin.token);
    expect(old.items.find((p) => p.title === 'Old notes')?.tags).toEqual(['Archive']);

    await page.getByRole('button', { name: 'Delete Unused', exact: true }).click();
    await expect.poll(() => confirm.getByText('No prompt carries it.', { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete Tag' }).click();
    await seen(page, 'Deleted “Unused”');
    await expect.poll(() => rowOf(page, 'Unused').count()).toBe(0);
  });

  it('sends a member who is not an admin away, and offers them no link', async () => {
    const { page } = await suite.open();
    await signInWithToken(page, editor.token, '/tags');
    await page.waitForURL('**/all-prompts');
    await seen(page, 'Quarterly report');
    // The sidebar is drawn, and its links are counted even inside the closed Administration group.
    await navigationShown(page);
    expect(await linksNamed(page, 'Tags')).toBe(0);
    await expect(apiCall(suite.server.url, 'GET', '/api/admin/tags', undefined, editor.token)).rejects.toThrow(/403/);
  });

  it('reads well in the dark theme', async () => {
    const page = await openTags();
    await expect.poll(() => countOf(page, 'Finance')).toBe('3 prompts');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => countOf(page, 'Finance')).toBe('3 prompts');
    await page.getByRole('checkbox', { name: 'Select Sales', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Marketing', exact: true }).click();
    await expectAccessible(page, 'tags, dark');
    await screenshot(page, 'dark-tags');
    await page.getByRole('button', { name: 'Merge…' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Merge 2 tags' }).isVisible()).toBe(true);
    await expectAccessible(page, 'merge dialog, dark');
    await screenshot(page, 'dark-tags-merge-dialog', false);
  });

  it('fits a phone, as cards', async () => {
    const phone = await openTags(admin, { width: 390, height: 844 });
    await expect.poll(() => countOf(phone, 'Finance', 'listitem')).toBe('3 prompts');
    expect(await phone.getByRole('table').count()).toBe(0);
    // No sideways scrolling, even with the longest name.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('checkbox', { name: 'Select Sales', exact: true }).click();
    await phone.getByRole('checkbox', { name: 'Select Outreach', exact: true }).click();
    await expectAccessible(phone, 'tags, 390 px');
    // The selection's bar floats over the bottom of the screen: a screenshot of what a person sees.
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, 'tags-390', false);
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(phone, 'tags-390-end', false);
    await rowOf(phone, LONG_TAG, 'listitem')
      .getByRole('button', { name: `Rename ${LONG_TAG}` })
      .click();
    await expect.poll(() => phone.getByRole('dialog', { name: 'Rename tag' }).isVisible()).toBe(true);
    await screenshot(phone, 'tags-390-rename', false);
  });

  it('draws a long list a page at a time', async () => {
    for (let p = 0; p < 5; p++) {
      await create(
        `Bulk ${p}`,
        Array.from({ length: 50 }, (_, i) => `Bulk ${String(p * 50 + i + 1).padStart(3, '0')}`),
        admin,
      );
    }
    const page = await openTags();
    await page.getByLabel('Search tags').fill('bulk');
    await seen(page, /^250 of [\d,]+ tags$/);
    await seen(page, 'Showing 200 of 250 tags');
    expect(await page.getByRole('row').count()).toBe(201);
    await page.getByRole('checkbox', { name: 'Select Bulk 001', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Bulk 002', exact: true }).click();
    await page.evaluate(() => window.scrollTo(0, 4000));
    // The selection's actions stay in view, under the header.
    await expect.poll(() => page.getByRole('button', { name: 'Merge…' }).isVisible()).toBe(true);
    await screenshot(page, 'tags-long-scrolled', false);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(251);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await rowOf(page, 'Bulk 250').isVisible()).toBe(true);
  });
});
