import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, newPage, SCREENSHOT_DIR, type TestPage } from './browser';
import { type RunningServer, startServer } from './server';

export interface BrowserSuite {
  server: RunningServer;
  browser: Browser;
  /** Opens a page whose console errors fail the current test. */
  open(viewport?: { width: number; height: number }): Promise<TestPage>;
}

/**
 * One real server and one Chromium per test file; each test's page is closed and checked for errors.
 * `env` is added to the server's environment (a setting the file's tests need); a function gives it
 * once something it names is running (a fake gateway's address).
 */
export function useBrowserSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): BrowserSuite {
  let current: TestPage | undefined;
  const suite = {
    async open(viewport?: { width: number; height: number }) {
      current = await newPage(suite.browser, suite.server.url, viewport);
      return current;
    },
  } as BrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(typeof env === 'function' ? await env() : env), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current) await describeFailure(current, suite.server, context.task.name);
    const errors = current?.errors ?? [];
    await current?.context.close();
    current = undefined;
    expect(errors).toEqual([]);
  });
  return suite;
}

/**
 * A failed test prints what the page showed and what the server logged, and keeps a screenshot: a
 * failure seen only on a CI machine must explain itself from the log alone.
 */
async function describeFailure(current: TestPage, server: RunningServer, name: string): Promise<void> {
  const { page } = current;
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((err: unknown) => `(no text: ${String(err)})`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
  await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
  console.log(
    [
      `--- "${name}" failed at ${page.url()}`,
      `page text:\n${text.slice(0, 3_000)}`,
      `console errors: ${JSON.stringify(current.errors)}`,
      `server log (last lines):\n${server.log().split('\n').slice(-40).join('\n')}`,
      `screenshot: ${file}`,
    ].join('\n'),
  );
}
