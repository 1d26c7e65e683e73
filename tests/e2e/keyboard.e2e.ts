import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let ada: SeededUser;

beforeAll(async () => {
  ada = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Keys' });
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, '0');
    await apiCall(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: `Row ${n}`, content: `Body of row ${n}`, aiModels: ['Claude'], tags: ['keys'] },
      ada.token,
    );
  }
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Indemnity review', content: 'Check the clauses.', aiModels: ['Claude'], tags: ['legal'] },
    ada.token,
  );
});

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 40) ?? '');
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

describe('keyboard paths', () => {
  it('moves between table rows with the arrows, Home and End, and opens one with Enter; focus comes back when the dialog closes', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, ada.token);
    await seen(page, 'Row 30');
    await page.getByRole('searchbox', { name: 'Search prompts' }).focus();
    // The first Tab past the search and the sort buttons lands on a row: only one row is a Tab stop.
    const firstRow = page.getByRole('row', { name: /Indemnity review/ });
    await firstRow.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^Row 30/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^Row 29/);
    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toMatch(/^Row 01/);
    await page.keyboard.press('Home');
    await expect.poll(() => focused(page)).toMatch(/^Indemnity review/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Row 30' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focused(page)).toMatch(/^Row 30/);
    // Only the row last used stays in the Tab order.
    expect(await page.locator('[data-row-index][tabindex="0"]').count()).toBe(1);
  });

  it('opens the command palette with Ctrl+K: jumps to a prompt by what it says, or to a page', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, ada.token);
    await seen(page, 'Row 30');
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.focus();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Jump to a prompt or page' });
    await expect.poll(() => input.isVisible()).toBe(true);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'command palette');
    await page.keyboard.type('clauses');
    const option = page.getByRole('option', { name: 'Indemnity review' });
    await expect.poll(() => option.isVisible()).toBe(true);
    await screenshot(page, 'command-palette', false);
    // Escape closes it and gives focus back to the search box it was opened from.
    await page.keyboard.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).toBe('Search prompts');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('clauses');
    await expect.poll(() => option.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/prompts\//);
    await seen(page, 'Check the clauses.');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('my pro');
    await page.getByRole('option', { name: 'My Prompts' }).click();
    await page.waitForURL(/\/my-prompts$/);
  });

  it('lists the shortcuts with "?", and gives focus back when the list closes', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, ada.token);
    await seen(page, 'Row 30');
    await page.getByRole('button', { name: /User menu/ }).focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Open the command palette');
    await expectAccessible(page, 'shortcuts dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).toMatch(/User menu/);
    // While typing, "?" is a character.
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.focus();
    await expect.poll(() => focusedLabel(page)).toBe('Search prompts');
    await page.keyboard.press('?');
    await expect.poll(() => search.inputValue()).toBe('?');
    expect(await dialog.count()).toBe(0);
  });

  it('gives focus back to the user menu after Edit Profile closes', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, ada.token);
    await seen(page, 'Row 30');
    const menu = page.getByRole('button', { name: /User menu/ });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit Profile' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: /Profile/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).toMatch(/User menu/);
  });
});
