import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// A prompt's history: the edit form's "What changed?", the History tab's versions and diff, and Restore.
const suite = useBrowserSuite();
let owner: SeededUser;
let promptId: string;

beforeAll(async () => {
  owner = await registerUser(suite.server.url, { firstName: 'Hal', lastName: 'History' });
  ({ id: promptId } = await apiCall<{ id: string }>(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Customer reply', content: 'Reply politely to the customer and thank them.', aiModels: ['Claude'], tags: ['support'] },
    owner.token,
  ));
});

describe('version history', () => {
  it('keeps a note with each save, shows the words that changed, and restores an old version', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, owner.token, `/edit-prompt/${promptId}`);
    await expect.poll(() => page.getByLabel('Content').inputValue()).toBe('Reply politely to the customer and thank them.');
    await page.getByLabel('Content').fill('Reply warmly to the customer and thank them by name.');
    await page.getByLabel('What changed?').fill('Warmer tone');
    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await seen(page, 'Prompt updated successfully!');

    await page.goto(`/prompts/${promptId}`);
    await seen(page, 'Last edited by Hal History');
    await page.getByRole('tab', { name: 'History' }).click();
    await seen(page, '“Warmer tone”');
    await seen(page, 'Changed Content');
    // Side by side: the removed word on the left, the added ones on the right.
    const changes = page.getByRole('region', { name: 'Changes to Content' });
    await expect.poll(() => changes.locator('del').allTextContents()).toContain('politely');
    expect((await changes.locator('ins').allTextContents()).join('')).toContain('warmly');
    await expectAccessible(page, 'history');
    await screenshot(page, 'history-diff');

    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await seen(page, 'Version 1 restored');
    await seen(page, '“Restored version 1”');
    const current = await apiCall<{ content: string; version: number }>(suite.server.url, 'GET', `/api/prompts/${promptId}`, undefined, owner.token);
    expect(current).toMatchObject({ content: 'Reply politely to the customer and thank them.', version: 3 });
  });

  it('shows the changes in one column on a narrow screen', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, owner.token, `/prompts/${promptId}`);
    await page.getByRole('tab', { name: 'History' }).click();
    const changes = page.getByRole('region', { name: 'Changes to Content' });
    await expect.poll(() => changes.locator('ins, del').count()).toBeGreaterThan(0);
    expect(await changes.getByLabel('Before').count()).toBe(0);
    await expectAccessible(page, 'history, narrow');
    await screenshot(page, 'history-narrow');
  });
});
