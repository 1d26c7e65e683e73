import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Who can see a prompt, through the screens: the form's "Who can see this", the badges of the list and
// of the prompt page, the sidebar's Visibility filter, and a member of another unit who is not shown
// what is not theirs.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;
let reader: SeededUser;

const LONG_UNITS = ['Legal', 'HR', 'Research and Development', 'Customer Success', 'Procurement and Vendor Management'];

const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: title, exact: true }) });
const titleButton = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  for (const name of LONG_UNITS.concat('Sales')) {
    await apiCall(url, 'POST', '/api/admin/business-units', { name }, admin.token).catch(() => undefined);
  }
  editor = await registerUser(url, { firstName: 'Erin', lastName: 'Editor', businessUnit: 'Legal' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Sales' });
  await setRoleAsAdmin(url, admin, reader, 'read');
  const create = (user: SeededUser, body: Record<string, unknown>) =>
    apiCall(url, 'POST', '/api/prompts', { content: 'Plain text.', aiModels: ['ChatGPT'], tags: ['shared'], ...body }, user.token);
  await create(admin, { title: 'Company style guide', visibility: 'organization' });
  // A unit list far longer than a table cell: its badge must be cut, not push the row apart.
  await create(editor, { title: 'Cross-team escalation', visibility: 'units', units: LONG_UNITS });
});

/** Fills the form's required fields; the visibility is left to the caller. */
async function fillPrompt(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(`The text of ${title}.`);
  const apps = page.getByRole('combobox', { name: 'AI Application Used' });
  await apps.fill('ChatGPT');
  await page.getByRole('option', { name: 'ChatGPT', exact: true }).click();
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('visibility');
  await page.keyboard.press('Enter');
}

describe('who can see a prompt', () => {
  let privateUrl = '';

  it('lets an editor make a private and a unit prompt through the form, and shows their badges', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, editor.token, '/create-prompt');
    const who = page.getByRole('group', { name: 'Who can see this' });
    // A new prompt starts from the member's defaults (the organization, on this server).
    await expect.poll(() => who.getByRole('radio', { name: 'Everyone in the organization' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Business units' }).count()).toBe(0);

    await fillPrompt(page, 'Legal memo checklist');
    await who.getByRole('radio', { name: 'Only me and co-owners' }).check();
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await page.waitForURL(/\/prompts\/[^/]+$/);
    privateUrl = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole('heading', { name: 'Legal memo checklist' }).isVisible()).toBe(true);
    await seen(page, 'Private');

    await page.goto('/create-prompt');
    await fillPrompt(page, 'HR onboarding letter');
    await who.getByRole('radio', { name: 'Business units' }).check();
    const units = page.getByRole('combobox', { name: 'Business units' });
    // The owner's own unit is chosen first; more are picked from the list.
    await expect.poll(() => page.getByRole('button', { name: 'Remove business unit Legal' }).isVisible()).toBe(true);
    await units.fill('HR');
    await page.getByRole('option', { name: 'HR', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove business unit HR' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'form with business units');
    await screenshot(page, 'visibility-form-units');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await page.waitForURL(/\/prompts\/[^/]+$/);
    await seen(page, 'Units: Legal, HR');
    await expectAccessible(page, 'prompt page with a unit badge');
    await screenshot(page, 'visibility-prompt-page');

    await page.goto('/all-prompts');
    await expect.poll(() => rowOf(page, 'Legal memo checklist').getByText('Private', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => rowOf(page, 'HR onboarding letter').getByText('Units: Legal, HR', { exact: true }).isVisible()).toBe(true);
    expect(
      await rowOf(page, 'Company style guide')
        .getByText(/^(Private|Units:)/)
        .count(),
    ).toBe(0);
    // The long list is cut inside the title cell, its whole text kept as the tooltip.
    const long = rowOf(page, 'Cross-team escalation').locator('[data-visibility="units"]');
    expect(await long.getAttribute('title')).toBe(`Units: ${LONG_UNITS.join(', ')}`);
    const [badge, cell] = await Promise.all([long.boundingBox(), rowOf(page, 'Cross-team escalation').getByRole('cell').nth(1).boundingBox()]);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    await expectAccessible(page, 'list with badges');
    await screenshot(page, 'visibility-list-1366', false);
  });

  it('filters the list with "Only me", shown as a chip and kept in the URL', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, editor.token, '/all-prompts');
    await seen(page, 'Company style guide');
    const onlyMe = filters(page).getByRole('checkbox', { name: 'Only me' });
    await onlyMe.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).searchParams.get('visibility')).toBe('private');
    await seen(page, /^1 prompt$/);
    await expect.poll(() => titleButton(page, 'Legal memo checklist').isVisible()).toBe(true);
    expect(await titleButton(page, 'HR onboarding letter').count()).toBe(0);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect.poll(() => chips.getByText('Visibility: Only me').isVisible()).toBe(true);
    await expectAccessible(page, 'the Visibility filter');
    await screenshot(page, 'visibility-filter-sidebar', false);
    // The bulk bar counts (and would act on) the same filtered list: its count call carries the filter.
    const ownCount = page.waitForRequest((req) => req.url().includes('/api/prompts/my?') && new URL(req.url()).searchParams.get('visibility') === 'private');
    await page.getByRole('checkbox', { name: 'Select all loaded' }).click();
    await ownCount;
    await expect.poll(() => page.getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear selection' }).click();

    await filters(page).getByRole('checkbox', { name: 'My units' }).click();
    await seen(page, /^3 prompts$/);
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await seen(page, /^4 prompts$/);
    expect(new URL(page.url()).searchParams.get('visibility')).toBeNull();
  });

  it('shows the badges on cards, and the filter in the sheet, on a phone', async () => {
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, editor.token, '/all-prompts');
    const cards = page.getByRole('list', { name: 'Prompts' });
    await expect.poll(() => cards.getByText('Private', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => cards.getByText('Units: Legal, HR', { exact: true }).isVisible()).toBe(true);
    // Nothing is wider than the phone: the long unit list is cut inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'visibility-list-375');
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog');
    // A click, not check(): the box follows the address, which changes a moment after the click.
    await sheet.getByRole('checkbox', { name: 'Only me' }).click();
    await expect.poll(() => sheet.getByRole('checkbox', { name: 'Only me' }).isChecked()).toBe(true);
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await seen(page, /^1 prompt$/);
    await expect.poll(() => page.getByRole('button', { name: /^Filters\s*1 on$/ }).isVisible()).toBe(true);
  });

  it('opens an edited prompt with its own visibility', async () => {
    const { page } = await suite.open();
    await signInWithToken(page, editor.token, '/all-prompts');
    await page.getByRole('link', { name: 'Edit HR onboarding letter' }).click();
    const who = page.getByRole('group', { name: 'Who can see this' });
    await expect.poll(() => who.getByRole('radio', { name: 'Business units' }).isChecked()).toBe(true);
    for (const unit of ['Legal', 'HR']) await expect.poll(() => page.getByRole('button', { name: `Remove business unit ${unit}` }).isVisible()).toBe(true);
  });

  it('hides a private prompt from a read-only member of another unit, in the list and at its address', async () => {
    const { page } = await suite.open();
    await signInWithToken(page, reader.token, '/all-prompts');
    await seen(page, 'Company style guide');
    await seen(page, /^1 prompt$/);
    expect(await titleButton(page, 'Legal memo checklist').count()).toBe(0);
    expect(await titleButton(page, 'HR onboarding letter').count()).toBe(0);
    expect(privateUrl).toMatch(/^\/prompts\//);
    await page.goto(privateUrl);
    await seen(page, 'Prompt not found');
    expect(await page.getByText('Legal memo checklist').count()).toBe(0);
    await expectAccessible(page, 'a private prompt seen by another unit');
  });
});
