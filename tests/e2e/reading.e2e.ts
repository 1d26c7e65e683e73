import { describe, expect, it } from 'vitest';
import { apiCall, registerUser, signInWithToken } from './support/api';
import { expectAccessible, launchBrowser, newPage, screenshot, seen } from './support/browser';
import { startServer } from './support/server';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const MARKDOWN = [
  '# Contract review',
  '',
  'Review the **contract** for {{topic}} and list:',
  '',
  '- risky clauses',
  '- missing definitions',
  '',
  '| Clause | Risk |',
  '| --- | --- |',
  '| 4.2 | High |',
  '',
  '```sql',
  'select * from clauses where risk = {{level}};',
  '```',
  '',
  'Keep \\{{literal}} braces. See [the guide](https://example.com/guide).',
  '',
  '<script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true">',
].join('\n');

describe('reading a prompt', () => {
  it('renders Markdown with code copy, variable chips and safe links, and shows the plain source on demand', async () => {
    const user = await registerUser(suite.server.url);
    const { id } = await apiCall<{ id: string }>(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: 'Contract review checklist', content: MARKDOWN, aiModels: ['Claude'], tags: ['legal'] },
      user.token,
    );
    const { page, context } = await suite.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, user.token, `/prompts/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Contract review', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Contract review checklist · AI Prompts Database');
    expect(await page.getByRole('table').getByRole('cell', { name: 'High' }).isVisible()).toBe(true);
    expect(await page.getByRole('listitem').filter({ hasText: 'risky clauses' }).isVisible()).toBe(true);
    expect(await page.locator('.template-variable', { hasText: '{{topic}}' }).isVisible()).toBe(true);
    // Inside code a variable stays code; an escaped one stays literal text.
    expect(await page.locator('pre .template-variable').count()).toBe(0);
    expect(await page.getByText('Keep {{literal}} braces.').isVisible()).toBe(true);
    const link = page.getByRole('link', { name: 'the guide' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.locator('script:not([src]), img[src="x"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('select * from clauses where risk = {{level}};');
    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN);
    await expectAccessible(page, 'rendered prompt page');
    await screenshot(page, 'prompt-page-markdown');

    await page.getByRole('button', { name: 'Plain text' }).click();
    await seen(page, '# Contract review');
    expect(await page.getByRole('button', { name: 'Plain text' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await seen(page, '# Contract review');
    await page.getByRole('button', { name: 'Rendered' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Contract review', exact: true }).isVisible()).toBe(true);
  });

  it('reads right to left, wraps long words on a phone, and names the tab on every page', async () => {
    const user = await registerUser(suite.server.url);
    const longWord = 'x'.repeat(300);
    const { id } = await apiCall<{ id: string }>(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: 'مراجعة العقد', content: `لخص هذا العقد ${longWord}`, aiModels: ['Claude'], tags: ['قانون'] },
      user.token,
    );
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, user.token, `/prompts/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'مراجعة العقد' }).getAttribute('dir')).toBe('auto');
    await seen(page, 'لخص هذا العقد');
    expect(await page.locator('[dir="auto"]', { hasText: 'لخص هذا العقد' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'prompt-page-rtl-375');
    await page.goto('/my-prompts');
    await expect.poll(() => page.title()).toBe('My Prompts · AI Prompts Database');
    await page.goto('/create-prompt');
    await expect.poll(() => page.title()).toBe('Create Prompt · AI Prompts Database');
  });

  it('tells a prompt that is gone apart from a server it cannot reach, and retries', async () => {
    const user = await registerUser(suite.server.url);
    const { id } = await apiCall<{ id: string }>(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: 'Soon deleted', content: 'x', aiModels: ['Claude'], tags: ['misc'] },
      user.token,
    );
    await apiCall(suite.server.url, 'DELETE', `/api/prompts/${id}`, undefined, user.token);
    const { page } = await suite.open();
    await signInWithToken(page, user.token, `/prompts/${id}`);
    await seen(page, 'Prompt not found');

    // A second server that goes away while its app is open: the next prompt cannot be fetched.
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    try {
      const other = await registerUser(server.url);
      const create = (title: string) =>
        apiCall<{ id: string }>(server.url, 'POST', '/api/prompts', { title, content: 'x', aiModels: ['Claude'], tags: ['misc'] }, other.token);
      const [first, second] = [await create('Kept'), await create('Never fetched')];
      const { page: away, context } = await newPage(browser, server.url);
      await signInWithToken(away, other.token, `/prompts/${first.id}`);
      await seen(away, 'Kept');
      await server.stop();
      await away.evaluate((next) => {
        history.pushState({}, '', `/prompts/${next}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, second.id);
      await seen(away, 'Could not load this prompt');
      expect(await away.getByText('Prompt not found').count()).toBe(0);
      await away.getByRole('button', { name: 'Retry' }).click();
      await seen(away, 'Could not load this prompt');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
