import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, newPage, type TestPage } from './browser';
import { type RunningServer, startServer } from './server';

export interface BrowserSuite {
  server: RunningServer;
  browser: Browser;
  /** Opens a page whose console errors fail the current test. */
  open(viewport?: { width: number; height: number }): Promise<TestPage>;
}

/** One real server and one Chromium per test file; each test's page is closed and checked for errors. */
export function useBrowserSuite(): BrowserSuite {
  let current: TestPage | undefined;
  const suite = {
    async open(viewport?: { width: number; height: number }) {
      current = await newPage(suite.browser, suite.server.url, viewport);
      return current;
    },
  } as BrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  afterEach(async () => {
    const errors = current?.errors ?? [];
    await current?.context.close();
    current = undefined;
    expect(errors).toEqual([]);
  });
  return suite;
}
