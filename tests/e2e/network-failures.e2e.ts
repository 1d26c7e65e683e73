import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen, type TestPage } from './support/browser';
import { useBrowserSuite } from './support/suite';

// The network is simulated at the browser (page.route aborts a request as a refused connection); the
// server and its API are the real ones.
const suite = useBrowserSuite();
let author: SeededUser;

const UNREACHABLE = "Can't reach the server. Check your connection; we'll retry.";
const SAVE_UNREACHABLE = "Can't reach the server. Your changes are kept; try again.";

beforeAll(async () => {
  author = await registerUser(suite.server.url, { firstName: 'Nora', lastName: 'Network', businessUnit: 'Field Ops' });
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Offline checklist', content: 'Steps for a flaky connection', aiModels: ['Claude'], tags: ['travel'] },
    author.token,
  );
});

/** The list and the filter counts of All Prompts. */
const listOrCounts = (url: URL) => url.pathname === '/api/prompts' || url.pathname === '/api/filter/counts';

interface RefusedNetwork {
  attempts: () => number;
  /** Lets requests through again: the page's next automatic retry finds the server. */
  release: () => Promise<void>;
  /**
   * Clicks Retry and lets requests through from that moment. The page marks itself released and clicks in
   * one task, and the route reads that mark: releasing from the test first (and clicking next) raced the
   * page's own retry, which could then remove the message and its button before the click.
   */
  retryWith: (button: Locator) => Promise<void>;
}

const RELEASED = '__networkReleased';

/** Whether the page has marked the network released (false while it navigates). */
async function releasedInPage(page: Page): Promise<boolean> {
  try {
    return await page.evaluate((flag) => Boolean((window as unknown as Record<string, unknown>)[flag]), RELEASED);
  } catch {
    return false;
  }
}

/** Refuses matching requests as a dead connection would, counting the attempts. */
async function refuse(page: Page, match: (url: URL) => boolean): Promise<RefusedNetwork> {
  let attempts = 0;
  const handler = async (route: Route) => {
    if (await releasedInPage(page)) return route.continue();
    attempts += 1;
    return route.abort('connectionrefused');
  };
  await page.route(match, handler);
  return {
    attempts: () => attempts,
    release: () => page.unroute(match, handler),
    retryWith: async (button) => {
      await button.evaluate((element, flag) => {
        (window as unknown as Record<string, unknown>)[flag] = true;
        (element as HTMLElement).click();
      }, RELEASED);
    },
  };
}

/** The refused requests are logged by Chromium as failed resources: expected here, not application errors. */
function forgetRefusals(testPage: TestPage): void {
  const kept = testPage.errors.filter((e) => !e.includes('net::ERR_CONNECTION_REFUSED'));
  testPage.errors.splice(0, testPage.errors.length, ...kept);
}

const notice = (page: Page) => page.getByRole('alert').filter({ hasText: UNREACHABLE });
const filterPanel = (page: Page) => page.getByRole('region', { name: 'Filters' });

describe('an unreachable server', () => {
  it('says so with Retry instead of "Failed to fetch", keeps the filters as placeholders, and recovers on Retry', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    const network = await refuse(page, listOrCounts);
    await signInWithToken(page, author.token);
    const notice = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    // The bottom strip says nothing while the page says it: the words appear once.
    expect(await page.getByText(UNREACHABLE).count()).toBe(1);
    // The filter panel says why it is empty, never "Nothing to filter yet", which would say the library is.
    await expect.poll(() => filterPanel(page).getByText('The filters will appear once the server answers.').isVisible()).toBe(true);
    expect(await page.getByText('Nothing to filter yet').count()).toBe(0);
    await expectAccessible(page, 'unreachable server');
    await screenshot(page, 'unreachable-list', false);

    await network.retryWith(notice.getByRole('button', { name: 'Retry' }));
    await seen(page, 'Offline checklist');
    expect(await notice.count()).toBe(0);
    await expect
      .poll(() =>
        filterPanel(page)
          .getByRole('checkbox', { name: /^travel/ })
          .isVisible(),
      )
      .toBe(true);
    forgetRefusals(testPage);
  });

  it('retries reads by itself with growing pauses, and the message stays until one works', async () => {
    const testPage = await suite.open({ width: 375, height: 800 });
    const { page } = testPage;
    await page.emulateMedia({ colorScheme: 'dark' });
    const network = await refuse(page, listOrCounts);
    await signInWithToken(page, author.token);
    const notice = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await expect.poll(() => notice.isVisible()).toBe(true);
    const first = network.attempts();
    // Retried after about a second: more attempts arrive without any click, and the words stay meanwhile.
    await expect.poll(() => network.attempts(), { timeout: 10_000 }).toBeGreaterThan(first);
    expect(await notice.isVisible()).toBe(true);
    await screenshot(page, 'unreachable-list-phone-dark', false);
    await network.release();
    // The next automatic attempt (within the capped backoff) finds the server: no click needed.
    await expect.poll(() => page.getByText('Offline checklist').first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await notice.count()).toBe(0);
    forgetRefusals(testPage);
  });

  it('says so in the strip along the bottom, with Retry, on a page that has no place of its own for it', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    const network = await refuse(page, (url) => url.pathname === '/api/tokens');
    await signInWithToken(page, author.token, '/api-tokens');
    const strip = page.getByRole('status').filter({ hasText: UNREACHABLE });
    await expect.poll(() => strip.isVisible()).toBe(true);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await expectAccessible(page, 'unreachable strip');
    await screenshot(page, 'unreachable-strip', false);
    await network.retryWith(strip.getByRole('button', { name: 'Retry' }));
    await seen(page, 'No API tokens yet');
    await expect.poll(() => strip.count()).toBe(0);
    forgetRefusals(testPage);
  });

  it('says so in the page, not behind skeletons, on My Prompts, Recently Used and Trash as on All Prompts', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    const lists = ['/api/prompts/my', '/api/prompts/recent', '/api/trash'];
    const network = await refuse(page, (url) => lists.includes(url.pathname));
    await signInWithToken(page, author.token, '/my-prompts');
    for (const [path, name] of [
      ['/my-prompts', 'my-prompts'],
      ['/recent', 'recent'],
      ['/trash', 'trash'],
    ] as const) {
      if (path !== '/my-prompts') await page.goto(`${suite.server.url}${path}`);
      await expect.poll(() => notice(page).isVisible()).toBe(true);
      // The bottom strip stays quiet while the page says it: the words appear once, with no skeleton left.
      expect(await page.getByText(UNREACHABLE).count()).toBe(1);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /Loading/ })
          .count(),
      ).toBe(0);
      await screenshot(page, `unreachable-${name}`, false);
    }
    await network.release();
    await notice(page).getByRole('button', { name: 'Retry' }).dispatchEvent('click');
    await expect.poll(() => page.getByText('The trash is empty.').isVisible()).toBe(true);
    forgetRefusals(testPage);
  });

  it('shows the filter panel as placeholders while its counts are on their way', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/filter/counts*', async (route) => {
      await held;
      await route.continue();
    });
    await signInWithToken(page, author.token);
    await seen(page, 'Offline checklist');
    const loading = filterPanel(page).getByRole('status').filter({ hasText: 'Loading filters' });
    expect(await loading.count()).toBe(1);
    expect(await page.getByText('Nothing to filter yet').count()).toBe(0);
    await screenshot(page, 'filters-loading', false);
    release();
    await expect
      .poll(() =>
        filterPanel(page)
          .getByRole('checkbox', { name: /^travel/ })
          .isVisible(),
      )
      .toBe(true);
    expect(await loading.count()).toBe(0);
    forgetRefusals(testPage);
  });

  it('tells a save lost on the network apart from bad input, keeps what was typed, and a resend makes one prompt', async () => {
    const testPage = await suite.open({ width: 1366, height: 860 });
    const { page } = testPage;
    await signInWithToken(page, author.token, '/create-prompt');
    await page.getByLabel('Title').fill('Written on a train');
    await page.getByLabel('Content').fill('Draft while the tunnel drops the signal.');
    await page.getByRole('combobox', { name: 'AI Application Used' }).fill('Claude');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Tags' }).fill('travel');
    await page.keyboard.press('Enter');

    // The server receives and stores the prompt, but its answer is lost: the worst case for a resend.
    const creates: string[] = [];
    const isCreate = (url: URL) => url.pathname === '/api/prompts';
    const loseAnswer = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      creates.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fetch();
      return route.abort('connectionrefused');
    };
    await page.route(isCreate, loseAnswer);
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    const unsent = page.getByRole('alert').filter({ hasText: SAVE_UNREACHABLE });
    await expect.poll(() => unsent.isVisible()).toBe(true);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    expect(page.url()).toMatch(/\/create-prompt$/);
    expect(await page.getByLabel('Title').inputValue()).toBe('Written on a train');
    expect(await page.getByLabel('Content').inputValue()).toBe('Draft while the tunnel drops the signal.');
    expect(await page.getByRole('button', { name: 'Remove tag travel' }).count()).toBe(1);
    await expectAccessible(page, 'save lost on the network');
    await screenshot(page, 'save-unreachable', false);

    // Sent again, same values: the server recognises the request and answers with the prompt it made.
    await page.unroute(isCreate, loseAnswer);
    const resent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/prompts');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    expect((await resent).headers()['idempotency-key']).toBe(creates[0]);
    // A created prompt opens on its own page.
    await page.waitForURL(/\/prompts\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Written on a train' }).isVisible()).toBe(true);
    await screenshot(page, 'created-prompt-page', false);
    const mine = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts/my', undefined, author.token);
    expect(mine.items.filter((i) => i.title === 'Written on a train')).toHaveLength(1);

    // Bad input still says what the server said about it, not "can't reach".
    await page.goto('/create-prompt');
    await page.getByLabel('Title').fill('Written on a train');
    await page.getByLabel('Content').fill('Another body');
    await page.getByRole('combobox', { name: 'AI Application Used' }).fill('Claude');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Tags' }).fill('travel');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await seen(page, 'A prompt with this title already exists');
    expect(await page.getByText(/Can't reach the server/).count()).toBe(0);
    forgetRefusals(testPage);
  });
});

describe('a slow network', () => {
  async function heldBundle(viewport: { width: number; height: number }, dark: boolean) {
    const testPage = await suite.open(viewport);
    const { page } = testPage;
    if (dark) await page.emulateMedia({ colorScheme: 'dark' });
    await signInWithToken(page, author.token);
    await seen(page, 'Offline checklist');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The entry script of the built page: until it arrives only the HTML can be drawn.
    const entry = /\/assets\/index-[^/]*\.js$/;
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    // Not "domcontentloaded": that event waits for the module script being held.
    await page.goto('/all-prompts', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#boot-shell').isVisible()).toBe(true);
    return { testPage, page, release };
  }

  it('draws the shell and skeleton rows from the HTML alone, until the app replaces them', async () => {
    const { page, release } = await heldBundle({ width: 1366, height: 860 }, false);
    const shell = page.locator('#boot-shell');
    expect(await shell.isVisible()).toBe(true);
    expect(await shell.getByText('AI Prompts Database').isVisible()).toBe(true);
    expect(await shell.locator('.bs-row').count()).toBe(6);
    expect(await shell.locator('.bs-row').first().isVisible()).toBe(true);
    expect(await shell.locator('.bs-sidebar').isVisible()).toBe(true);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await screenshot(page, 'boot-shell', false);
    release();
    await seen(page, 'Offline checklist');
    expect(await shell.isVisible()).toBe(false);
  });

  it('draws the shell dark when the system is dark, and narrow on a phone', async () => {
    const { page, release } = await heldBundle({ width: 375, height: 800 }, true);
    const shell = page.locator('#boot-shell');
    expect(await shell.isVisible()).toBe(true);
    const background = await shell.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(11, 17, 32)');
    // As in the app, the sidebar is a drawer on a phone: not drawn.
    expect(await shell.locator('.bs-sidebar').isVisible()).toBe(false);
    await screenshot(page, 'boot-shell-phone-dark', false);
    release();
    await seen(page, 'Offline checklist');
  });

  it('follows the theme chosen in the app over the system one', async () => {
    const { page, release } = await heldBundle({ width: 1366, height: 860 }, true);
    release();
    await seen(page, 'Offline checklist');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    let hold = () => {};
    const held = new Promise<void>((resolve) => (hold = resolve));
    await page.unrouteAll();
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/all-prompts', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#boot-shell').isVisible()).toBe(true);
    const background = await page.locator('#boot-shell').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(248, 250, 252)');
    await screenshot(page, 'boot-shell-light-choice', false);
    hold();
    await seen(page, 'Offline checklist');
  });
});
