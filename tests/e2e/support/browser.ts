import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const SCREENSHOT_DIR = path.resolve('screenshots');

/** The run's one Chromium (started by global-setup.ts), connected to; closing this connection leaves it running. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumWsEndpoint'));
}

/** The origin each test context serves, so that a sign-in can store its token there without a page load. */
const contextOrigins = new WeakMap<BrowserContext, string>();
export const originOf = (context: BrowserContext) => contextOrigins.get(context);

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far; a test fails if any remain at the end. */
  errors: string[];
}

/** A page in its own context, recording console errors. */
export async function newPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 860 }): Promise<TestPage> {
  const context = await browser.newContext({ baseURL, viewport });
  contextOrigins.set(context, new URL(baseURL).origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // E2E_CPU_THROTTLE=6 runs the page's scripts six times slower, to try a test as a slow machine would.
  if (process.env.E2E_CPU_THROTTLE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_CPU_THROTTLE) });
  }
  const errors: string[] = [];
  page.on('console', (msg) => {
    // A 401 for the current-user lookup while signed out, and the 4xx answers a test provokes on purpose,
    // are logged by Chromium as failed resources; they are not application errors.
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) {
      errors.push(msg.text());
    }
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/**
 * Fails on serious or critical axe violations, listing them: axe-core's full default rule set, run in
 * the page. The script goes in once per document (a client-side route change keeps it) rather than
 * through a builder that injects it again and opens a second page to gather each run's results: that
 * cost 1.7 s a check against 0.1-0.4 s here, over some 150 checks a run.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  expect(await seriousViolations(page, label)).toEqual([]);
}

/** The serious and critical axe violations on the page, each as "label: rule (impact) targets". */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await settleTransitions(page);
  const ready = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!ready) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.targets.join(', ')}`);
}

/**
 * Waits (at most a second) for the page's finite CSS transitions and animations to end. A colour
 * transition that a theme switch starts would otherwise be measured half-way by the contrast rule, which
 * then reports colours no one sees for longer than 150 ms. Endless ones (a spinner, a skeleton's pulse)
 * are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: a change of colour scheme reaches the page as an event, and the theme class the
    // app then sets starts its transitions a frame later.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/**
 * A documentation screenshot, taken only when E2E_SCREENSHOTS=1 asks for them: each costs a full-page
 * render, and a test run does not need the pictures. Failure screenshots (suite.ts) are always kept.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * Waits until `text` is visible. A page loads its data after it first shows, so this allows the time a
 * person would wait (expect.poll's timeout in vitest.e2e.config.ts): a loaded CI machine needs more
 * than a second.
 */
export const seen = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

/**
 * The text of a finished download. The run's Chromium is connected to, not launched here, so the file
 * is on its side: `saveAs` copies it over (`download.path()` is not available when connected).
 */
export async function downloadedText(download: Download): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-e2e-download-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
