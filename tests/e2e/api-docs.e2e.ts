import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** One operation of the page, by swagger-ui's id for it (tag, method and path). */
const operation = (page: Page, id: string) => page.locator(`#operations-${id}`);
const tagId = (tag: string) => `#operations-tag-${tag.replaceAll(' ', '_')}`;

/** Opens a section: the page lists the sections closed (over a hundred operations would make it a long scroll). */
async function openSection(page: Page, tag: string): Promise<void> {
  const heading = page.locator(tagId(tag));
  await expect.poll(() => heading.isVisible(), { message: tag }).toBe(true);
  if ((await heading.getAttribute('data-is-open')) !== 'true') await heading.click();
  await expect.poll(() => heading.getAttribute('data-is-open'), { message: tag }).toBe('true');
}

const expand = async (page: Page, tag: string, id: string) => {
  await openSection(page, tag);
  await operation(page, id).locator('.opblock-summary-control').click();
};

describe('the API reference page', () => {
  it('renders every part of the API from this server alone, under its Content-Security-Policy', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(suite.server.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });

    await page.goto('/api/docs');
    await expect.poll(() => page.title()).toBe('AI Prompts Database API');
    // Every section is listed, closed; an open one shows its operations.
    for (const tag of ['Health', 'Account', 'Prompts', 'Library health', 'Trash', 'Users', 'Export', 'Backup', 'API documentation']) {
      await expect.poll(() => page.locator(tagId(tag)).isVisible(), { message: tag }).toBe(true);
    }
    await openSection(page, 'Prompts');
    await seen(page, 'List and search prompts');
    await openSection(page, 'Backup');
    await seen(page, 'Download a backup of the embedded database');
    // Scripts, styles and the document: nothing from a CDN or anywhere else.
    expect(elsewhere).toEqual([]);
    await expectAccessible(page, 'reference page');
    await screenshot(page, 'api-docs', false);
  });

  it('shows who may call an operation and what it answers, tries it out, and takes credentials', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await page.goto('/api/docs');

    const read = operation(page, 'Prompts-get_api_prompts__id_');
    await expand(page, 'Prompts', 'Prompts-get_api_prompts__id_');
    await expect.poll(() => read.getByText('Who may call it:').isVisible()).toBe(true);
    await expect.poll(() => read.getByText('prompts:read').first().isVisible()).toBe(true);
    for (const status of ['200', '401', '403', '404', '429', '503']) {
      await expect.poll(() => read.locator(`tr.response[data-code="${status}"]`).isVisible(), { message: status }).toBe(true);
    }
    // Executed without its id: swagger-ui marks the field, and the page still names it.
    await read.getByRole('button', { name: 'Try it out' }).click();
    await read.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => read.getByRole('textbox', { name: 'id (path)' }).isVisible()).toBe(true);
    await read.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs-operation', false);

    // "Try it out" calls this server from the page: the policy allows connections to it.
    const health = operation(page, 'Health-get_healthz');
    await expand(page, 'Health', 'Health-get_healthz');
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => health.locator('.live-responses-table tbody td.response-col_status').first().textContent()).toContain('200');
    await expectAccessible(page, 'operations open');

    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    const dialog = page.locator('.modal-ux');
    await expect.poll(() => dialog.getByText('apiToken').isVisible()).toBe(true);
    await expectAccessible(page, 'credentials dialog');
    await screenshot(page, 'api-docs-authorize', false);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    // axe walks the page twice here, two sections open.
  }, 180_000);
});
