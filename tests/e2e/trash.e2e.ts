import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Deleting puts a prompt in the trash: Undo from the toast, restore from the Trash page, a title
// taken meanwhile, and an admin deleting for good.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;

const create = (u: SeededUser, title: string) =>
  apiCall<{ id: string }>(suite.server.url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags: ['bin'] }, u.token);
/** A delete asks nothing (Undo and the Trash bring it back): a browser question is refused, so the delete would not happen. */
const refuseQuestions = (page: Page) => page.on('dialog', (d) => void d.dismiss());

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  editor = await registerUser(suite.server.url, { firstName: 'Ed', lastName: 'Itor' });
  await create(editor, 'Weekly digest');
  await create(editor, 'Meeting notes');
});

describe('the trash', () => {
  it('undoes a delete from the toast', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, editor.token);
    await seen(page, 'Weekly digest');
    refuseQuestions(page);
    await page.getByRole('button', { name: 'Delete Weekly digest' }).click();
    await seen(page, 'Prompt deleted successfully!');
    await expect.poll(() => page.getByRole('button', { name: 'Weekly digest', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await seen(page, 'Prompt restored');
    await expect.poll(() => page.getByRole('button', { name: 'Weekly digest', exact: true }).isVisible()).toBe(true);
  });

  it('restores from the Trash page, offering "(restored)" when the title is taken now', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, editor.token);
    await seen(page, 'Meeting notes');
    refuseQuestions(page);
    await page.getByRole('button', { name: 'Delete Meeting notes' }).click();
    await seen(page, 'Prompt deleted successfully!');
    await create(editor, 'Meeting notes');

    await page.getByRole('link', { name: 'Trash' }).click();
    await seen(page, 'Deleted prompts stay here');
    await seen(page, /Deleted .* by Ed Itor/);
    await expectAccessible(page, 'trash');
    await screenshot(page, 'trash');
    await page.getByRole('button', { name: 'Restore Meeting notes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'That title is taken now' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'trash-title-taken', false);
    await dialog.getByRole('button', { name: 'Restore with “(restored)”' }).click();
    await seen(page, '“Meeting notes (restored)” is back in the lists.');
    await seen(page, 'The trash is empty.');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await seen(page, 'The trash is empty.');
    await expectAccessible(page, 'trash, empty, dark');
    await screenshot(page, 'dark-trash-empty');
  });

  it('lets an admin see everyone’s trash and delete a prompt for good', async () => {
    const { id } = await create(editor, 'Obsolete');
    await apiCall(suite.server.url, 'DELETE', `/api/prompts/${id}`, undefined, editor.token);
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token, '/trash');
    await seen(page, 'The trash is empty.');
    await page.getByLabel('Show everyone’s deleted prompts').click();
    await seen(page, 'Obsolete');
    await page.getByRole('button', { name: 'Delete Obsolete for good' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await seen(page, 'Prompt deleted for good');
    await seen(page, 'The trash is empty.');
  });
});
