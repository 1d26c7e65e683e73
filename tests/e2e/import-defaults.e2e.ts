import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Import Data with its defaults: the real prompts.chat collection (197 rows, no AI application named)
// imports whole with the preselected application, a problem many rows share is one line pointing to
// the control that fixes it, the admin picks owner and business unit, and tags keep their punctuation.
const suite = useBrowserSuite();
let admin: SeededUser;
let olga: SeededUser;
let dir: string;
const WIDE = { width: 1366, height: 860 };
const PHONE = { width: 375, height: 800 };
const FILE_LABEL = /^Choose (a|another) file$/;
const PROMPTS_CHAT = path.resolve('tests/fixtures/prompts-chat.csv');
const EXPORT_HEADER = 'title,content,notes,aiModels,tags,businessUnit,ownerEmail,customFields';

interface ExportedPrompt {
  title: string;
  notes: string | null;
  aiModels: string[];
  tags: string[];
  businessUnit: string;
  ownerEmail: string;
}
async function allPrompts(): Promise<ExportedPrompt[]> {
  const res = await fetch(`${suite.server.url}/api/admin/export?type=prompts&format=json`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { prompts: ExportedPrompt[] }).prompts;
}
function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}
async function open(viewport = WIDE): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, admin.token, '/import-data');
  await seen(page, 'Drag a file here, or');
  return page;
}
const stat = async (page: Page, label: string) => {
  const tile = page.locator('dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) });
  return Number((await tile.locator('dd').textContent())?.replace(/,/g, ''));
};
async function shot(page: Page, name: string, fullPage = true) {
  // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `import-defaults-${name}`, fullPage);
}
async function choose(page: Page, at: string) {
  await page.getByLabel(FILE_LABEL).setInputFiles(at);
  await seen(page, path.basename(at));
}
async function check(page: Page) {
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).isVisible(), { timeout: 20_000 }).toBe(true);
}

beforeAll(async () => {
  const url = suite.server.url;
  dir = mkdtempSync(path.join(tmpdir(), 'apd-import-defaults-e2e-'));
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  olga = await registerUser(url, { firstName: 'Olga', lastName: 'Owner', businessUnit: 'Marketing' });
  // Gemini is what this library uses most: a file naming no application gets it unless changed.
  for (const [title, app] of [
    ['Weekly update', 'Gemini'],
    ['Release notes', 'Gemini'],
    ['Code review', 'Claude'],
  ])
    await apiCall(url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: [app], tags: ['Seeded'] }, admin.token);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Import Data with its defaults', () => {
  it('imports all 197 rows of the real prompts.chat CSV with the preselected application, contributors kept in the notes', async () => {
    const page = await open();
    await choose(page, PROMPTS_CHAT);
    const app = page.getByLabel('AI application for this file');
    await expect.poll(() => app.inputValue()).toBe('Gemini');
    expect(await app.getAttribute('required')).not.toBeNull();
    await expectAccessible(page, 'import with a file naming no application');
    await shot(page, 'chosen-1366');
    await check(page);
    await seen(page, 'Read as a prompts.chat CSV: 197 rows');
    expect(await stat(page, 'Invalid')).toBe(0);
    expect(await stat(page, 'Will be created')).toBe(197);
    await page.getByRole('button', { name: 'Import 197 prompts' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Import complete' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await seen(page, '197 prompts created, 0 overwritten, 0 skipped.');

    const imported = (await allPrompts()).filter((p) => p.tags.includes('prompts.chat'));
    expect(imported).toHaveLength(197);
    for (const p of imported) expect(p).toMatchObject({ aiModels: ['Gemini'], ownerEmail: admin.email, businessUnit: 'Engineering' });
    expect(imported.find((p) => p.title === 'Linux Terminal')?.notes).toBe('Contributed to prompts.chat by f');
  });

  it('reports a problem many rows share once, with its count and the control that fixes it', async () => {
    const rows = [1, 2, 3, 4].map((i) => `Handover ${i},Text ${i},,Claude,Legal,,gone${i}@example.com,`);
    const page = await open();
    await choose(page, file('unknown-owners.csv', [EXPORT_HEADER, ...rows].join('\n')));
    await page.getByRole('radio', { name: 'Refuse the row' }).check();
    await check(page);
    expect(await stat(page, 'Invalid')).toBe(4);
    const problems = page.getByRole('region', { name: 'Problems' }).getByRole('listitem');
    expect(await problems.count()).toBe(1);
    expect(await problems.first().innerText()).toMatch(/4 rows: The owner email has no account[\s\S]*Rows 1, 2, 3, 4 · Fixed on this screen/);
    await seen(page, '4 rows are invalid. Choose “Give the prompt to the owner chosen above” for owners without an account');
    await expectAccessible(page, 'import with a shared problem');
    await shot(page, 'grouped-problem-1366');
    await page.getByRole('button', { name: 'Give them to the chosen owner' }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('assign');
    await page.keyboard.press('Space');
    await check(page);
    expect(await stat(page, 'Invalid')).toBe(0);
    expect(await stat(page, 'Will be created')).toBe(4);
  });

  it('gives the prompts to the owner and business unit chosen, and keeps ".NET" as typed', async () => {
    const page = await open();
    await choose(page, file('dotnet.csv', [EXPORT_HEADER, 'Dotnet upgrade plan,Plan the upgrade,,Claude,".NET; C#;  Node.js",,,'].join('\n')));
    // The application choice is only asked for a file that names none.
    expect(await page.getByLabel('AI application for this file').count()).toBe(0);
    const owner = page.getByLabel('Owner of the imported prompts');
    expect(await owner.locator('option:checked').innerText()).toBe(`Me: Ada Admin (${admin.email})`);
    await owner.selectOption({ label: `Olga Owner (${olga.email})` });
    const unit = page.getByLabel('Business unit of the imported prompts');
    await expect.poll(() => unit.locator('option:checked').innerText()).toBe("The owner's unit (Marketing)");
    await unit.selectOption('Engineering');
    await check(page);
    await page.getByRole('button', { name: 'Import 1 prompt' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Import complete' }).isVisible()).toBe(true);

    const prompt = (await allPrompts()).find((p) => p.title === 'Dotnet upgrade plan');
    expect(prompt).toMatchObject({ ownerEmail: olga.email, businessUnit: 'Engineering', tags: ['.NET', 'C#', 'Node.js'], aiModels: ['Claude'] });
    // The tag reads as typed in the list and its filter finds the prompt.
    await page.goto(`/all-prompts?tags=${encodeURIComponent('.NET')}`);
    await seen(page, 'Dotnet upgrade plan');
    expect(await page.getByText('-net', { exact: true }).count()).toBe(0);
    await seen(page, '.NET');
  });

  it('fits a 375 px phone with the choices and the grouped problems', async () => {
    const page = await open(PHONE);
    await shot(page, 'form-375');
    await choose(page, file('phone.csv', ['act,prompt', ...[1, 2, 3].map((i) => `Phone ${i},`)].join('\n')));
    await check(page);
    await seen(page, '3 rows: Content is required');
    const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(width).toBe(0);
    await expectAccessible(page, 'import at 375 px');
    await shot(page, 'grouped-problem-375');
  });
});
