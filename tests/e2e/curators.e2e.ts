import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// User Management: an admin makes a member the curator of business units, at a laptop's and a phone's width.
const suite = useBrowserSuite();
const LAPTOP = { width: 1366, height: 860 };
const PHONE = { width: 375, height: 812 };
let admin: SeededUser;
let member: SeededUser;

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  for (const name of ['Legal', 'Sales', 'Customer Success and Operations']) {
    await apiCall(url, 'POST', '/api/admin/business-units', { name }, admin.token).catch(() => undefined);
  }
  member = await registerUser(url, { firstName: 'Cleo', lastName: 'Curator', businessUnit: 'Research' });
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, admin.token, '/user-management');
  return page;
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

/** Opens the member's Edit User dialog from their row's action. */
async function editMember(page: Page) {
  await page.getByRole('button', { name: `Edit ${member.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/**
 * Picks a unit by keyboard: typing narrows the list, Enter takes the first match. The list stays open
 * for another pick; Escape closes it (and only it), so it covers nothing the test clicks next.
 */
async function pickUnit(page: Page, name: string) {
  const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Curator of' });
  await picker.focus();
  await picker.pressSequentially(name);
  const offered = page.getByRole('listbox', { name: 'Curator of' }).getByRole('option', { name });
  await expect.poll(() => offered.isVisible()).toBe(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('listbox', { name: 'Curator of' }).isVisible()).toBe(false);
}

describe('curators in User Management', () => {
  it('makes a member the curator of a unit, shown in the table and in their own account', async () => {
    const page = await open(LAPTOP);
    const dialog = await editMember(page);
    await pickUnit(page, 'Legal');
    await pickUnit(page, 'Customer Success and Operations');
    await expect.poll(() => dialog.getByRole('list', { name: 'Curated business units' }).innerText()).toMatch(/Legal[\s\S]*Customer Success/);
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'edit user dialog with curator units');
    await screenshot(page, 'curator-units-dialog-1366', false);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await seen(page, 'User updated successfully');
    await expect.poll(() => dialog.count()).toBe(0);
    // Back on the row's action it was opened from.
    await expect.poll(() => focusedName(page)).toBe(`Edit ${member.email}`);

    const row = page.getByRole('row').filter({ hasText: member.email });
    const line = row.getByText('Curates:', { exact: true }).locator('..').filter({ visible: true });
    await expect.poll(() => line.innerText()).toBe('Curates: Customer Success and Operations, Legal');
    expect(await line.getAttribute('title')).toBe('Curates Customer Success and Operations, Legal');
    // None for the admin, who curates everywhere without being named a curator.
    expect(await page.getByRole('row').filter({ hasText: admin.email }).getByText('Curates:').count()).toBe(0);
    await expectAccessible(page, 'user management with a curator');
    await screenshot(page, 'curator-units-table-1366', false);

    const me = await apiCall<{ curatorUnits: string[] }>(suite.server.url, 'GET', '/api/user', undefined, member.token);
    expect(me.curatorUnits).toEqual(['Customer Success and Operations', 'Legal']);

    // An admin is told rather than offered a picker.
    await page.getByRole('button', { name: `Edit ${admin.email}` }).click();
    const own = page.getByRole('dialog', { name: 'Edit User' });
    await expect.poll(() => own.getByText('Administrators curate every unit.').isVisible()).toBe(true);
    expect(await own.getByRole('combobox', { name: 'Curator of' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows the server’s word when a chosen unit has gone meanwhile, and saves once it is removed', async () => {
    const gone = await apiCall<{ id: string }>(suite.server.url, 'POST', '/api/admin/business-units', { name: 'Short-lived' }, admin.token);
    const page = await open(LAPTOP);
    const dialog = await editMember(page);
    await pickUnit(page, 'Short-lived');
    await apiCall(suite.server.url, 'DELETE', `/api/admin/business-units/${gone.id}`, undefined, admin.token);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Unknown business unit: Short-lived');
    expect(await dialog.getByRole('combobox', { name: 'Curator of' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'curator-units-refused-1366', false);
    await dialog.getByRole('button', { name: 'Stop curating Short-lived' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await seen(page, 'User updated successfully');
    const me = await apiCall<{ curatorUnits: string[] }>(suite.server.url, 'GET', '/api/user', undefined, member.token);
    expect(me.curatorUnits).toEqual(['Customer Success and Operations', 'Legal']);
  });

  it('fits a phone: the card names the units and the dialog’s picker is usable', async () => {
    const page = await open(PHONE);
    const card = page.getByRole('listitem').filter({ hasText: member.email });
    await expect.poll(() => card.getByText('Curates:').isVisible()).toBe(true);
    await screenshot(page, 'curator-units-cards-375', false);
    const dialog = await editMember(page);
    await pickUnit(page, 'Sales');
    await expectAccessible(page, 'edit user dialog 375');
    await screenshot(page, 'curator-units-dialog-375', false);
    // Nothing wider than the screen: the chips wrap inside the dialog.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Stop curating Legal' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await seen(page, 'User updated successfully');
    await expect.poll(() => card.getByText('Curates:').locator('..').innerText()).toBe('Curates: Customer Success and Operations, Sales');
  });
});
