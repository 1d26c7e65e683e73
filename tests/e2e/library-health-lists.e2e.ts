import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { downloadedText, expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Library Health's lists: how each business unit uses the library, the most used and fastest growing
// prompts, prompts left behind by a deleted account; an administrator sees the whole library, a curator
// the units they curate (on a phone), and a member who curates nothing is not let in.
const suite = useBrowserSuite();
let admin: SeededUser;
let eve: SeededUser; // Legal
let cleo: SeededUser; // Sales, curates Legal
let plain: SeededUser; // Sales, curates nothing
const ids: Record<string, string> = {};

const api = <T>(method: string, url: string, body: unknown, token: string) => apiCall<T>(suite.server.url, method, url, body, token);
const idOf = async (email: string) =>
  (await api<Array<{ id: string; email: string }>>('GET', '/api/admin/users', undefined, admin.token)).find((u) => u.email === email)!.id;

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  for (const name of ['Legal', 'Sales']) await api('POST', '/api/admin/business-units', { name }, admin.token).catch(() => undefined);
  eve = await registerUser(url, { firstName: 'Eve', lastName: 'Writer', businessUnit: 'Legal' });
  cleo = await registerUser(url, { firstName: 'Cleo', lastName: 'Curator', businessUnit: 'Sales' });
  plain = await registerUser(url, { firstName: 'Pat', lastName: 'Plain', businessUnit: 'Sales' });
  const gus = await registerUser(url, { firstName: 'Gus', lastName: 'Gone', businessUnit: 'Legal' });
  await api('PUT', `/api/admin/users/${await idOf(cleo.email)}/curator-units`, { units: ['Legal'] }, admin.token);
  const create = async (owner: SeededUser, title: string) => {
    const body = { title, content: `${title}: answer in three short paragraphs.`, aiModels: ['Claude'], tags: ['health'] };
    ({ id: ids[title] } = await api<{ id: string }>('POST', '/api/prompts', body, owner.token));
  };
  await create(eve, 'Contract clause checker');
  await create(eve, 'NDA summary');
  await create(cleo, 'Sales follow-up email');
  await create(gus, 'Left behind by Gus');
  for (let i = 0; i < 3; i++) await api('POST', `/api/prompts/${ids['Contract clause checker']}/uses`, { kind: 'copy' }, eve.token);
  await api('POST', `/api/prompts/${ids['Sales follow-up email']}/uses`, { kind: 'copy' }, cleo.token);
  await api('DELETE', `/api/admin/users/${await idOf(gus.email)}?transferTo=${await idOf(eve.email)}`, undefined, admin.token);
  await setRoleAsAdmin(url, admin, plain, 'edit');
});

describe('Library Health lists', () => {
  it('shows an administrator each unit, the most used and growing prompts and the orphaned ones, and downloads them', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, admin.token, '/library-health');
    const units = page.getByRole('table');
    await expect.poll(() => units.getByRole('row', { name: /^Legal/ }).innerText()).toMatch(/Legal\s+3\s+1\s+3/);
    await expect.poll(() => units.getByRole('row', { name: /^Sales/ }).innerText()).toMatch(/Sales\s+1\s+1\s+1/);
    await expectAccessible(page, 'library health units');
    await screenshot(page, 'library-health-units', false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('units.csv');
    expect(await downloadedText(download)).toContain('Legal,3,1,3');

    await page.getByRole('tab', { name: 'Most used' }).click();
    const used = page.getByRole('list', { name: 'Most used prompts' });
    await expect.poll(() => used.getByRole('listitem').first().innerText()).toMatch(/Contract clause checker[\s\S]*3 uses/);
    await page.getByLabel('Rank by').selectOption('growth');
    const growing = page.getByRole('list', { name: 'Fastest growing prompts' });
    await expect.poll(() => growing.getByRole('listitem').first().innerText()).toMatch(/Contract clause checker[\s\S]*\+3 \(0 → 3\)/);
    await expect.poll(() => page.url()).toContain('list=top');
    await screenshot(page, 'library-health-growing', false);

    await page.getByRole('tab', { name: 'Orphaned' }).click();
    const orphaned = page.getByRole('list', { name: 'Orphaned prompts' });
    await expect.poll(() => orphaned.innerText()).toMatch(/Left behind by Gus[\s\S]*Eve Writer · Legal[\s\S]*From Gus Gone, deleted/);
    await page.getByRole('tab', { name: 'Unused' }).click();
    await seen(page, 'No unused prompts');
    await page.getByLabel('No use for').selectOption('30');
    await seen(page, 'Prompts nobody has used for 30 days, the longest idle first. Prompts younger than that are left out.');
    await expectAccessible(page, 'library health unused');

    // Narrowed to one unit, through the address too.
    await page.getByRole('tab', { name: 'Most used' }).click();
    await page.getByLabel('Business unit').selectOption('Sales');
    await expect.poll(() => page.url()).toContain('unit=Sales');
    await expect.poll(() => page.getByRole('list', { name: 'Most used prompts' }).innerText()).toMatch(/^Sales follow-up email[\s\S]*1 use$/);
  });

  it('shows a curator the units they curate, without the administrators’ actions, on a phone', async () => {
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, cleo.token, '/library-health');
    await seen(page, 'How the prompts of the units you curate (Legal) are used and looked after.');
    const units = page.getByRole('table');
    await expect.poll(() => units.getByRole('row').count()).toBe(2);
    await expect.poll(() => units.getByRole('row', { name: /^Legal/ }).isVisible()).toBe(true);
    expect(await page.getByLabel('Business unit').locator('option').allInnerTexts()).toEqual(['All my units', 'Legal']);
    await expectAccessible(page, 'library health for a curator');
    await screenshot(page, 'library-health-curator-375', false);
    await page.getByRole('tab', { name: 'Near-copies' }).click();
    await seen(page, 'No near-copies found');
    expect(await page.getByRole('button', { name: 'Compute again' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Most used' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Most used prompts' }).innerText()).toMatch(/^Contract clause checker/);
    expect(await page.getByText('Sales follow-up email').count()).toBe(0);
    await screenshot(page, 'library-health-curator-top-375', false);
  });

  it('is not offered to a member who curates nothing', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, plain.token, '/library-health');
    await page.waitForURL('**/all-prompts');
    expect(await page.getByRole('link', { name: 'Library Health' }).count()).toBe(0);
  });
});
