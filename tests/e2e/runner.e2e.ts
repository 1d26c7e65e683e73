import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
const TEMPLATE = 'Write to {{audience}} in a {{tone:formal|friendly}} tone, signed {{current_user}} on {{current_date}}.';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Una', lastName: 'User' });
  const create = (title: string, content: string) =>
    apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels: ['ChatGPT', 'Claude'], tags: ['runner'] }, admin.token);
  await create('Board letter', TEMPLATE);
  await create('Very long brief', `Summarize this: ${'lorem ipsum '.repeat(900)}`);
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    {
      title: 'Typed brief',
      content: 'Brief for {{client}} due {{due}} covering {{topics}} in {{pages}} pages; urgent: {{urgent}}.',
      aiModels: ['Claude'],
      tags: ['runner'],
      variableDefinitions: [
        { name: 'client', type: 'text', label: 'Client', required: true },
        { name: 'due', type: 'date', label: 'Due date', description: 'When the client expects it', required: true },
        { name: 'topics', type: 'multiChoice', label: 'Topics', options: ['Pricing', 'Risks', 'Timeline'] },
        { name: 'pages', type: 'number', label: 'Pages', default: 2 },
        { name: 'urgent', type: 'checkbox', label: 'Urgent' },
      ],
    },
    admin.token,
  );
  // No application is seeded with a launch URL (none documents one): the admin gives ChatGPT one.
  const models = await apiCall<Array<{ id: string; name: string }>>(suite.server.url, 'GET', '/api/ai-models', undefined, admin.token);
  const chatgpt = models.find((m) => m.name === 'ChatGPT')!;
  await apiCall(suite.server.url, 'PUT', `/api/admin/ai-models/${chatgpt.id}`, { name: 'ChatGPT', launchUrl: 'https://chatgpt.com/?q={prompt}' }, admin.token);
});

describe('using a prompt', () => {
  it('fills free-text and choice variables, copies the filled text, remembers the values and resets them', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token);
    await seen(page, 'Board letter');
    await page.getByRole('button', { name: 'Use prompt Board letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Board letter”' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('audience').fill('the board');
    await dialog.getByLabel('tone').selectOption('friendly');
    // The built-ins are filled in for the member, and can be changed.
    expect(await dialog.getByLabel('current_user').inputValue()).toBe('Una User');
    const filled = `Write to the board in a friendly tone, signed Una User on ${today()}.`;
    await expect.poll(() => dialog.getByRole('region', { name: 'Filled prompt' }).textContent()).toBe(filled);
    await expectAccessible(page, 'prompt runner');
    await screenshot(page, 'runner', false);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(filled);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Use prompt Board letter' }).click();
    await expect.poll(() => dialog.getByLabel('audience').inputValue()).toBe('the board');
    expect(await dialog.getByLabel('tone').inputValue()).toBe('friendly');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    expect(await dialog.getByLabel('audience').inputValue()).toBe('');
    expect(await dialog.getByLabel('tone').inputValue()).toBe('formal');
  });

  it('opens the application with the filled prompt in its address, and copies a prompt too long for one', async () => {
    const { page, context } = await suite.open({ width: 1366, height: 860 });
    await context.route('https://chatgpt.com/**', (route) => route.fulfill({ body: 'ChatGPT stand-in', contentType: 'text/plain' }));
    await signInWithToken(page, admin.token);
    await seen(page, 'Board letter');
    await page.getByRole('button', { name: 'Use prompt Board letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Board letter”' });
    await dialog.getByLabel('audience').fill('investors');
    // Claude has no launch URL yet: only ChatGPT can be opened (its button shown first: the buttons are drawn).
    await expect.poll(() => dialog.getByRole('button', { name: 'Open in ChatGPT' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Open in Claude' }).count()).toBe(0);
    const [opened] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Open in ChatGPT' }).click()]);
    const expected = `Write to investors in a formal tone, signed Una User on ${today()}.`;
    await expect.poll(() => opened.url()).toBe(`https://chatgpt.com/?q=${encodeURIComponent(expected)}`);
    await opened.close();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Use prompt Very long brief' }).click();
    const long = page.getByRole('dialog', { name: 'Use “Very long brief”' });
    const [base] = await Promise.all([context.waitForEvent('page'), long.getByRole('button', { name: 'Open in ChatGPT' }).click()]);
    await expect.poll(() => base.url()).toBe('https://chatgpt.com/');
    await seen(page, 'Prompt copied: paste it into ChatGPT');
    expect((await page.evaluate(() => navigator.clipboard.readText())).startsWith('Summarize this: lorem ipsum')).toBe(true);
    await base.close();
  });

  it('lets an admin give an AI application a launch URL, refusing one that is not https or lacks {prompt}', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, admin.token, '/ai-applications');
    await seen(page, 'https://chatgpt.com/?q={prompt}');
    await expectAccessible(page, 'AI applications');
    await screenshot(page, 'ai-applications');
    await page.getByRole('button', { name: 'Edit Claude' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit AI Application' });
    await dialog.getByLabel('Launch URL').fill('http://claude.ai/new?q={prompt}');
    await seen(page, 'Launch URL must start with https://');
    await dialog.getByLabel('Launch URL').fill('https://claude.ai/new');
    await seen(page, 'Launch URL must contain {prompt}, where the prompt text goes');
    await dialog.getByLabel('Launch URL').fill('https://claude.ai/new?q={prompt}');
    await expectAccessible(page, 'edit AI application');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'https://claude.ai/new?q={prompt}');

    await page.goto('/all-prompts');
    await page.getByRole('button', { name: 'Use prompt Board letter' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Open in Claude' }).isVisible()).toBe(true);
  });

  it('draws each typed variable as its control, asks for the required ones before copying, and fills them by type', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, admin.token);
    await seen(page, 'Typed brief');
    await page.getByRole('button', { name: 'Use prompt Typed brief' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Typed brief”' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Pages').inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await seen(page, 'Fill in the variables first');
    await expect.poll(() => dialog.getByText('Client is required').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Due date is required').isVisible()).toBe(true);
    await expectAccessible(page, 'runner with typed variables, refused');
    await screenshot(page, 'runner-typed-errors', false);

    await dialog.getByLabel('Client').fill('Acme');
    await dialog.getByLabel('Due date').fill('2026-12-24');
    await dialog.getByRole('checkbox', { name: 'Pricing' }).click();
    await dialog.getByRole('checkbox', { name: 'Timeline' }).click();
    await dialog.getByRole('checkbox', { name: 'Urgent' }).click();
    await dialog.getByLabel('Pages').fill('3');
    const filled = 'Brief for Acme due 2026-12-24 covering Pricing, Timeline in 3 pages; urgent: yes.';
    await expect.poll(() => dialog.getByRole('region', { name: 'Filled prompt' }).textContent()).toBe(filled);
    expect(await dialog.getByText('Client is required').count()).toBe(0);
    await screenshot(page, 'runner-typed', false);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
  });
});
