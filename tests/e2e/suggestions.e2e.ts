import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// Suggested edits: a read-only member suggests a change to a prompt; its owner sees the count on the
// Suggestions tab (reached from the inbox item), the change as a diff against the current text, and accepts
// it (a new version credited to the suggester) or declines it with a reply.
const suite = useBrowserSuite();

let admin: SeededUser;
let owner: SeededUser;
let reader: SeededUser;
const ids: Record<string, string> = {};
const LONG_MESSAGE =
  'The current wording asks for a summary but never says how long it should be or who reads it; naming the audience (the board) and the length (five bullets) makes the answers consistent across teams and easier to compare between quarters.';

const call = <T>(method: string, url: string, body: unknown, who: SeededUser) => apiCall<T>(suite.server.url, method, url, body, who.token);

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  owner = await registerUser(suite.server.url, { firstName: 'Olive', lastName: 'Owner' });
  reader = await registerUser(suite.server.url, { firstName: 'Rita', lastName: 'Reader' });
  await setRoleAsAdmin(suite.server.url, admin, reader, 'read');
  for (const [key, title, content] of [
    ['accept', 'Meeting notes', 'Summarise the meeting notes.'],
    ['decline', 'Quarterly report for the board with every figure explained in plain words', 'Summarise the quarterly report.'],
  ] as const) {
    ({ id: ids[key] } = await call<{ id: string }>('POST', '/api/prompts', { title, content, aiModels: ['Claude'], tags: ['reports'] }, owner));
  }
});

describe('suggested edits', () => {
  it('lets a read-only member suggest an edit, and the owner open it from the inbox, see the diff and accept it', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, reader.token, `/prompts/${ids.accept}`);
    await navigationShown(page);
    const suggest = page.getByRole('button', { name: 'Suggest an edit' });
    await expect.poll(() => suggest.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    await suggest.click();
    const dialog = page.getByRole('dialog', { name: 'Suggest an edit' });
    await expect.poll(() => dialog.getByLabel('Content').inputValue()).toBe('Summarise the meeting notes.');
    // The focus starts in the content, what most suggestions change.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('content');
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await expect.poll(() => dialog.getByText('Message is required').isVisible()).toBe(true);
    await dialog.getByLabel('Content').fill('Summarise the meeting notes as decisions, owners and due dates.');
    await dialog.getByLabel('Message').fill('Decisions and owners are what people look for afterwards');
    await expectAccessible(page, 'suggest dialog');
    await screenshot(page, 'suggest-dialog-1366', false);
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await seen(page, 'Suggestion sent');
    await expect.poll(() => dialog.count()).toBe(0);

    // The owner hears of it in the inbox and goes from the item straight to the prompt's Suggestions tab.
    await signInWithToken(page, owner.token);
    await navigationShown(page);
    const bell = page.getByRole('banner').getByRole('link', { name: 'Inbox, 1 unread' });
    await expect.poll(() => bell.isVisible(), { timeout: 30_000 }).toBe(true);
    await bell.click();
    await page.waitForURL('**/inbox');
    await page.getByRole('link', { name: /^Unread: Rita Reader suggested an edit to “Meeting notes”/ }).click();
    await page.waitForURL(`**/prompts/${ids.accept}?tab=suggestions`);
    const tab = page.getByRole('tab', { name: 'Suggestions (1 open)' });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'Suggest an edit' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Inbox' }).isVisible()).toBe(true);
    const item = page.getByRole('listitem', { name: 'Suggestion by Rita Reader' });
    await expect.poll(() => item.getByText('Decisions and owners are what people look for afterwards').isVisible()).toBe(true);
    const changes = item.getByRole('region', { name: 'Changes to Content' });
    await expect
      .poll(() =>
        changes
          .locator('ins')
          .allTextContents()
          .then((t) => t.join('')),
      )
      .toContain('decisions, owners and due dates');
    await expectAccessible(page, 'suggestions tab');
    await screenshot(page, 'suggestions-tab-1366');

    await item.getByRole('button', { name: 'Accept the suggestion by Rita Reader' }).click();
    await seen(page, 'Suggestion accepted — version 2');
    await expect.poll(() => page.getByRole('tab', { name: 'Suggestions', exact: true }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Prompt', exact: true }).click();
    await seen(page, 'Summarise the meeting notes as decisions, owners and due dates.');
    await page.getByRole('tab', { name: 'History' }).click();
    await seen(page, /Olive Owner · Suggested by Rita Reader ·/);
    await expectAccessible(page, 'history with a suggestion');
    const prompt = await call<{ content: string; version: number; openSuggestions: number }>('GET', `/api/prompts/${ids.accept}`, undefined, owner);
    expect(prompt).toMatchObject({ content: 'Summarise the meeting notes as decisions, owners and due dates.', version: 2, openSuggestions: 0 });
  });

  it('lets the owner decline with a reply on a phone, opened from /suggestions; the suggester sees the reply', async () => {
    await call(
      'POST',
      `/api/prompts/${ids.decline}/suggestions`,
      { content: 'Summarise the quarterly report for the board in five bullets.', message: LONG_MESSAGE },
      reader,
    );
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, owner.token, '/suggestions');
    await seen(page, 'Edits suggested to the prompts you own or curate, and the ones you suggested.');
    const row = page.getByRole('list', { name: 'Suggestions to decide' }).getByRole('listitem');
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'suggestions page 390');
    await screenshot(page, 'suggestions-page-390');

    await row.getByRole('link').click();
    await expect.poll(() => page.url()).toContain(`/prompts/${ids.decline}?tab=suggestions`);
    const item = page.getByRole('listitem', { name: 'Suggestion by Rita Reader' });
    await expect.poll(() => item.getByRole('region', { name: 'Changes to Content' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'suggestions tab 390');
    await screenshot(page, 'suggestions-tab-390');

    await item.getByRole('button', { name: 'Decline the suggestion by Rita Reader' }).click();
    await item.getByRole('button', { name: 'Decline suggestion' }).click();
    await expect.poll(() => item.getByText('Reply is required').isVisible()).toBe(true);
    await item.getByLabel('Reply').fill('We keep the length open so that each team can choose.');
    await screenshot(page, 'suggestions-decline-390', false);
    await item.getByRole('button', { name: 'Decline suggestion' }).click();
    await seen(page, 'Suggestion declined');
    await seen(page, /No open suggestions/);

    await signInWithToken(page, reader.token, '/suggestions');
    const mine = page.getByRole('list', { name: 'Your suggestions' }).getByRole('listitem');
    await expect.poll(() => mine.count()).toBe(2);
    await signInWithToken(page, reader.token, `/prompts/${ids.decline}?tab=suggestions`);
    await seen(page, 'Declined by Olive Owner: We keep the length open so that each team can choose.');
    await expectAccessible(page, 'own suggestions 390');
    await screenshot(page, 'own-suggestions-390');
  });
});
