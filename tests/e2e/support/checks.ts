import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Checks that something is absent only mean something once the page has drawn the place where it would
// be: these helpers give such checks the positive signal to wait on first.

/**
 * Waits until the sidebar's main navigation is drawn. Before it is, a check that the sidebar offers no
 * link passes whatever the member may do.
 */
export const navigationShown = (page: Page) =>
  expect.poll(() => page.getByRole('navigation', { name: 'Prompts' }).getByRole('link', { name: 'All Prompts' }).isVisible()).toBe(true);

/**
 * How many links named `name` the page holds, counting those of a closed group: the Administration
 * group is `hidden` while closed (its default), and a role query skips hidden elements, so without
 * this an administrator's links would count 0 too.
 */
export const linksNamed = (page: Page, name: string) => page.getByRole('link', { name, exact: true, includeHidden: true }).count();

/**
 * Resolves once the page has drawn two frames after now. The work a finished response starts (parsing,
 * the query cache's batched notice, React's render and effects) is queued as tasks before those frames.
 */
export const twoFramesLater = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
