import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// The AI Applications admin screen: adding, renaming, deleting an unused application, merging one that
// prompts name (from Delete, and from a rename onto another's name), and "Copy & open" in the runner
// for an application with only a home URL.
const suite = useBrowserSuite();
let admin: SeededUser;
let editor: SeededUser;

const create = (title: string, content: string, aiModels: string[]) =>
  apiCall<{ id: string }>(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels, tags: ['apps'] }, editor.token);

async function openScreen(viewport = { width: 1366, height: 860 }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, admin.token, '/ai-applications');
  await seen(page, 'Claude');
  return page;
}

/** An application's row, found by its Edit button as a person would. */
const rowOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
const present = (page: Page, name: string) => page.getByRole('button', { name: `Edit ${name}`, exact: true }).count();

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  editor = await registerUser(suite.server.url, { firstName: 'Ed', lastName: 'Itor' });
  await create('Release notes', 'Write release notes for version 2.', ['GPT Four', 'ChatGPT']);
  await create('Poem', 'Write a poem about the sea.', ['Old Bard']);
  await create('Summary', 'Summarize the attached meeting notes in five bullet points.', ['Claude']);
});

describe('the AI Applications screen', () => {
  it('lists the applications with their prompts and addresses, at 1366 px and on a phone', async () => {
    const page = await openScreen();
    expect(await rowOf(page, 'ChatGPT').innerText()).toContain('Copy & open: https://chatgpt.com/');
    expect(await rowOf(page, 'GPT Four').innerText()).toContain('1 prompt');
    await expectAccessible(page, 'AI applications');
    await screenshot(page, 'ai-applications-1366', false);
    const phone = await openScreen({ width: 375, height: 800 });
    // Nothing runs off the side: the actions fit as icons.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect.poll(() => phone.getByRole('button', { name: 'Delete Claude' }).isVisible()).toBe(true);
    await expectAccessible(phone, 'AI applications, phone');
    await screenshot(phone, 'ai-applications-375', false);
  });

  it('adds an application with a home URL, refuses a taken name, renames it and deletes it once unused', async () => {
    const page = await openScreen();
    await page.getByRole('button', { name: 'Add AI Application' }).click();
    const add = page.getByRole('dialog', { name: 'Add AI Application' });
    // The name has focus: typing starts at once.
    await page.keyboard.type('claude');
    await add.getByLabel('Home URL').fill('http://chat.mistral.ai/');
    await seen(page, 'Home URL must start with https://');
    await add.getByLabel('Home URL').fill('https://chat.mistral.ai/chat');
    await add.getByRole('button', { name: 'Add Application' }).click();
    await seen(page, 'An AI application named “Claude” already exists. Choose another name.');
    await add.getByLabel('Name').fill('Le Chat');
    await expectAccessible(page, 'add AI application');
    await add.getByRole('button', { name: 'Add Application' }).click();
    await expect.poll(() => present(page, 'Le Chat')).toBe(1);
    expect(await rowOf(page, 'Le Chat').innerText()).toContain('https://chat.mistral.ai/chat');

    await page.getByRole('button', { name: 'Edit Le Chat' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit AI Application' });
    await edit.getByLabel('Name').fill('Mistral Le Chat');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => present(page, 'Mistral Le Chat')).toBe(1);

    // By keyboard: Delete, then from Cancel (where focus starts) to the confirming button.
    await page.getByRole('button', { name: 'Delete Mistral Le Chat' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete AI application?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page, 'delete AI application');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => present(page, 'Mistral Le Chat')).toBe(0);
    await seen(page, 'Deleted “Mistral Le Chat”');
  });

  it('offers a merge for an application prompts name, and the prompts then name the other one', async () => {
    const page = await openScreen();
    await page.getByRole('button', { name: 'Delete GPT Four' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge “GPT Four”' });
    await seen(page, '“GPT Four” cannot be deleted while prompts name it.');
    // The choice has focus, not the close button: a keyboard user picks at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await merge.getByRole('button', { name: 'Merge' }).click();
    await seen(page, 'Choose the AI application to merge into');
    await merge.getByLabel('Merge into').selectOption({ label: 'ChatGPT (1 prompt)' });
    await expectAccessible(page, 'merge AI application');
    await screenshot(page, 'ai-applications-merge', false);
    await merge.getByRole('button', { name: 'Merge' }).click();
    await seen(page, 'Merged “GPT Four” into “ChatGPT” in 1 prompt');
    await expect.poll(() => present(page, 'GPT Four')).toBe(0);
    await expect.poll(async () => (await rowOf(page, 'ChatGPT').innerText()).includes('1 prompt')).toBe(true);

    // A rename onto another application's name offers merging into it, chosen already.
    await page.getByRole('button', { name: 'Edit Old Bard' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit AI Application' });
    await edit.getByLabel('Name').fill('gemini');
    await edit.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'An AI application named “Gemini” already exists. Choose another name, or merge into “Gemini” instead.');
    await edit.getByRole('button', { name: 'Merge into “Gemini” instead…' }).click();
    const bard = page.getByRole('dialog', { name: 'Merge “Old Bard”' });
    expect(await bard.getByLabel('Merge into').inputValue()).not.toBe('');
    await bard.getByRole('button', { name: 'Merge' }).click();
    await seen(page, 'Merged “Old Bard” into “Gemini” in 1 prompt');

    const prompts = await apiCall<{ items: Array<{ title: string; aiModels: string[] }> }>(suite.server.url, 'GET', '/api/prompts', undefined, editor.token);
    const byTitle = new Map(prompts.items.map((p) => [p.title, p.aiModels]));
    expect(byTitle.get('Release notes')).toEqual(['ChatGPT']);
    expect(byTitle.get('Poem')).toEqual(['Gemini']);
  });
});

describe('Copy & open', () => {
  it('copies the prompt and opens the home URL of an application without a launch URL', async () => {
    const { page, context } = await suite.open({ width: 1366, height: 860 });
    await context.route('https://claude.ai/**', (route) => route.fulfill({ body: 'Claude stand-in', contentType: 'text/plain' }));
    await signInWithToken(page, editor.token);
    await seen(page, 'Summary');
    await page.getByRole('button', { name: 'Use prompt Summary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Summary”' });
    // Claude's button is drawn, as Copy & open rather than Open in.
    await expect.poll(() => dialog.getByRole('button', { name: 'Copy & open Claude' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Open in Claude' }).count()).toBe(0);
    const [opened] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Copy & open Claude' }).click()]);
    await expect.poll(() => opened.url()).toBe('https://claude.ai/new');
    await seen(page, 'Prompt copied: paste it into Claude');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Summarize the attached meeting notes in five bullet points.');
    await opened.close();
  });
});
