import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Near-copies while writing: the form names prompts of the library whose content is nearly the one being
// typed, each opening in a side panel, and never stands in the way of saving.
const suite = useBrowserSuite();

let author: SeededUser;
let writer: SeededUser;
let guideId: string;

const GUIDE =
  'I want you to act as a travel guide. I will write you my location and you will suggest a place to visit near my location. In some cases, I will also give you the type of places I will visit. You will also suggest me places of similar type that are close to my first location.';
/** The guide with a few words changed, as a colleague would retype it. */
const RETYPED = GUIDE.replace('travel guide', 'tour guide').replace('close to', 'near').replace('In some cases', 'Sometimes');

beforeAll(async () => {
  author = await registerUser(suite.server.url, { firstName: 'Gina', lastName: 'Guide' });
  writer = await registerUser(suite.server.url, { firstName: 'Walt', lastName: 'Writer' });
  ({ id: guideId } = await apiCall<{ id: string }>(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Travel Guide', content: GUIDE, aiModels: ['Claude'], tags: ['travel'] },
    author.token,
  ));
});

const notice = (page: import('playwright-core').Page) => page.getByRole('status').filter({ hasText: 'Similar prompts already exist:' });

describe('similar prompts while writing', () => {
  it('names the near-copy as the member types, opens it at the side, and still saves', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, '/create-prompt');
    await page.getByLabel('Title').fill('City tips');
    await page.getByLabel('Content').fill(RETYPED);
    await expect.poll(() => notice(page).textContent()).toMatch(/^Similar prompts already exist: Travel Guide \((8|9)\d %\)$/);
    await expectAccessible(page, 'similar prompts notice');
    await screenshot(page, 'similar-notice-1366', false);

    await notice(page).getByRole('button', { name: 'Travel Guide' }).click();
    const panel = page.getByRole('dialog', { name: 'Travel Guide' });
    await expect.poll(() => panel.getByText('You will also suggest me places of similar type').isVisible()).toBe(true);
    // A panel along the right edge, the form still in view beside it.
    const box = await panel.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1360);
    expect(box!.x).toBeGreaterThan(400);
    await expectAccessible(page, 'similar prompt side panel');
    await screenshot(page, 'similar-side-panel-1366', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Travel Guide');

    // The warning never blocks the save.
    const apps = page.getByRole('combobox', { name: 'AI Application Used' });
    await apps.fill('claude');
    await page.getByRole('option', { name: 'Claude', exact: true }).click();
    await page.getByRole('combobox', { name: 'Tags' }).fill('travel');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await page.waitForURL(/\/prompts\/[0-9a-f-]{36}$/);
    await seen(page, 'City tips');
  });

  it('does not name the prompt being edited, and fits a phone', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, author.token, `/edit-prompt/${guideId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Travel Guide');
    await page.getByLabel('Content').fill(`${GUIDE} Answer in English.`);
    // Only the writer's copy from the first test is named, not the guide itself.
    await expect.poll(() => notice(page).textContent()).toMatch(/^Similar prompts already exist: City tips \(\d+ %\)$/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'similar-notice-390', false);
    await notice(page).getByRole('button', { name: 'City tips' }).click();
    const panel = page.getByRole('dialog', { name: 'City tips' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    const box = await panel.boundingBox();
    expect(Math.round(box!.width)).toBe(390);
    await screenshot(page, 'similar-side-panel-390', false);
  });

  it('lists related prompts under a prompt, on its page and in the view dialog', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, `/prompts/${guideId}`);
    const related = page.getByRole('region', { name: 'Related prompts' });
    await expect.poll(() => related.getByRole('link', { name: 'City tips' }).isVisible()).toBe(true);
    await expect.poll(() => related.getByText(/^\d+ % alike · Tags: travel$/).isVisible()).toBe(true);
    await expectAccessible(page, 'related prompts');
    await related.scrollIntoViewIfNeeded();
    await screenshot(page, 'related-prompts-1366', false);
    await related.getByRole('link', { name: 'City tips' }).click();
    await page.waitForURL(/\/prompts\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('City tips');
    // The City tips page names the guide in turn.
    await expect.poll(() => page.getByRole('region', { name: 'Related prompts' }).getByRole('link', { name: 'Travel Guide' }).isVisible()).toBe(true);

    // The view dialog of All Prompts shows them too.
    await page.goto(`${suite.server.url}/all-prompts`);
    await page.getByRole('button', { name: 'View Travel Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Travel Guide' });
    await expect.poll(() => dialog.getByRole('region', { name: 'Related prompts' }).getByRole('link', { name: 'City tips' }).isVisible()).toBe(true);
  });

  it('leads a merged prompt’s old link to the prompt kept', async () => {
    const call = <T>(method: string, url: string, payload?: unknown) => apiCall<T>(suite.server.url, method, url, payload, author.token);
    const { id: oldId } = await call<{ id: string }>('POST', '/api/prompts', { title: 'Old guide', content: GUIDE, aiModels: ['Claude'], tags: ['travel'] });
    await call('POST', '/api/prompts/merge', { keepId: guideId, mergeIds: [oldId] });
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, author.token, `/prompts/${oldId}`);
    await page.waitForURL(`**/prompts/${guideId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Travel Guide');
  });
});
