import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The inbox: other members' real changes (a suggested edit, a feedback note, a curatorship) reach the
// owner's bell without a reload; the owner opens one, which marks it read, then marks all read.

const suite = useBrowserSuite();
const POLL_WAIT = { timeout: 30_000, interval: 250 };

let admin: SeededUser;
let bob: SeededUser;
const call = <T>(method: string, url: string, body: unknown, who: SeededUser) => apiCall<T>(suite.server.url, method, url, body, who.token);
const unread = async (who: SeededUser) => (await call<{ unread: number }>('GET', '/api/inbox/unread', undefined, who)).unread;
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Inbox/ });
const bellName = (page: Page) => bell(page).getAttribute('aria-label');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** A member who owns one prompt the whole organization sees. */
async function ownerWithPrompt(firstName: string, title: string) {
  const owner = await registerUser(suite.server.url, { firstName, lastName: 'Owner', businessUnit: 'Engineering' });
  const { id } = await call<{ id: string }>(
    'POST',
    '/api/prompts',
    { title, content: `About ${title}`, aiModels: ['Claude'], tags: ['inbox'], visibility: 'organization' },
    owner,
  );
  return { owner, promptId: id };
}

/** Bob suggests an edit and leaves a note on the prompt: two items for its owner. */
async function bobReacts(promptId: string) {
  await call('POST', `/api/prompts/${promptId}/suggestions`, { content: 'A shorter version', message: 'The intro could be one sentence.' }, bob);
  await call('PUT', `/api/prompts/${promptId}/vote`, { value: 'down', note: 'Step two is unclear to me.' }, bob);
}

async function makeCurator(who: SeededUser) {
  const users = await call<Array<{ id: string; email: string }>>('GET', '/api/admin/users', undefined, admin);
  await call('PUT', `/api/admin/users/${users.find((u) => u.email === who.email)!.id}/curator-units`, { units: ['Engineering'] }, admin);
}

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  bob = await registerUser(suite.server.url, { firstName: 'Bob', lastName: 'Builder', businessUnit: 'Sales' });
});

describe('the inbox', () => {
  it('shows an empty inbox that says what will arrive, wide and narrow', async () => {
    const fresh = await registerUser(suite.server.url, { firstName: 'Nia', lastName: 'New' });
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, fresh.token, '/inbox');
    await seen(page, 'Nothing here yet');
    await seen(page, /Suggested edits and feedback on your prompts/);
    expect(await bellName(page)).toBe('Inbox');
    // This server sends no email: the choice shows, with why it cannot be made.
    const email = page.getByRole('combobox', { name: 'Email' });
    await expect.poll(() => email.isDisabled()).toBe(true);
    await seen(page, 'Email is not set up on this server');
    await expectAccessible(page, 'inbox empty');
    await screenshot(page, 'inbox-empty-1366', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await seen(page, 'Nothing here yet');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'inbox-empty-390', false);
  });

  it('counts new items on the bell without a reload; opening one marks it read; Mark all read empties Unread', async () => {
    const { owner: olive, promptId } = await ownerWithPrompt('Olive', 'Quarterly report summary');
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, olive.token);
    await navigationShown(page);
    expect(await bellName(page)).toBe('Inbox');

    // Real changes by others, made while Olive's page stays open: the bell's poll finds them.
    await bobReacts(promptId);
    await makeCurator(olive);
    expect(await unread(olive)).toBe(3);
    await expect.poll(() => bellName(page), POLL_WAIT).toBe('Inbox, 3 unread');
    expect(await bell(page).innerText()).toBe('3');
    await screenshot(page, 'inbox-bell-1366', false);

    await bell(page).click();
    await page.waitForURL('**/inbox');
    const rows = page.getByRole('list', { name: 'Inbox items' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toMatch(/Ada Admin made you a curator of Engineering/);
    expect(await rows.nth(1).innerText()).toMatch(/Bob Builder left feedback on “Quarterly report summary”\s+“Step two is unclear to me\.”/);
    expect(await rows.nth(2).innerText()).toMatch(/Bob Builder suggested an edit to “Quarterly report summary”\s+“The intro could be one sentence\.”/);
    expect(await rows.nth(2).getByRole('link').getAttribute('href')).toBe(`/prompts/${promptId}?tab=suggestions`);
    // Unread is visible (bold, a dot) and said: each unread sentence starts with "Unread:" for screen readers.
    expect(await page.getByRole('link', { name: /^Unread: Bob Builder left feedback/ }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Unread (3)' }).isVisible()).toBe(true);
    await expectAccessible(page, 'inbox 1366');
    await screenshot(page, 'inbox-1366');

    await page.getByRole('link', { name: /^Unread: Bob Builder left feedback/ }).click();
    await page.waitForURL(`**/prompts/${promptId}`);
    await expect.poll(() => bellName(page)).toBe('Inbox, 2 unread');
    expect(await unread(olive)).toBe(2);

    await page.goBack();
    await page.waitForURL('**/inbox');
    await expect.poll(() => page.getByRole('link', { name: 'Bob Builder left feedback on “Quarterly report summary”' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellName(page)).toBe('Inbox');
    expect(await unread(olive)).toBe(0);
    await page.getByRole('tab', { name: 'Unread' }).click();
    await seen(page, 'No unread items');
    expect(page.url()).toMatch(/\/inbox\?show=unread$/);
    await expectAccessible(page, 'inbox unread empty');
    await screenshot(page, 'inbox-unread-empty-1366', false);
  });

  it('works from the keyboard: bell, tabs, opening an item', async () => {
    const { owner: kim, promptId } = await ownerWithPrompt('Kim', 'Incident postmortem outline');
    await bobReacts(promptId);
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, kim.token);
    await navigationShown(page);
    await expect.poll(() => bellName(page)).toBe('Inbox, 2 unread');
    await bell(page).focus();
    // The focus ring shows where the keyboard is.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/inbox');
    const all = page.getByRole('tab', { name: 'All' });
    await expect.poll(() => all.isVisible()).toBe(true);
    await all.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedText(page)).toBe('Unread (2)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('list', { name: 'Unread inbox items' }).getByRole('listitem').count()).toBe(2);
    // From the tab: Mark all read, then the first item's link.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Mark all read');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toMatch(/^Unread: Bob Builder left feedback on “Incident postmortem outline”/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/prompts/${promptId}`);
    await expect.poll(() => bellName(page)).toBe('Inbox, 1 unread');
  });

  it('fits a 390 px phone with long titles and notes', async () => {
    const long =
      'Summarise a supplier contract for the legal review board, listing every renewal clause, penalty, notice period and exclusivity term in plain words';
    const { owner: lee, promptId } = await ownerWithPrompt('Lee', long);
    await bobReacts(promptId);
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, lee.token, '/inbox');
    await expect.poll(() => page.getByRole('list', { name: 'Inbox items' }).getByRole('listitem').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await bell(page).isVisible()).toBe(true);
    await expectAccessible(page, 'inbox 390');
    await screenshot(page, 'inbox-390');
  });
});
