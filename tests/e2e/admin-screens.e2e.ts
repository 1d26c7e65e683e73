import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// The admin screens at a laptop's size: deleting a member keeps their work, User Management fits 1366 px,
// the Administration group keeps the filters in view, and the app's own dialogs ask instead of the browser's.
const suite = useBrowserSuite();
const LAPTOP = { width: 1366, height: 860 };
let admin: SeededUser;

const LONG_FIRST = 'Maximiliana-Alexandrina Konstantinopoulou-Vanderbilt';
const LONG_LAST = 'Featherstonehaugh-Cholmondeley';
const createPrompt = (user: SeededUser, title: string) =>
  apiCall(suite.server.url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags: ['Admin screens'] }, user.token);

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  for (let i = 1; i <= 3; i++) {
    await registerUser(suite.server.url, {
      firstName: `${LONG_FIRST} ${i}`,
      lastName: LONG_LAST,
      email: `maximiliana.alexandrina.konstantinopoulou.vanderbilt.${i}@subsidiary.very-long-company-name.example.com`,
      businessUnit: 'Strategic Partnerships and International Business Development',
    });
  }
  // One member who must change the password: the widest status badge.
  await apiCall(
    suite.server.url,
    'POST',
    '/api/admin/users',
    { email: 'temporary.password.person@example.com', firstName: 'Tem', lastName: 'Porary', businessUnit: 'Research', role: 'edit' },
    admin.token,
  );
  await createPrompt(admin, 'Admin screens prompt');
});

async function open(path: string, viewport = LAPTOP): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, admin.token, path);
  return page;
}

/** The browser's own confirm box must never show: any that does is recorded (and dismissed). */
function recordBrowserDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return asked;
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

describe('deleting a member', () => {
  it('transfers their prompts to the admin unless another choice is made', async () => {
    const leaver = await registerUser(suite.server.url, { firstName: 'Lou', lastName: 'Leaver' });
    await createPrompt(leaver, 'Leaver prompt one');
    await createPrompt(leaver, 'Leaver prompt two');
    const page = await open('/user-management');
    const opener = page.getByRole('button', { name: `Delete ${leaver.email}` });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Transfer the prompts to me' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Delete the prompts too' }).isChecked()).toBe(false);
    // Focus starts on the safe answer, and goes back to the row's button when the dialog closes.
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await expectAccessible(page, 'delete user dialog');
    await screenshot(page, 'delete-user-default-transfer', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(`Delete ${leaver.email}`);

    // Choosing to delete the prompts says so on the button; going back restores the plain delete.
    await opener.click();
    await dialog.getByRole('radio', { name: 'Delete the prompts too' }).check();
    await expect.poll(() => dialog.getByRole('button', { name: 'Delete User and 2 prompts' }).isVisible()).toBe(true);
    await screenshot(page, 'delete-user-delete-prompts', false);
    await dialog.getByRole('radio', { name: 'Transfer the prompts to me' }).check();
    await dialog.getByRole('button', { name: 'Delete User', exact: true }).click();
    await seen(page, 'User deleted successfully');
    await seen(page, '2 prompts transferred.');
    const mine = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, admin.token);
    expect(mine.items.map((i) => i.title)).toEqual(expect.arrayContaining(['Leaver prompt one', 'Leaver prompt two']));
  });
});

describe('User Management at 1366 px', () => {
  it('shows every row’s actions without scrolling sideways, long names and emails cut short with their full text in a title', async () => {
    const page = await open('/user-management');
    await seen(page, 'MUST CHANGE PASSWORD');
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table')!;
      const boxes = [table.parentElement!, document.documentElement, document.querySelector('main')!];
      return boxes.map((b) => b.scrollWidth - b.clientWidth);
    });
    expect(overflow).toEqual([0, 0, 0]);
    const deletes = page.getByRole('button', { name: /^Delete / });
    expect(await deletes.count()).toBeGreaterThanOrEqual(4);
    for (const button of await deletes.all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
      expect(await button.isVisible()).toBe(true);
    }
    const name = page.getByTitle(`${LONG_FIRST} 1 ${LONG_LAST}`);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.getByTitle('maximiliana.alexandrina.konstantinopoulou.vanderbilt.1@subsidiary.very-long-company-name.example.com').count()).toBe(1);
    await expectAccessible(page, 'user management 1366');
    await screenshot(page, 'user-management-1366', false);

    // Narrower, Business Unit moves under the email and Created leaves: still no sideways scroll.
    for (const width of [1024, 800]) {
      await page.setViewportSize({ width, height: 860 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      const last = (await page
        .getByRole('button', { name: /^Delete / })
        .last()
        .boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(width);
    }
    await screenshot(page, 'user-management-800', false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(LAPTOP);
    await screenshot(page, 'user-management-1366-dark', false);
  });
});

describe('the Administration group of the sidebar', () => {
  const group = (page: Page) => page.getByRole('button', { name: 'Administration' });

  it('starts closed so the Filters stay in view at 1366 × 860, opens and closes from the keyboard, and remembers', async () => {
    const page = await open('/all-prompts');
    await seen(page, 'Admin screens prompt');
    expect(await group(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'User Management' }).isVisible()).toBe(false);
    const filters = page.getByRole('heading', { name: 'Filters' });
    const heading = (await filters.boundingBox())!;
    expect(heading.y + heading.height).toBeLessThanOrEqual(LAPTOP.height);
    // The first filter group shows too, not only the heading.
    const firstGroup = (await page.getByRole('region', { name: 'Filters' }).getByRole('checkbox').first().boundingBox())!;
    expect(firstGroup.y + firstGroup.height).toBeLessThanOrEqual(LAPTOP.height);
    await screenshot(page, 'sidebar-admin-closed', false);

    await group(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => group(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'User Management' }).isVisible()).toBe(true);
    await expectAccessible(page, 'sidebar, administration open');
    await screenshot(page, 'sidebar-admin-open', false);
    await page.keyboard.press('Space');
    await expect.poll(() => group(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => group(page).getAttribute('aria-expanded')).toBe('true');

    // Remembered across a reload; closed again, it stays closed.
    await page.reload();
    await seen(page, 'Admin screens prompt');
    expect(await group(page).getAttribute('aria-expanded')).toBe('true');
    await group(page).click();
    await page.reload();
    await seen(page, 'Admin screens prompt');
    expect(await group(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('is the same disclosure in the phone drawer', async () => {
    const page = await open('/all-prompts', { width: 375, height: 800 });
    await seen(page, 'Admin screens prompt');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('button', { name: 'Administration' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('heading', { name: 'Filters' }).isVisible()).toBe(true);
    await screenshot(page, 'sidebar-admin-drawer-375', false);
    await drawer.getByRole('button', { name: 'Administration' }).click();
    await drawer.getByRole('link', { name: 'User Management' }).click();
    await seen(page, 'MUST CHANGE PASSWORD');
    await screenshot(page, 'user-management-375', false);
    await page
      .getByRole('button', { name: /^Delete maximiliana/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('alertdialog', { name: 'Delete user' }).isVisible()).toBe(true);
    await expectAccessible(page, 'delete user dialog 375');
    await screenshot(page, 'delete-user-375', false);
  });

  it('is open on an admin page, even when it was closed', async () => {
    const page = await open('/all-prompts');
    await seen(page, 'Admin screens prompt');
    expect(await group(page).getAttribute('aria-expanded')).toBe('false');
    await page.goto('/business-units');
    await seen(page, 'Strategic Partnerships and International Business Development');
    expect(await group(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'Business Units' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the app’s own confirmation dialogs', () => {
  it('asks before deleting a business unit, focus on Cancel and back on the opener, then offers to move what uses it', async () => {
    await apiCall(suite.server.url, 'POST', '/api/admin/business-units', { name: 'Short-lived' }, admin.token);
    const page = await open('/business-units');
    const asked = recordBrowserDialogs(page);
    await page.getByRole('button', { name: 'Delete Short-lived' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete business unit?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await expectAccessible(page, 'delete business unit confirmation');
    await screenshot(page, 'business-unit-delete-confirm', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Delete Short-lived');
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Delete Business Unit' }).click();
    await seen(page, 'Business unit deleted successfully!');

    // A unit in use: the confirmation gives way to the dialog that moves its members and prompts.
    await page.getByRole('button', { name: 'Delete Research' }).click();
    await confirm.getByRole('button', { name: 'Delete Business Unit' }).click();
    const move = page.getByRole('dialog', { name: 'Delete “Research”' });
    await expect.poll(() => move.isVisible()).toBe(true);
    await expect.poll(() => move.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    expect(asked).toEqual([]);
  });

  it('asks before deleting a form field', async () => {
    await apiCall(suite.server.url, 'POST', '/api/admin/form-fields', { name: 'reviewer', label: 'Reviewer', type: 'text' }, admin.token);
    const page = await open('/form-field-management');
    const asked = recordBrowserDialogs(page);
    await page.getByRole('button', { name: 'Delete Reviewer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete form field?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await expectAccessible(page, 'delete form field confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => focusedName(page)).toBe('Delete Reviewer');
    await page.getByRole('button', { name: 'Delete Reviewer' }).click();
    await confirm.getByRole('button', { name: 'Delete Field' }).click();
    await seen(page, 'Form field deleted successfully!');
    await expect.poll(() => page.getByRole('button', { name: 'Delete Reviewer' }).count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
