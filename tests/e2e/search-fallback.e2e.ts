import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// A search never ends in an empty list when the library holds something close: prompts with some of
// the words, ranked and announced, and "Did you mean …?" for a word no prompt holds.
const suite = useBrowserSuite();
const NOTICE = 'No prompt has all of these words; showing prompts with some of them';
let admin: SeededUser;

const createPrompt = (title: string, content: string) =>
  apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['ChatGPT'], tags: ['Everyday'] }, admin.token);

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Sam', lastName: 'Searcher', businessUnit: 'Research' });
  await createPrompt('Meeting agenda', 'Draft an agenda for the meeting.');
  await createPrompt('Note-Taking assistant', 'Take notes during the meeting and list every decision.');
  await createPrompt('Essay Writer', 'Write a persuasive essay on a topic.');
  await createPrompt('Weekly report', 'Summarize the week for the team.');
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, admin.token, '/');
  await seen(page, 'Essay Writer');
  return page;
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search prompts' });

describe('search fallback', () => {
  it('lists the prompts with the most words, best first, and says so', async () => {
    const page = await open({ width: 1366, height: 860 });
    // No prompt says "summarize meeting notes" whole; the note taker has two of the words.
    await search(page).fill('summarize meeting notes');
    await seen(page, NOTICE);
    const firstRow = page.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent()).toContain('Note-Taking assistant');
    await expectAccessible(page, 'search fallback notice');
    await screenshot(page, 'search-fallback-some-words', false);
  });

  it('offers "Did you mean" for a misspelt word, and clicking it searches again', async () => {
    const page = await open({ width: 1366, height: 860 });
    await search(page).fill('wrtier');
    const suggestion = page.getByRole('button', { name: 'writer', exact: true });
    await expect.poll(() => suggestion.isVisible(), { timeout: 10_000 }).toBe(true);
    await seen(page, /Did you mean/);
    await screenshot(page, 'search-fallback-did-you-mean', false);
    await suggestion.click();
    await expect.poll(() => search(page).inputValue()).toBe('writer');
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('Essay Writer');
    await expect.poll(() => page.getByText(/Did you mean/).count()).toBe(0);
  });

  it('shows both on a phone', async () => {
    const page = await open({ width: 375, height: 800 });
    await search(page).fill('meeting agnda notes');
    await seen(page, NOTICE);
    await expect.poll(() => page.getByRole('button', { name: 'meeting agenda notes' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'search-fallback-phone', false);
  });

  it('lets an administrator add synonyms on the Tags screen, which searches then use', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token, '/tags');
    const box = page.getByRole('textbox', { name: 'Search synonyms' });
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toContain('soccer, football');
    await box.fill(`${await box.inputValue()}\nagenda, schedule`);
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await seen(page, 'Search synonyms saved');
    await screenshot(page, 'search-synonyms-admin', true);
    await page.goto(`${suite.server.url}/`);
    await search(page).fill('schedule');
    await expect.poll(() => page.getByRole('row').nth(1).textContent(), { timeout: 10_000 }).toContain('Meeting agenda');
  });
});
