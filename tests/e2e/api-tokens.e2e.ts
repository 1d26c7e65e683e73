import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { linksNamed, navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// Personal API tokens: a member creates one, sees it once, copies it and calls the API with it; revoking
// it makes the same call fail. What a member may choose follows their role. Admins see and revoke
// everyone's tokens. Then the keyboard path, and how the screens look on a phone.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;
let reader: SeededUser;
let bulk: SeededUser;

const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 375, height: 812 };
const LONG_NAME = 'Nightly synchronisation of the marketing prompt library into the shared knowledge base (EMEA)';

interface Created {
  token: string;
  apiToken: { id: string; name: string; prefix: string };
}
const createToken = (user: SeededUser, name: string, scopes: string[] = ['prompts:read'], expiresInDays: number | null = 30) =>
  apiCall<Created>(suite.server.url, 'POST', '/api/tokens', { name, scopes, expiresInDays }, user.token);

/** A real HTTP call with the token, as a script would make it. */
const callWith = async (token: string) => (await fetch(`${suite.server.url}/api/prompts`, { headers: { Authorization: `Bearer ${token}` } })).status;

/** Moves a member to another role through the admin API, as the user-management screen does. */
async function setRole(user: SeededUser, role: 'read' | 'edit' | 'admin'): Promise<void> {
  const users = await apiCall<Array<{ id: string; email: string }>>(suite.server.url, 'GET', '/api/admin/users', undefined, admin.token);
  const id = users.find((u) => u.email === user.email)!.id;
  const body = { email: user.email, firstName: user.firstName, lastName: user.lastName, businessUnit: 'Engineering', role };
  await apiCall(suite.server.url, 'PUT', `/api/admin/users/${id}`, body, admin.token);
}

async function open(user: SeededUser, path = '/api-tokens', viewport = WIDE): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, path);
  return page;
}

const tokenList = (page: Page, name = 'Your tokens') => page.getByRole('list', { name, exact: true });
const rowOf = (page: Page, name: string, list = 'Your tokens') =>
  tokenList(page, list)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
/** The focused control's name as a test reads it: its label, its value (the token field) or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el instanceof HTMLTextAreaElement) return el.value;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim();
  });

/** The scope checkboxes and lifetimes the create dialog offers. */
async function offered(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const scopes = await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.parentElement?.textContent?.split(':')[0]));
  const lifetimes = await dialog.getByLabel('Expires after').locator('option').allTextContents();
  return { scopes, lifetimes };
}

/** Nothing on the page is wider than the window. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  editor = await registerUser(suite.server.url, { firstName: 'Ed', lastName: 'Itor' });
  reader = await registerUser(suite.server.url, { firstName: 'Rea', lastName: 'Der' });
  bulk = await registerUser(suite.server.url, { firstName: 'Bea', lastName: 'Busy' });
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Weekly summary', content: 'Summarize the week.', aiModels: ['Claude'], tags: ['Reports'] },
    editor.token,
  );
});

describe('a member’s API tokens', () => {
  it('creates a token, shows it once, copies it, and the token works until it is revoked', async () => {
    const { page } = await suite.open(WIDE);
    await signInWithToken(page, editor.token);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'API Tokens' }).click();
    await page.waitForURL('**/api-tokens');
    await expect.poll(() => page.getByRole('heading', { name: 'API Tokens', level: 1 }).isVisible()).toBe(true);
    expect(await page.title()).toBe('API Tokens · AI Prompts Database');
    await seen(page, 'No API tokens yet');
    expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
    await expectAccessible(page, 'api tokens, empty');
    await screenshot(page, 'api-tokens-empty');

    await page.getByRole('button', { name: 'Create Token' }).click();
    expect(await offered(page)).toEqual({ scopes: ['Read prompts', 'Write prompts'], lifetimes: ['30 days', '90 days', '365 days (1 year)'] });
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect.poll(() => dialog.getByText('Name is required').isVisible()).toBe(true);
    await dialog.getByLabel('Name').fill('Reporting script');
    await dialog.getByRole('checkbox', { name: /^Write prompts/ }).click();
    await dialog.getByLabel('Expires after').selectOption({ label: '90 days' });
    await expectAccessible(page, 'create token dialog');
    await screenshot(page, 'api-tokens-create', false);
    await dialog.getByRole('button', { name: 'Create Token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    const field = shown.getByLabel('Your new token');
    await expect.poll(() => field.isVisible()).toBe(true);
    const token = await field.inputValue();
    expect(token).toMatch(/^apd_[\w-]{20,}$/);
    await seen(page, 'Copy it now: you will not see it again.');
    // Focus is on the token, selected, so Ctrl+C would copy it too.
    expect(
      await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).selectionEnd - (document.activeElement as HTMLTextAreaElement).selectionStart),
    ).toBe(token.length);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => shown.getByText('The token is on your clipboard.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectAccessible(page, 'token shown once');
    await screenshot(page, 'api-tokens-shown-once', false);

    // A script with the token gets the prompts.
    expect(await callWith(token)).toBe(200);

    // A stray click outside does not lose it; Done does close it, and focus goes back to Create Token.
    await page.mouse.click(5, 5);
    expect(await shown.isVisible()).toBe(true);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => shown.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Create Token');
    const row = rowOf(page, 'Reporting script');
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByRole('list', { name: 'Scopes' }).getByRole('listitem').allTextContents()).toEqual(['Read prompts', 'Write prompts']);
    await seen(page, /^1 token of at most 50$/);
    // Never again: not on the page, nor after a reload, nor from the server.
    expect(await page.content()).not.toContain(token);
    await page.reload();
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.content()).not.toContain(token);
    expect(JSON.stringify(await apiCall(suite.server.url, 'GET', '/api/tokens', undefined, editor.token))).not.toContain(token);
    // The call above was its first use.
    expect(await row.getByText('Never used').count()).toBe(0);
    expect(await row.textContent()).toContain(`${token.slice(0, 10)}…`);
    await expectAccessible(page, 'api tokens');
    await screenshot(page, 'api-tokens');

    await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke token?' });
    await expect.poll(() => confirm.getByText('Revoke “Reporting script”?', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'revoke dialog');
    await screenshot(page, 'api-tokens-revoke', false);
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await seen(page, 'Revoked “Reporting script”');
    await seen(page, 'No API tokens yet');
    await expect.poll(() => focusedName(page)).toBe('Create Token');
    expect(await callWith(token)).toBe(401);
  });

  it('offers an administrator every scope and a token that never expires', async () => {
    const admins = await open(admin);
    await admins.getByRole('button', { name: 'Create Token' }).click();
    expect(await offered(admins)).toEqual({
      scopes: ['Read prompts', 'Write prompts', 'Administration'],
      lifetimes: ['30 days', '90 days', '365 days (1 year)', 'Never'],
    });
    const dialog = admins.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Name').fill('Audit robot');
    await dialog.getByRole('checkbox', { name: /^Administration/ }).click();
    await dialog.getByLabel('Expires after').selectOption({ label: 'Never' });
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    const token = await admins.getByRole('dialog', { name: 'Token created' }).getByLabel('Your new token').inputValue();
    expect(await (await fetch(`${suite.server.url}/api/admin/users`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    await admins.getByRole('button', { name: 'Done' }).click();
    const row = rowOf(admins, 'Audit robot');
    await expect.poll(() => row.getByText('Never', { exact: true }).isVisible()).toBe(true);
  });

  it('offers a read-only member reading only, and marks the writing a token kept from before as inactive', async () => {
    // An editor's token that asked for writing, before the editor became a read-only member.
    await createToken(reader, 'Sync before demotion', ['prompts:read', 'prompts:write']);
    await setRole(reader, 'read');
    const readers = await open(reader);
    const old = rowOf(readers, 'Sync before demotion');
    await expect.poll(() => old.isVisible()).toBe(true);
    expect(await old.getByRole('list', { name: 'Scopes' }).getByRole('listitem').allTextContents()).toEqual(['Read prompts', 'Write prompts (inactive)']);
    await seen(readers, 'Your role (Read Only) does not allow Write prompts: the token keeps only its other rights.');
    await expectAccessible(readers, 'api tokens, inactive scope');
    await screenshot(readers, 'api-tokens-inactive-scope');
    await readers.getByRole('button', { name: 'Create Token' }).click();
    expect(await offered(readers)).toEqual({ scopes: ['Read prompts'], lifetimes: ['30 days', '90 days', '365 days (1 year)'] });
    await seen(readers, 'As a read-only member, your tokens can read prompts but not change them.');
    await screenshot(readers, 'api-tokens-create-read-only', false);

    // The server refuses what the form does not offer.
    await expect(createToken(reader, 'Sneaky', ['prompts:write'])).rejects.toThrow(/403/);
    await expect(createToken(editor, 'Sneaky', ['admin'])).rejects.toThrow(/403/);
    await expect(createToken(editor, 'Sneaky', ['prompts:read'], null)).rejects.toThrow(/403/);
  });
});

describe('the admin API Tokens screen', () => {
  it('lists everyone’s tokens with their owner, a page at a time, and revokes another member’s', async () => {
    const theirs = await createToken(editor, LONG_NAME, ['prompts:read', 'prompts:write'], 365);
    for (let i = 1; i <= 50; i++) await createToken(bulk, `Bulk token ${String(i).padStart(2, '0')}`);
    const page = await open(admin, '/all-prompts');
    await page.getByRole('button', { name: 'Administration' }).click();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'API Tokens' }).click();
    await page.waitForURL('**/api-token-management');
    const all = tokenList(page, 'All tokens');
    await expect
      .poll(() =>
        all
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading') })
          .count(),
      )
      .toBe(50);
    await seen(page, /^53 tokens$/);
    // The newest first: the bulk tokens, then (after Load more) the editor's.
    expect(await all.getByRole('heading').first().textContent()).toBe('Bulk token 50');
    await expectAccessible(page, 'admin api tokens');
    await screenshot(page, 'admin-api-tokens', false);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    const row = rowOf(page, LONG_NAME, 'All tokens');
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain(editor.email);
    expect(await row.textContent()).toContain('Ed Itor (Editor)');

    await row.getByRole('button', { name: `Revoke ${LONG_NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke token?' });
    await expect.poll(() => confirm.textContent()).toContain(`Revoke “${LONG_NAME}”, Ed Itor’s token?`);
    await screenshot(page, 'admin-api-tokens-revoke', false);
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await seen(page, `Revoked “${LONG_NAME}”`);
    await expect.poll(() => row.count()).toBe(0);
    expect(await callWith(theirs.token)).toBe(401);
    expect((await apiCall<{ items: unknown[] }>(suite.server.url, 'GET', '/api/tokens', undefined, editor.token)).items).toEqual([]);
  });

  it('sends a member who is not an admin away, and offers them no link', async () => {
    const page = await open(editor, '/api-token-management');
    await page.waitForURL('**/all-prompts');
    await seen(page, 'Weekly summary');
    // The sidebar is drawn, and its links are counted even inside the closed Administration group.
    await navigationShown(page);
    expect(await linksNamed(page, 'API Tokens')).toBe(0);
    await expect(apiCall(suite.server.url, 'GET', '/api/admin/tokens', undefined, editor.token)).rejects.toThrow(/403/);
  });

  it('tells a member at the limit, and the dialog gives the server’s refusal', async () => {
    const page = await open(bulk);
    await seen(page, /^50 tokens of at most 50$/);
    await seen(page, 'You have the most tokens allowed. Revoke one before you create another.');
    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Name').fill('One too many');
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('50');
    await expectAccessible(page, 'too many tokens');
  });
});

describe('the keyboard path', () => {
  it('opens the screen from the user menu, creates, copies and revokes a token without a mouse', async () => {
    const page = await open(editor, '/all-prompts');
    await seen(page, 'Weekly summary');
    await page.getByRole('button', { name: /User menu/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toContain('Edit Profile');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toContain('API Tokens');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api-tokens');
    await seen(page, 'No API tokens yet');

    await page.getByRole('button', { name: 'Create Token' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Focus starts in the dialog, on the name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.type('Keyboard token');
    await page.keyboard.press('Tab'); // Read prompts
    await page.keyboard.press('Tab'); // Write prompts
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: /^Write prompts/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Tab'); // Expires after
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Expires after').inputValue()).toBe('90');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Create Token
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toMatch(/^apd_/);
    const token = await shown.getByLabel('Your new token').inputValue();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Copy');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Done');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Create Token');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Revoke Keyboard token');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Revoke token?' });
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Revoke Token');
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.count()).toBe(0);
    await seen(page, 'No API tokens yet');
    await expect.poll(() => focusedName(page)).toBe('Create Token');
  });
});

describe('on a phone', () => {
  it('fits 375 px: the list and the dialogs', async () => {
    await createToken(editor, LONG_NAME, ['prompts:read', 'prompts:write'], 365);
    await createToken(editor, 'CLI');
    const page = await open(editor, '/api-tokens', PHONE);
    await expect.poll(() => rowOf(page, LONG_NAME).isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'api tokens, 375 px');
    await screenshot(page, 'api-tokens-375');
    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Name').fill('Phone token');
    await screenshot(page, 'api-tokens-375-create', false);
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Token created' }).isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'api-tokens-375-shown-once', false);
    await page.getByRole('button', { name: 'Done' }).click();
    await rowOf(page, LONG_NAME)
      .getByRole('button', { name: `Revoke ${LONG_NAME}` })
      .click();
    await expect.poll(() => page.getByRole('alertdialog', { name: 'Revoke token?' }).isVisible()).toBe(true);
    await screenshot(page, 'api-tokens-375-revoke', false);
  });

  it('fits 375 px: the admin screen', async () => {
    const admins = await open(admin, '/api-token-management', PHONE);
    await expect.poll(() => rowOf(admins, LONG_NAME, 'All tokens').isVisible()).toBe(true);
    expect(await overflow(admins)).toBeLessThanOrEqual(0);
    await expectAccessible(admins, 'admin api tokens, 375 px');
    await screenshot(admins, 'admin-api-tokens-375', false);
  });

  it('reads well in the dark theme', async () => {
    const page = await open(reader);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => rowOf(page, 'Sync before demotion').isVisible()).toBe(true);
    await expectAccessible(page, 'api tokens, dark');
    await screenshot(page, 'dark-api-tokens');
  });
});
