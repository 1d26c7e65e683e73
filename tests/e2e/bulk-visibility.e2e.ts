import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// "Change visibility" on a selection of prompts, from the bulk bar: the form's choices and unit picker
// in a dialog, reached by keyboard, the new badges on the rows and in the quick view, a phone-width
// dialog, and a read-only member who is offered none of it.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;
let reader: SeededUser;

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const box = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: title, exact: true }) });
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.closest('label')?.textContent ?? '');

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  for (const name of ['Legal', 'HR', 'Sales']) await apiCall(url, 'POST', '/api/admin/business-units', { name }, admin.token).catch(() => undefined);
  editor = await registerUser(url, { firstName: 'Erin', lastName: 'Editor', businessUnit: 'Legal' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Legal' });
  await setRoleAsAdmin(url, admin, reader, 'read');
  for (const title of ['Contract review A', 'Contract review B', 'Contract review C']) {
    await apiCall(
      url,
      'POST',
      '/api/prompts',
      { title, content: `About ${title}.`, aiModels: ['ChatGPT'], tags: ['contracts'], visibility: 'organization' },
      editor.token,
    );
  }
  await apiCall(
    url,
    'POST',
    '/api/prompts',
    { title: 'Phone check', content: 'Small screens.', aiModels: ['ChatGPT'], tags: ['phone'], visibility: 'organization' },
    editor.token,
  );
});

describe('changing the visibility of many prompts', () => {
  it('changes two picked prompts to business units from the keyboard, and shows their badges in the rows and the quick view', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, editor.token, '/all-prompts?tags=contracts&sort=title&order=asc');
    await seen(page, 'Contract review C');
    await box(page, 'Contract review A').click();
    await box(page, 'Contract review B').click();
    await expect.poll(() => bar(page).getByText('2 selected').isVisible()).toBe(true);

    await bar(page).getByRole('button', { name: 'Change visibility…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change visibility' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The focus is on the first choice; none is made for the member, and confirming asks for one.
    await expect.poll(() => focused(page)).toBe('Only me and co-owners');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Choose who can see them');
    await screenshot(page, 'bulk-visibility-dialog-no-choice', false);
    // Arrow keys move through the choices; the member's own unit comes first, more are typed.
    await dialog.getByRole('radio', { name: 'Only me and co-owners' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('radio', { name: 'Business units' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove business unit Legal' }).isVisible()).toBe(true);
    const units = dialog.getByRole('combobox', { name: 'Business units' });
    await units.focus();
    await page.keyboard.type('HR');
    await expect.poll(() => dialog.getByRole('option', { name: 'HR', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove business unit HR' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    // Escape closed the options only, not the dialog.
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'change visibility dialog');
    await screenshot(page, 'bulk-visibility-dialog-1366', false);

    await dialog.getByRole('button', { name: 'Change visibility of 2 prompts' }).focus();
    await page.keyboard.press('Enter');
    await seen(page, 'Changed who can see 2 prompts to Units: Legal, HR');
    await expect.poll(() => bar(page).count()).toBe(0);
    for (const t of ['Contract review A', 'Contract review B']) {
      await expect.poll(() => rowOf(page, t).getByText('Units: Legal, HR', { exact: true }).isVisible()).toBe(true);
    }
    expect(
      await rowOf(page, 'Contract review C')
        .getByText(/^(Private|Units:)/)
        .count(),
    ).toBe(0);
    await screenshot(page, 'bulk-visibility-rows', false);

    // The quick view shows the same badge; an organization prompt's shows none.
    await page.getByRole('button', { name: 'Contract review A', exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Contract review A' });
    await expect.poll(() => view.getByText('Units: Legal, HR', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'quick view with a unit badge');
    await screenshot(page, 'bulk-visibility-quick-view', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Contract review C', exact: true }).click();
    const other = page.getByRole('dialog', { name: 'Contract review C' });
    await expect.poll(() => other.getByRole('button', { name: 'Copy prompt' }).isVisible()).toBe(true);
    expect(await other.getByText(/^(Private|Units:)/).count()).toBe(0);
  });

  it('fits a phone: the dialog at 390 px, and the change made private', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, editor.token, '/all-prompts?tags=phone');
    await seen(page, 'Phone check');
    await page.getByRole('checkbox', { name: 'Select Phone check', exact: true }).click();
    await bar(page).getByRole('button', { name: 'Change visibility…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change visibility' });
    await dialog.getByRole('radio', { name: 'Business units' }).check();
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove business unit Legal' }).isVisible()).toBe(true);
    // Nothing of the dialog is wider than the phone.
    const box390 = await dialog.boundingBox();
    expect(box390!.x).toBeGreaterThanOrEqual(0);
    expect(box390!.x + box390!.width).toBeLessThanOrEqual(390);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'change visibility dialog, phone');
    await screenshot(page, 'bulk-visibility-dialog-390', false);
    await dialog.getByRole('radio', { name: 'Only me and co-owners' }).check();
    await dialog.getByRole('button', { name: 'Change visibility of 1 prompt' }).click();
    await seen(page, 'Changed who can see 1 prompt to Private');
    const cards = page.getByRole('list', { name: 'Prompts' });
    await expect.poll(() => cards.getByText('Private', { exact: true }).isVisible()).toBe(true);
  });

  it('offers a read-only member no selection and no Change visibility', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, reader.token, '/all-prompts?tags=contracts');
    // Still listed for them: they are members of Legal.
    await seen(page, 'Contract review A');
    await seen(page, 'Contract review C');
    expect(await page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change visibility…' }).count()).toBe(0);
    // The server refuses them too, whatever the screen offers.
    const listed = await apiCall<{ items: Array<{ id: string }> }>(suite.server.url, 'GET', '/api/prompts?tags=contracts', undefined, reader.token);
    const refused = await apiCall(
      suite.server.url,
      'POST',
      '/api/prompts/bulk',
      { ids: [listed.items[0]!.id], action: 'changeVisibility', value: 'private' },
      reader.token,
    ).catch((err: Error) => err.message);
    expect(String(refused)).toContain('403');
  });
});
