import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot } from './support/browser';
import { useBrowserSuite } from './support/suite';

// A prompt's status in the browser: a draft saved from the form, seen only in My Prompts with its badge,
// then published; a deprecated prompt pointing at its replacement, out of All Prompts until "Show
// deprecated" brings it back.
const suite = useBrowserSuite();
let author: SeededUser;
let colleague: SeededUser;

beforeAll(async () => {
  const url = suite.server.url;
  await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  author = await registerUser(url, { firstName: 'Dora', lastName: 'Drafter', businessUnit: 'Engineering' });
  colleague = await registerUser(url, { firstName: 'Cole', lastName: 'League', businessUnit: 'Engineering' });
});

const rowButton = (page: import('playwright-core').Page, title: string) => page.getByRole('button', { name: title, exact: true });

describe('statuses in the browser', () => {
  it('saves a draft from the form, shows it only in My Prompts, and publishes it', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, author.token, '/create-prompt');
    await page.getByLabel('Title').fill('Onboarding checklist draft');
    await page.getByLabel('Content').fill('List the first-week tasks for a new {{role}}.');
    const apps = page.getByRole('combobox', { name: 'AI Application Used' });
    await apps.fill('claude');
    await page.getByRole('option', { name: 'Claude', exact: true }).click();
    await page.getByRole('combobox', { name: 'Tags' }).fill('onboarding');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForURL(/\/prompts\/[^/]+$/);
    const id = page.url().split('/').pop()!;
    await expect.poll(() => page.getByText('Draft saved').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Draft: only its owners and administrators see it/).isVisible()).toBe(true);
    await expectAccessible(page, 'a draft’s page');
    await screenshot(page, 'status-draft-page', false);

    // Not in All Prompts, not for a colleague; in My Prompts with its badge.
    await page.getByRole('link', { name: 'My Prompts' }).click();
    await expect.poll(() => page.getByText('Onboarding checklist draft').first().isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-status="draft"]').first().isVisible()).toBe(true);
    await screenshot(page, 'status-my-prompts-draft', false);
    const others = await apiCall<{ total: number }>(suite.server.url, 'GET', '/api/prompts', undefined, author.token);
    expect(others.total).toBe(0);
    const res = await fetch(`${suite.server.url}/api/prompts/${id}`, { headers: { authorization: `Bearer ${colleague.token}` } });
    expect(res.status).toBe(404);

    // Edited as a draft, then published from the form.
    await page.goto(`${suite.server.url}/edit-prompt/${id}`);
    await page.getByLabel('Title').fill('Onboarding checklist');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(`**/prompts/${id}`);
    await expect.poll(() => page.getByText('Prompt published').first().isVisible()).toBe(true);
    const listed = await apiCall<{ items: Array<{ title: string; status: string }> }>(suite.server.url, 'GET', '/api/prompts', undefined, colleague.token);
    expect(listed.items).toMatchObject([{ title: 'Onboarding checklist', status: 'published' }]);
  });

  it('deprecates a prompt with a replacement, which leaves All Prompts until Show deprecated', async () => {
    const url = suite.server.url;
    const body = { content: 'Write the weekly status update.', aiModels: ['Claude'], tags: ['status'] };
    const old = await apiCall<{ id: string }>(url, 'POST', '/api/prompts', { ...body, title: 'Weekly update (old)' }, author.token);
    await apiCall(url, 'POST', '/api/prompts', { ...body, title: 'Weekly update' }, author.token);
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, author.token, `/prompts/${old.id}`);
    await page.getByRole('button', { name: 'Deprecate…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deprecate prompt' });
    await dialog.getByRole('searchbox').fill('Weekly');
    await dialog.getByRole('radio', { name: 'Weekly update', exact: true }).check();
    await expectAccessible(page, 'deprecate dialog');
    await screenshot(page, 'status-deprecate-dialog', false);
    await dialog.getByRole('button', { name: 'Deprecate' }).click();
    await expect.poll(() => page.getByText('This prompt is deprecated.').isVisible()).toBe(true);
    // The replacement is named in the deprecation note (the related prompts below may name it too).
    const note = page.getByRole('note').filter({ hasText: 'This prompt is deprecated.' });
    expect(await note.getByRole('link', { name: 'Weekly update', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'status-deprecated-page', false);

    // The colleague's All Prompts leaves it out; Show deprecated brings it back, badged.
    const { page: other } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(other, colleague.token, '/all-prompts');
    await expect.poll(() => rowButton(other, 'Weekly update').isVisible()).toBe(true);
    expect(await rowButton(other, 'Weekly update (old)').count()).toBe(0);
    // The box follows the address (the view lives there), a moment after the click.
    await other.getByRole('checkbox', { name: 'Show deprecated' }).click();
    await expect.poll(() => rowButton(other, 'Weekly update (old)').isVisible()).toBe(true);
    expect(await other.locator('[data-status="deprecated"]').count()).toBe(1);
    expect(other.url()).toContain('deprecated=true');
    await expectAccessible(other, 'all prompts with deprecated ones');
    await screenshot(other, 'status-show-deprecated', false);
  });
});
