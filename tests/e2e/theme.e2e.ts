import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
let promptId: string;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Dana', lastName: 'Dark' });
  ({ id: promptId } = await apiCall<{ id: string }>(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Night shift handover', content: '# Handover\n\nSummarize {{incidents}} and `open tickets`.', aiModels: ['Claude'], tags: ['ops'] },
    admin.token,
  ));
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('colour themes', () => {
  it('switches to Dark from the user menu, keeps it after a reload, and every screen stays readable', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token);
    await seen(page, 'Night shift handover');
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.reload();
    await expect.poll(() => isDark(page)).toBe(true);
    await seen(page, 'Night shift handover');
    await expectAccessible(page, 'all prompts, dark');
    await screenshot(page, 'dark-all-prompts');
    await page.getByRole('button', { name: 'View Night shift handover' }).click();
    await seen(page, 'Handover');
    await expectAccessible(page, 'view dialog, dark');
    await screenshot(page, 'dark-view-dialog', false);
    await page.keyboard.press('Escape');
    for (const [path, text] of [
      [`/prompts/${promptId}`, 'Night shift handover'],
      ['/my-prompts', 'My Prompts'],
      ['/create-prompt', 'Create Prompt'],
      ['/user-management', 'User Management'],
      ['/form-field-management', 'Form Field Management'],
      ['/business-units', 'Business Units'],
      ['/export-data', 'Export Data'],
    ] as const) {
      await page.goto(path);
      await seen(page, text);
      await expectAccessible(page, `${path}, dark`);
    }
    await screenshot(page, 'dark-export');

    // The dialogs opened from the user menu, and the command palette, in dark.
    for (const item of ['Edit Profile', 'Change Password']) {
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: item });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expectAccessible(page, `${item} dialog, dark`);
      await screenshot(page, `dark-${item.toLowerCase().replace(' ', '-')}`, false);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      // Focus is back on the menu's button before the next key.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    }
    await page.keyboard.press('Control+k');
    const paletteInput = page.getByRole('combobox', { name: 'Jump to a prompt or page' });
    await expect.poll(() => paletteInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('night');
    await expect.poll(() => page.getByRole('option', { name: 'Night shift handover' }).isVisible()).toBe(true);
    await expectAccessible(page, 'command palette, dark');
    await screenshot(page, 'dark-command-palette', false);
  });

  it('follows the device in System, the default, also on the sign-in screen', async () => {
    const { page } = await suite.open();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth');
    await seen(page, 'Welcome');
    expect(await isDark(page)).toBe(true);
    await expectAccessible(page, 'sign-in, dark');
    await screenshot(page, 'dark-auth');
    await page.emulateMedia({ colorScheme: 'light' });
    await signInWithToken(page, admin.token);
    await seen(page, 'Night shift handover');
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
  });
});
