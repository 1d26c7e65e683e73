import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;
let reader: SeededUser;

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  editor = await registerUser(url, { firstName: 'Ed', lastName: 'Itor', businessUnit: 'Engineering' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering' });
  await setRoleAsAdmin(url, admin, reader, 'read');
});

async function open(user: SeededUser, viewport = { width: 1366, height: 860 }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, '/all-prompts');
  return page;
}

/** The page's content, apart from the sidebar (which links to Import Data and Create Prompt too). */
const content = (page: Page) => page.getByRole('main');

describe('All Prompts with an empty library', () => {
  it('shows an admin how to fill it: Import Data and Create Prompt, at desktop and phone widths, light and dark', async () => {
    const page = await open(admin);
    await seen(page, 'Your prompt library is empty');
    expect(await page.getByText('No prompts found.').count()).toBe(0);
    expect(await content(page).getByRole('link', { name: 'Import Data' }).count()).toBe(1);
    expect(await content(page).getByRole('link', { name: 'Create Prompt' }).count()).toBe(1);
    await expectAccessible(page, 'empty library, admin');
    await screenshot(page, 'empty-library-admin-desktop', false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'empty library, admin, dark');
    await screenshot(page, 'empty-library-admin-desktop-dark', false);
    await page.emulateMedia({ colorScheme: 'light' });

    // A search that finds nothing keeps the usual title and its advice.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('anything');
    await seen(page, 'No prompts found.');
    expect(await page.getByText('Your prompt library is empty').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await seen(page, 'Your prompt library is empty');

    await content(page).getByRole('link', { name: 'Import Data' }).click();
    await page.waitForURL('**/import-data');
    await page.goBack();
    await content(page).getByRole('link', { name: 'Create Prompt' }).click();
    await page.waitForURL('**/create-prompt');

    const phone = await open(admin, { width: 375, height: 800 });
    await seen(phone, 'Your prompt library is empty');
    await expectAccessible(phone, 'empty library, admin, phone');
    await screenshot(phone, 'empty-library-admin-phone', false);
    await phone.context().close();
  });

  it('shows an editor Create Prompt only', async () => {
    const page = await open(editor);
    await seen(page, 'No prompts yet');
    expect(await content(page).getByRole('link', { name: 'Create Prompt' }).count()).toBe(1);
    expect(await content(page).getByRole('link', { name: 'Import Data' }).count()).toBe(0);
    await expectAccessible(page, 'empty library, editor');
    await screenshot(page, 'empty-library-editor-desktop', false);
  });

  it('tells a read member that nothing has been shared yet, with nothing to click', async () => {
    const page = await open(reader, { width: 375, height: 800 });
    await seen(page, 'Nothing has been shared yet');
    expect(await content(page).getByRole('link').count()).toBe(0);
    await expectAccessible(page, 'empty library, reader');
    await screenshot(page, 'empty-library-reader-phone', false);
  });

  it('keeps "No prompts found." for a filter that matches nothing once the library has prompts', async () => {
    await apiCall(suite.server.url, 'POST', '/api/prompts', { title: 'Only one', content: 'x', aiModels: ['Claude'], tags: ['solo'] }, editor.token);
    const page = await open(admin);
    await seen(page, 'Only one');
    await page.goto('/all-prompts?tags=absent');
    await seen(page, 'No prompts found.');
    expect(await page.getByText('Your prompt library is empty').count()).toBe(0);
  });
});
