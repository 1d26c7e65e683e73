import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// An import's check names the rows that would add a near-copy of a prompt already in the library, each
// with that prompt (opened in a new tab), and the admin may skip them.
const suite = useBrowserSuite();
let admin: SeededUser;
let dir: string;

const GUIDE =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit.';
const CSV = [
  'act,prompt,for_devs,type,contributor',
  `"Tour Guide","${GUIDE.replace('travel guide', 'tour guide')}",FALSE,TEXT,x`,
  '"Board Summary","Summarize the quarterly revenue of each sales region for the board, in five bullet points.",FALSE,TEXT,x',
].join('\n');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'apd-near-copies-e2e-'));
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  await apiCall(suite.server.url, 'POST', '/api/prompts', { title: 'Travel Guide', content: GUIDE, aiModels: ['Claude'], tags: ['travel'] }, admin.token);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('near-copies in an import', () => {
  it('lists them in the check, opens the library prompt in a new tab, and skips them when asked', async () => {
    const at = path.join(dir, 'prompts-chat.csv');
    writeFileSync(at, CSV);
    const { page } = await suite.open({ width: 1280, height: 900 });
    await signInWithToken(page, admin.token, '/import-data');
    await page.getByLabel(/^Choose (a|another) file$/).setInputFiles(at);
    await seen(page, 'prompts-chat.csv');
    await page.getByRole('button', { name: 'Check file' }).click();
    const section = page.getByRole('region', { name: 'Near-copies of the library' });
    await expect.poll(() => section.isVisible()).toBe(true);
    await seen(page, '1 row nearly copies a prompt already in the library.');
    const row = section.getByRole('row', { name: /Tour Guide/ });
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual(['1', 'Tour Guide', 'Travel Guide(opens in a new tab)', expect.stringMatching(/^\d+ %$/)]);
    await expectAccessible(page, 'import near-copies');
    await screenshot(page, 'import-near-copies');

    // The library's prompt opens in a new tab: the check stays where it is.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('link', { name: 'Travel Guide (opens in a new tab)' }).click()]);
    await expect.poll(() => tab.getByText('I will also give you the type of places').first().isVisible()).toBe(true);
    await tab.close();

    // Choosing to skip them asks for a new check, whose Import then leaves the near-copy out.
    await page.getByRole('checkbox', { name: 'Skip rows that nearly copy a prompt already in the library' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check result' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Check file' }).click();
    await seen(page, 'They will be skipped.');
    await page.getByRole('button', { name: 'Import 1 prompt' }).click();
    await seen(page, '1 prompt created, 0 overwritten, 1 skipped.');
    const titles = (await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts?limit=50', undefined, admin.token)).items.map(
      (p) => p.title,
    );
    expect(titles).toContain('Board Summary');
    expect(titles).not.toContain('Tour Guide');
  });

  it('lists the rows holding other tools’ placeholders, and turns them into variables when asked', async () => {
    const at = path.join(dir, 'placeholders.csv');
    writeFileSync(at, ['act,prompt', '"Cover Letter","Write a cover letter for ${position:a data analyst} at [COMPANY], mentioning {skill}."'].join('\n'));
    const { page } = await suite.open({ width: 1280, height: 900 });
    await signInWithToken(page, admin.token, '/import-data');
    await page.getByLabel(/^Choose (a|another) file$/).setInputFiles(at);
    await seen(page, 'placeholders.csv');
    await page.getByRole('button', { name: 'Check file' }).click();
    const section = page.getByRole('region', { name: 'Placeholders of other tools' });
    await expect.poll(() => section.isVisible()).toBe(true);
    await expect.poll(() => section.getByRole('listitem').innerText()).toMatch(/Row 1\s+Cover Letter\s+\{\{position\}\} \{\{COMPANY\}\} \{\{skill\}\}/);
    await expectAccessible(page, 'import placeholders');
    await screenshot(page, 'import-placeholders');

    await page.getByRole('checkbox', { name: 'Turn other tools’ placeholders into variables' }).click();
    await page.getByRole('button', { name: 'Check file' }).click();
    await seen(page, 'They will become variables.');
    await page.getByRole('button', { name: 'Import 1 prompt' }).click();
    await seen(page, '1 prompt created, 0 overwritten, 0 skipped.');
    const list = await apiCall<{ items: Array<{ id: string; title: string }> }>(suite.server.url, 'GET', '/api/prompts?limit=50', undefined, admin.token);
    const letter = await apiCall<{ content: string; variables: Array<{ name: string; default?: string }> }>(
      suite.server.url,
      'GET',
      `/api/prompts/${list.items.find((p) => p.title === 'Cover Letter')!.id}`,
      undefined,
      admin.token,
    );
    expect(letter.content).toBe('Write a cover letter for {{position}} at {{COMPANY}}, mentioning {{skill}}.');
    expect(letter.variables.find((v) => v.name === 'position')?.default).toBe('a data analyst');
  });
});
