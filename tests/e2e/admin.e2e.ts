import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { downloadedText, expectAccessible, newPage, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
});

async function open(path: string, user: SeededUser = admin, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, path);
  return page;
}
/** Four groups of four from the readable alphabet. */
const TEMP_PASSWORD_SHAPE = /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/;

describe('administration', () => {
  it('creates a user with a random temporary password (copied once), who signs in through the forced change', async () => {
    const { page, context } = await suite.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await signInWithToken(page, admin.token, '/user-management');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('First Name').fill('Grace');
    await dialog.getByLabel('Last Name').fill('Hopper');
    await dialog.getByLabel('Business Unit').selectOption('Research');
    // No password is predicted before the account exists.
    expect(await dialog.getByText(/temporary password:/i).count()).toBe(0);
    await expectAccessible(page, 'create user dialog');
    await screenshot(page, 'create-user-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByRole('dialog', { name: 'Temporary password' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const temporary = await shown.getByLabel('Temporary password').inputValue();
    expect(temporary).toMatch(TEMP_PASSWORD_SHAPE);
    expect(temporary).not.toContain('grace');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => shown.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporary);
    await expectAccessible(page, 'temporary password dialog');
    await screenshot(page, 'temporary-password-dialog');
    await shown.getByRole('button', { name: 'Done' }).click();
    await seen(page, 'MUST CHANGE PASSWORD');
    await expectAccessible(page, 'user management');
    await screenshot(page, 'user-management');

    const fresh = await newPage(suite.browser, suite.server.url);
    try {
      const p = fresh.page;
      await p.goto('/auth');
      await p.getByLabel('Email').fill('grace@example.com');
      await p.getByLabel('Password', { exact: true }).fill(temporary);
      await p.getByRole('button', { name: 'Sign In' }).click();
      const forced = p.getByRole('dialog', { name: 'Change Your Password' });
      await expect.poll(() => forced.isVisible()).toBe(true);
      await p.keyboard.press('Escape');
      expect(await forced.isVisible()).toBe(true);
      expect(await forced.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      await forced.getByLabel('Current Password').fill(temporary);
      await forced.getByLabel('New Password', { exact: true }).fill('short');
      await seen(p, 'Password must be at least 8 characters');
      await forced.getByLabel('New Password', { exact: true }).fill('gracehopper');
      await seen(p, 'Password must not be your email address or your name');
      // The common-password list lives on the server: its answer comes back under the field.
      await forced.getByLabel('New Password', { exact: true }).fill('password123');
      await forced.getByLabel('Confirm New Password').fill('password123');
      await forced.getByRole('button', { name: 'Change Password' }).click();
      await expect.poll(() => forced.getByText('This password is too common').first().isVisible()).toBe(true);
      await screenshot(p, 'forced-change-password-common');
      await forced.getByLabel('New Password', { exact: true }).fill('compilers-rule');
      await forced.getByLabel('Confirm New Password').fill('compilers-rule');
      await screenshot(p, 'forced-change-password');
      await forced.getByRole('button', { name: 'Change Password' }).click();
      await seen(p, 'Password changed successfully!');
      await expect.poll(() => forced.isVisible()).toBe(false);
      await p.waitForURL('**/all-prompts');
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });

  it('resets a password and deletes a user, transferring their prompts', async () => {
    const leaver = await registerUser(suite.server.url, { firstName: 'Lee', lastName: 'Leaver' });
    await apiCall(suite.server.url, 'POST', '/api/prompts', { title: 'Kept prompt', content: 'c', aiModels: ['Claude'], tags: ['T'] }, leaver.token);
    const page = await open('/user-management');
    await page.getByRole('button', { name: `Reset password of ${leaver.email}` }).click();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary password' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const temporary = await shown.getByLabel('Temporary password').inputValue();
    expect(temporary).toMatch(TEMP_PASSWORD_SHAPE);
    await shown.getByRole('button', { name: 'Done' }).click();

    // Signed in with the temporary password, the user may leave instead of choosing a new one.
    const fresh = await newPage(suite.browser, suite.server.url);
    try {
      const p = fresh.page;
      await p.goto('/auth');
      await p.getByLabel('Email').fill(leaver.email);
      await p.getByLabel('Password', { exact: true }).fill(temporary);
      await p.getByRole('button', { name: 'Sign In' }).click();
      const forced = p.getByRole('dialog', { name: 'Change Your Password' });
      await expect.poll(() => forced.isVisible()).toBe(true);
      await forced.getByRole('button', { name: 'Sign out' }).click();
      await p.waitForURL('**/auth');
      await expect.poll(() => p.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
      expect(await p.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.context.close();
    }

    await page.getByRole('button', { name: `Delete ${leaver.email}` }).click();
    await seen(page, /own 1 prompt/);
    const leaving = page.getByRole('alertdialog', { name: 'Delete user' });
    await leaving.getByRole('radio', { name: 'Transfer the prompts to another member' }).check();
    await expect.poll(() => leaving.getByLabel('Member to receive the prompts').isVisible()).toBe(true);
    await leaving.getByRole('radio', { name: 'Transfer the prompts to me' }).check();
    await screenshot(page, 'delete-user-transfer');
    await page.getByRole('button', { name: 'Delete User' }).click();
    await seen(page, 'User deleted successfully');
    const mine = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, admin.token);
    expect(mine.items.map((i) => i.title)).toContain('Kept prompt');
  });

  it('manages form fields, reorders them by keyboard, and the prompt form follows', async () => {
    const page = await open('/form-field-management');
    await seen(page, 'Form Fields');
    await page.getByRole('button', { name: 'Add Form Field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Form Field' });
    await dialog.getByLabel('Display Label').fill('Target Audience');
    await dialog.getByLabel('Field Type').selectOption('select');
    await dialog.getByLabel('Options (one per line)').fill('Internal\n\nCustomers\n');
    await dialog.getByLabel('Required').click();
    await expectAccessible(page, 'form field dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await seen(page, 'Form field created successfully!');
    await seen(page, 'Options: Internal, Customers');
    await screenshot(page, 'form-field-management');
    await expectAccessible(page, 'form field management');

    // Keyboard reorder: move "Target Audience" (last) above "Business Unit".
    const handle = page.getByRole('button', { name: 'Reorder Target Audience' });
    const before = await apiCall<Array<{ id: string; name: string; label: string }>>(suite.server.url, 'GET', '/api/admin/form-fields', undefined, admin.token);
    const from = before.findIndex((f) => f.label === 'Target Audience') + 1;
    const to = before.findIndex((f) => f.name === 'userBusinessUnit') + 1;
    const of = before.length;
    // dnd-kit acts on a key press only once it has measured after the one before, so each press waits for
    // the screen-reader announcement of the previous one, naming the field and its place. Once the pick-up
    // is measured it announces where the field is: a bare "moved to" would take that for the move up.
    const announced = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(announced).toBe(`Target Audience is at position ${from} of ${of}.`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe(`Target Audience moved to position ${to} of ${of}.`);
    await page.keyboard.press('Space');
    await expect.poll(announced).toBe(`Target Audience dropped at position ${to} of ${of}.`);
    await seen(page, 'Form fields reordered successfully!');
    const fields = await apiCall<Array<{ name: string; order: number }>>(suite.server.url, 'GET', '/api/admin/form-fields', undefined, admin.token);
    expect(fields.map((f) => f.name).slice(-2)).toEqual(['targetaudience', 'userBusinessUnit']);
    expect(fields.map((f) => f.order)).toEqual(fields.map((_, i) => i + 1));

    await page.getByRole('button', { name: 'Edit Notes' }).click();
    await page.getByRole('dialog').getByLabel('Enabled').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await seen(page, 'Form field updated successfully!');

    await page.goto('/create-prompt');
    await seen(page, 'Target Audience');
    expect(await page.getByLabel('Notes').count()).toBe(0);
    await page.getByLabel('Title').fill('Audience prompt');
    await page.getByLabel('Content').fill('Body');
    await page.getByRole('combobox', { name: 'AI Application Used' }).fill('Claude');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Tags' }).fill('Audience');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await seen(page, 'Target Audience is required');
    await page.getByLabel('Target Audience').selectOption('Customers');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await page.waitForURL(/\/prompts\/[^/]+$/);
    await page.goto('/all-prompts');
    await page.getByRole('button', { name: 'View Audience prompt' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Customers').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/form-field-management');
    await page.getByRole('button', { name: 'Delete Target Audience' }).click();
    await page.getByRole('alertdialog', { name: 'Delete form field?' }).getByRole('button', { name: 'Delete Field' }).click();
    await seen(page, 'Form field deleted successfully!');
    expect(await page.getByRole('button', { name: 'Delete Title' }).count()).toBe(0);
  });

  it('creates, renames, and deletes a referenced business unit by moving its users and prompts', async () => {
    const page = await open('/business-units');
    await page.getByRole('button', { name: 'Create Business Unit' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Legal');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await seen(page, 'Business unit created successfully!');
    await page.getByRole('button', { name: 'Edit Research' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('R&D');
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await seen(page, 'Business unit updated successfully!');
    await page.getByRole('button', { name: 'Delete R&D' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete business unit?' });
    await expect.poll(() => confirm.getByText('Delete “R&D”? This action cannot be undone.').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete Business Unit' }).click();
    // The refusal names the counts and offers to move them elsewhere first.
    const move = page.getByRole('dialog', { name: 'Delete “R&D”' });
    await expect.poll(() => move.getByText(/is referenced by \d+ users? and \d+ prompts?/).isVisible()).toBe(true);
    await expectAccessible(page, 'business units');
    await screenshot(page, 'business-units-move');
    await move.getByRole('button', { name: 'Move and delete' }).click();
    await seen(page, 'Choose the business unit to move them to');
    await move.getByLabel(/^Move its/).selectOption('Legal');
    await move.getByRole('button', { name: 'Move and delete' }).click();
    await seen(page, 'Business unit deleted successfully!');
    await expect.poll(() => page.getByRole('button', { name: 'Delete R&D' }).count()).toBe(0);
    await screenshot(page, 'business-units');
    const me = await apiCall<{ businessUnit: string }>(suite.server.url, 'GET', '/api/user', undefined, admin.token);
    expect(me.businessUnit).toBe('Legal');
  });

  it('exports prompts as a CSV file that opens with the right rows', async () => {
    const page = await open('/export-data');
    await seen(page, /records? will be exported/);
    await expectAccessible(page, 'export');
    await screenshot(page, 'export-data');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ai-prompts-prompts-\d{4}-\d{2}-\d{2}\.csv$/);
    // The browser streamed it from a one-time link to disk, not from an in-memory blob of the page.
    expect(download.url()).toMatch(/\/api\/downloads\/[\w-]+$/);
    const text = await downloadedText(download);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Kept prompt');
    expect(text.split('\r\n')[0]).toContain('title,content');
  });

  it('shows a read-only member no way to change prompts', async () => {
    const reader = await registerUser(suite.server.url, { firstName: 'Rita', lastName: 'Reader' });
    const users = await apiCall<Array<{ id: string; email: string }>>(suite.server.url, 'GET', '/api/admin/users', undefined, admin.token);
    const id = users.find((u) => u.email === reader.email)!.id;
    await apiCall(
      suite.server.url,
      'PUT',
      `/api/admin/users/${id}`,
      { email: reader.email, firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering', role: 'read' },
      admin.token,
    );
    const page = await open('/all-prompts', reader);
    await seen(page, 'Read Only');
    await expect.poll(() => page.getByRole('button', { name: 'View Kept prompt' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New Prompt' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create Prompt' }).count()).toBe(0);
  });
});
