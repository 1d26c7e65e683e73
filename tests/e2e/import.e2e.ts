import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { linksNamed, navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The Import Data screen against the real server: our own export imported back as copies, a
// prompts.chat CSV given an AI application, a file with invalid rows refused, who may open the
// screen, the keyboard and drop paths to a file, and how it looks in both themes and on a phone.
const suite = useBrowserSuite();
let admin: SeededUser;
let member: SeededUser;
let dir: string;
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** An application the catalog did not start with, so the rows can only have it from the select. */
const APP = 'Acme Assistant';
const FILE_LABEL = /^Choose (a|another) file$/;

interface ExportedPrompt {
  title: string;
  content: string;
  aiModels: string[];
  tags: string[];
  ownerEmail: string;
}

/** What the export endpoint answers, as text, with the admin's bearer token (as a script would call it). */
async function exported(format: 'csv' | 'json'): Promise<string> {
  const res = await fetch(`${suite.server.url}/api/admin/export?type=prompts&format=${format}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}
const allPrompts = async () => (JSON.parse(await exported('json')) as { prompts: ExportedPrompt[] }).prompts;

/** Writes a file into this run's temporary folder and answers its path. */
function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

async function open(user: SeededUser = admin, viewport = WIDE): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, '/import-data');
  return page;
}

/** The number in a summary tile, found by the tile's label. */
const stat = async (page: Page, label: string) => {
  const tile = page.locator('dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) });
  return Number((await tile.locator('dd').textContent())?.replace(/,/g, ''));
};

/** A full-page screenshot from the top: the sticky header would otherwise be drawn where the page was scrolled to. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Chooses a file and checks it; `app` is chosen for a file that names no AI application. */
async function checkFile(page: Page, at: string, app?: string) {
  await page.getByLabel(FILE_LABEL).setInputFiles(at);
  await seen(page, path.basename(at));
  if (app) await page.getByLabel('AI application for this file').selectOption(app);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).isVisible()).toBe(true);
}

/** Nothing on the page is wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('main *')].filter((el) => el.getBoundingClientRect().right > width + 1);
    return { page: document.documentElement.scrollWidth - width, wider: wider.map((el) => `${el.tagName}.${el.className}`) };
  });

const CHAT_CSV = [
  'act,prompt,for_devs,type,contributor',
  // A quoted prompt over two lines, and one with commas in it.
  '"Linux Terminal","I want you to act as a linux terminal.\nReply only with the terminal output, inside one code block.",TRUE,TEXT,f',
  '"Travel Guide","I want you to act as a travel guide, suggesting places to visit, near my location.",FALSE,TEXT,someone',
].join('\n');

/** One good row and 25 without a prompt: more problems than the table lists. */
const INVALID_CSV = ['act,prompt,for_devs,type,contributor', '"Good row","A fine prompt.",FALSE,TEXT,x']
  .concat(Array.from({ length: 25 }, (_, i) => `"Empty ${i + 1}",,FALSE,TEXT,x`))
  .join('\n');

beforeAll(async () => {
  const url = suite.server.url;
  dir = mkdtempSync(path.join(tmpdir(), 'apd-import-e2e-'));
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin' });
  member = await registerUser(url, { firstName: 'Mo', lastName: 'Member' });
  const create = (title: string, user: SeededUser) =>
    apiCall(url, 'POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags: ['Imported'] }, user.token);
  await create('Quarterly report', admin);
  await create('Budget review', admin);
  await create('Sales pitch', member);
  await apiCall(url, 'POST', '/api/ai-models', { model: APP }, admin.token);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Import Data screen', () => {
  it('imports our own export back as copies “Title (2)”', async () => {
    const before = await allPrompts();
    const at = file('prompts-export.csv', await exported('csv'));
    const page = await open();
    await seen(page, 'a prompts.chat CSV');
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: /Administration/ })
          .getByRole('link', { name: 'Import Data' })
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'import data');
    await screenshot(page, 'import-data');

    await page.getByLabel(FILE_LABEL).setInputFiles(at);
    await seen(page, 'prompts-export.csv');
    await page.getByRole('radio', { name: /Import as a copy/ }).check();
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).isVisible()).toBe(true);
    // Focus moved to the result, so a keyboard user lands on it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check result');
    await seen(page, `Read as a prompt export (CSV): ${before.length} rows`);
    expect(await stat(page, 'Conflicts')).toBe(before.length);
    expect(await stat(page, 'Will be created')).toBe(before.length);
    expect(await stat(page, 'Invalid')).toBe(0);
    // A check writes nothing.
    expect((await allPrompts()).length).toBe(before.length);
    await expectAccessible(page, 'import data, checked');
    await shot(page, 'import-data-checked');

    await page.getByRole('button', { name: `Import ${before.length} prompts` }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Import complete' }).isVisible()).toBe(true);
    await seen(page, `${before.length} prompts created, 0 overwritten, 0 skipped.`);
    await expectAccessible(page, 'import data, done');
    await shot(page, 'import-data-done');

    const after = await allPrompts();
    expect(after.length).toBe(before.length * 2);
    for (const p of before) {
      // Each copy keeps its owner and its content; only the title says it is a copy.
      const copy = after.find((a) => a.title === `${p.title} (2)`);
      expect(copy, `copy of ${p.title}`).toMatchObject({ ownerEmail: p.ownerEmail, content: p.content });
    }
    await page.getByRole('link', { name: 'Go to All Prompts' }).click();
    await page.waitForURL('**/all-prompts');
    await seen(page, 'Quarterly report (2)');
  });

  it('imports a prompts.chat CSV for the AI application chosen, and asks for a new check when an option changes', async () => {
    const at = file('prompts-chat.csv', CHAT_CSV);
    const page = await open();
    await checkFile(page, at);
    await seen(page, 'Read as a prompts.chat CSV: 2 rows');
    // The file names no application: the one most prompts use is preselected, so the rows are valid.
    expect(await page.getByLabel('AI application for this file').inputValue()).toBe('Claude');
    expect(await stat(page, 'Invalid')).toBe(0);

    const result = page.getByRole('heading', { name: 'Check result' });
    expect(await result.isVisible()).toBe(true);
    await page.getByLabel('AI application for this file').selectOption(APP);
    // Changing an option sends the page back to step 1: the check must run again.
    await expect.poll(() => result.count()).toBe(0);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).isVisible()).toBe(true);
    expect(await stat(page, 'Invalid')).toBe(0);
    expect(await stat(page, 'Will be created')).toBe(2);
    await page.getByRole('button', { name: 'Import 2 prompts' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Import complete' }).isVisible()).toBe(true);

    const prompts = await allPrompts();
    const terminal = prompts.find((p) => p.title === 'Linux Terminal');
    const guide = prompts.find((p) => p.title === 'Travel Guide');
    expect(terminal).toMatchObject({
      content: 'I want you to act as a linux terminal.\nReply only with the terminal output, inside one code block.',
      aiModels: [APP],
      ownerEmail: admin.email,
    });
    expect(terminal?.tags).toEqual(expect.arrayContaining(['TEXT', 'developers']));
    expect(guide).toMatchObject({ content: 'I want you to act as a travel guide, suggesting places to visit, near my location.', aiModels: [APP] });
  });

  it('lists the problems of a file with invalid rows and will not import it', async () => {
    const page = await open();
    await checkFile(page, file('invalid-rows.csv', INVALID_CSV), APP);
    expect(await stat(page, 'Rows')).toBe(26);
    expect(await stat(page, 'Invalid')).toBe(25);
    // One line for the problem all 25 rows share; row by row on demand.
    await seen(page, '25 rows: Content is required');
    await page.getByText('Row by row').click();
    const table = page.getByRole('table', { name: 'Problems found in the file' });
    expect(await table.getByRole('row').count()).toBe(21);
    expect(await table.getByRole('row').nth(1).innerText()).toMatch(/^2\s+prompt\s+Content is required$/);
    await seen(page, '…and 5 more problems.');
    const importButton = page.getByRole('button', { name: 'Import 1 prompt' });
    expect(await importButton.isDisabled()).toBe(true);
    await seen(page, /^25 rows are invalid\. Correct the rows listed under “In the file” in the file/);
    expect(await importButton.getAttribute('aria-describedby')).toBeTruthy();
    await expectAccessible(page, 'import data, invalid rows');
    await shot(page, 'import-data-invalid');
    expect((await allPrompts()).some((p) => p.title === 'Good row')).toBe(false);
  });

  it('goes back to the check when the server refuses the import because rows became invalid since', async () => {
    const url = suite.server.url;
    const fields = await apiCall<Array<{ id: string; name: string; required: boolean }>>(url, 'GET', '/api/admin/form-fields', undefined, admin.token);
    const notes = fields.find((f) => f.name === 'notes')!;
    const page = await open();
    await checkFile(page, file('became-invalid.csv', 'act,prompt,type\n"Late change","A prompt without notes.",TEXT\n'), APP);
    expect(await stat(page, 'Invalid')).toBe(0);
    // Between the check and the import, an administrator makes notes required: the row no longer passes.
    await apiCall(url, 'PUT', `/api/admin/form-fields/${notes.id}`, { ...notes, required: true }, admin.token);
    try {
      await page.getByRole('button', { name: 'Import 1 prompt' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '1 row is invalid' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Check result' }).count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Check file');
      await page.getByRole('button', { name: 'Check file' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).isVisible()).toBe(true);
      expect(await stat(page, 'Invalid')).toBe(1);
      await seen(page, 'Notes are required');
    } finally {
      await apiCall(url, 'PUT', `/api/admin/form-fields/${notes.id}`, { ...notes, required: notes.required }, admin.token);
    }
    expect((await allPrompts()).some((p) => p.title === 'Late change')).toBe(false);
  });

  it('shows the server’s reason for a file it cannot read, and refuses other kinds of file at once', async () => {
    const page = await open();
    await page.getByLabel(FILE_LABEL).setInputFiles(file('people.csv', 'name,email\nAda,ada@example.com\n'));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Unrecognised CSV' }).isVisible()).toBe(true);
    await seen(page, 'expected the columns title and content');
    expect(await page.getByRole('heading', { name: 'Check result' }).count()).toBe(0);
    await screenshot(page, 'import-data-unreadable');

    await page.getByLabel(FILE_LABEL).setInputFiles(file('notes.txt', 'hello'));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '“notes.txt” is not a CSV or JSON file.' }).isVisible()).toBe(true);
  });

  it('reaches the file picker by keyboard, and takes a file dropped on the zone', async () => {
    const page = await open();
    await seen(page, 'Drag a file here, or');
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'file');
    }
    expect(reached).toBe(true);
    await screenshot(page, 'import-data-focus', false);
    // Space on the focused file input opens the system dialog. On a loaded machine Chromium now and
    // then lets the first key press go without a dialog, so a second press is allowed while the focus
    // is still on the input; the keyboard path itself was proven by the Tab loop above.
    let chooser: FileChooser | null = null;
    for (let attempt = 0; attempt < 3 && !chooser; attempt++) {
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
      [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 4000 }).catch(() => null), page.keyboard.press('Space')]);
    }
    if (!chooser) throw new Error('Space on the focused file input never opened the file dialog');
    await chooser.setFiles(file('chosen-by-keyboard.csv', CHAT_CSV));
    await seen(page, 'chosen-by-keyboard.csv');

    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      const zone = document.querySelector('input[type="file"]')!.parentElement!;
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, '[]');
    await seen(page, 'dropped.json');
    await page.getByRole('button', { name: 'Check file' }).click();
    await seen(page, 'Read as a prompt export (JSON): 0 rows');
  });

  it('sends a member who is not an admin away, and offers them no link', async () => {
    const page = await open(member);
    await page.waitForURL('**/all-prompts');
    // The sidebar is drawn, and its links are counted even inside the closed Administration group.
    await navigationShown(page);
    expect(await linksNamed(page, 'Import Data')).toBe(0);
    const res = await fetch(`${suite.server.url}/api/admin/import?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'text/csv' },
      body: CHAT_CSV,
    });
    expect(res.status).toBe(403);
  });

  it('reads well in the dark theme', async () => {
    const { page } = await suite.open(WIDE);
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await signInWithToken(page, admin.token, '/import-data');
    await seen(page, 'Drag a file here, or');
    await expectAccessible(page, 'import data, dark');
    await screenshot(page, 'dark-import-data');
    await checkFile(page, file('invalid-dark.csv', INVALID_CSV), APP);
    await page.getByText('Row by row').click();
    await expectAccessible(page, 'import data, invalid rows, dark');
    await shot(page, 'dark-import-data-invalid');
  });

  it('fits a 390 px phone, the problems table included', async () => {
    const page = await open(admin, PHONE);
    await seen(page, 'Drag a file here, or');
    expect(await overflow(page)).toEqual({ page: 0, wider: [] });
    await screenshot(page, 'phone-import-data');
    await checkFile(page, file('a-rather-long-file-name-for-the-quarterly-prompt-import-from-the-old-wiki.csv', INVALID_CSV), APP);
    await page.getByText('Row by row').click();
    expect(await overflow(page)).toEqual({ page: 0, wider: [] });
    await expectAccessible(page, 'import data at 390 px');
    // What a person sees once the check is done: the page has scrolled to its result.
    await screenshot(page, 'phone-import-data-result', false);
    await shot(page, 'phone-import-data-invalid');
  });
});
