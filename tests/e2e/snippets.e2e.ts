import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Snippets: written on their page, included by a prompt with {{> name}}, expanded in the runner with
// their variables, changed with the prompts they affect named first, and kept while prompts use them.
const suite = useBrowserSuite();
let writer: SeededUser;

beforeAll(async () => {
  writer = await registerUser(suite.server.url, { firstName: 'Sina', lastName: 'Snippets' });
});

describe('snippets', () => {
  it('are created on their page, expanded in the runner, changed with their prompts named, and kept while used', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, '/snippets');
    await seen(page, 'No snippets yet');
    await page.getByRole('button', { name: 'New snippet' }).click();
    const editor = page.getByRole('dialog', { name: 'New snippet' });
    await editor.getByLabel('Name').fill('sign-off');
    await editor.getByLabel('Text').fill('Kind regards, {{signer}}');
    await expectAccessible(page, 'new snippet dialog');
    await editor.getByRole('button', { name: 'Create snippet' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'sign-off', level: 1 }).isVisible()).toBe(true);
    await seen(page, 'No prompt includes it yet.');

    await apiCall(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: 'Order thanks', content: 'Thank {{client}} for the order.\n{{> sign-off}}', aiModels: ['Claude'], tags: ['orders'] },
      writer.token,
    );
    await page.goto(`${suite.server.url}/all-prompts`);
    await page.getByRole('button', { name: 'Use prompt Order thanks' }).first().click();
    const runner = page.getByRole('dialog', { name: 'Use “Order thanks”' });
    await runner.getByLabel('client').fill('Bo');
    await runner.getByLabel('signer').fill('Sina');
    await expect.poll(() => runner.getByRole('region', { name: 'Filled prompt' }).textContent()).toBe('Thank Bo for the order.\nKind regards, Sina');
    await screenshot(page, 'snippets-runner', false);
    await page.keyboard.press('Escape');

    await page.goto(`${suite.server.url}/snippets`);
    await expect.poll(() => page.getByRole('list', { name: 'Snippets' }).innerText()).toMatch(/sign-off[\s\S]*Used in 1 prompt/);
    await page.getByRole('link', { name: 'sign-off' }).click();
    await seen(page, 'Used in 1 prompt');
    await page.getByRole('button', { name: 'Edit' }).click();
    const change = page.getByRole('dialog', { name: 'Edit snippet “sign-off”' });
    await expect.poll(() => change.getByRole('note').innerText()).toMatch(/Saving changes 1 prompt that includes this snippet:\s*Order thanks/);
    await change.getByLabel('Text').fill('Best wishes, {{signer}}');
    await screenshot(page, 'snippet-edit', false);
    await change.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText(/· version 2$/).count()).toBe(1);
    const prompt = await apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, writer.token);
    const id = prompt.items.find((p) => p.title === 'Order thanks')!.id;
    const rendered = await apiCall<{ text: string }>(
      suite.server.url,
      'POST',
      `/api/prompts/${id}/render`,
      { values: { client: 'Al', signer: 'Sina' } },
      writer.token,
    );
    expect(rendered.text).toBe('Thank Al for the order.\nBest wishes, Sina');

    // The snippet's variable is the prompt's: the form's Variables panel defines it too.
    await page.goto(`${suite.server.url}/edit-prompt/${id}`);
    const panel = page.getByRole('region', { name: 'Variables' });
    const signer = panel.getByRole('listitem').filter({ hasText: '{{signer}}' });
    await signer.getByRole('button', { name: /\{\{signer\}\}/ }).click();
    await signer.getByLabel('Label').fill('Signed by');
    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/edit-prompt/'));
    const saved = await apiCall<{ variableDefinitions: unknown[] }>(suite.server.url, 'GET', `/api/prompts/${id}`, undefined, writer.token);
    expect(saved.variableDefinitions).toEqual([{ name: 'signer', type: 'text', label: 'Signed by' }]);
    await page.goto(`${suite.server.url}${'/snippets'}`);
    await page.getByRole('link', { name: 'sign-off' }).click();

    // Still used: the delete is refused, naming the prompt.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await seen(page, /“sign-off” is still used in prompts “Order thanks”: remove it from them first/);
    await expectAccessible(page, 'snippet page');
    await screenshot(page, 'snippet-page', false);
  });

  it('show their variables in the prompt form as soon as the content includes them, and say when one cannot be included', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, '/create-prompt');
    await page.getByLabel('Content').fill('Thank {{client}}.\n{{> sign-off}}');
    const panel = page.getByRole('region', { name: 'Variables' });
    // Not saved yet: the snippet's {{signer}} comes from the server's expansion of the text being written.
    await expect
      .poll(() => panel.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('{{client}}'), expect.stringContaining('{{signer}}')]);
    await page.getByLabel('Content').fill('Thank {{client}}.\n{{> sign-off}}\n{{> no-such-snippet}}');
    await expect.poll(() => panel.innerText()).toContain('The snippet “no-such-snippet” does not exist or is not shared with you');
    // The snippet that does exist keeps its variable in the panel.
    expect(await panel.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('{{client}}'), expect.stringContaining('{{signer}}')]);
    await expectAccessible(page, 'prompt form with a missing snippet');
    await screenshot(page, 'prompt-form-snippet-variables', false);

    // Learning a snippet's variables is no change of the writer's: a form edited and put back leaves quietly.
    const prompts = await apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, writer.token);
    await page.goto(`${suite.server.url}/edit-prompt/${prompts.items.find((p) => p.title === 'Order thanks')!.id}`);
    await expect
      .poll(() => panel.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('{{client}}'), expect.stringContaining('{{signer}}')]);
    const content = page.getByLabel('Content');
    await content.fill('Thank {{client}} for the order.\n{{> sign-off}}\n{{> no-such-snippet}}');
    await expect.poll(() => panel.innerText()).toContain('The snippet “no-such-snippet” does not exist');
    await content.fill('Thank {{client}} for the order.\n{{> sign-off}}');
    await expect.poll(() => panel.innerText()).not.toContain('does not exist');
    await page.getByRole('link', { name: 'All Prompts' }).click();
    await page.waitForURL((u) => u.pathname === '/all-prompts');
    expect(await page.getByRole('alertdialog', { name: 'Leave without saving?' }).count()).toBe(0);
  });

  it('list reads well on a phone', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, writer.token, '/snippets');
    await expect.poll(() => page.getByRole('link', { name: 'sign-off' }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'snippets-phone', false);
  });
});
