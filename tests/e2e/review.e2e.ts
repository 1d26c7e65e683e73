import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The review queue: an admin makes a member curator of a unit, the curator's verifications run out,
// and the curator verifies one again and deprecates the other from /review.

// A verification lasts about 17 s here instead of 180 days: long enough that one made again in the
// test is not due once more before the test has checked that it left the queue.
const VERIFICATION_SECONDS = 17.28;
const suite = useBrowserSuite({ VERIFICATION_DAYS: String(VERIFICATION_SECONDS / 86_400) });

let admin: SeededUser;
let curator: SeededUser;
let owner: SeededUser;
const LONG_TITLE =
  'Summarise a supplier contract for the legal review board, listing every renewal clause, penalty, notice period and exclusivity term in plain words';
const ids: Record<string, string> = {};

const call = <T>(method: string, url: string, body: unknown, who: SeededUser) => apiCall<T>(suite.server.url, method, url, body, who.token);
const queue = (who: SeededUser) => call<{ items: Array<{ id: string; title: string }> }>('GET', '/api/review', undefined, who);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin' });
  curator = await registerUser(suite.server.url, { firstName: 'Cora', lastName: 'Curator', businessUnit: 'Engineering' });
  owner = await registerUser(suite.server.url, { firstName: 'Olive', lastName: 'Owner', businessUnit: 'Engineering' });
  const users = await call<Array<{ id: string; email: string }>>('GET', '/api/admin/users', undefined, admin);
  const curatorId = users.find((u) => u.email === curator.email)!.id;
  await call('PUT', `/api/admin/users/${curatorId}/curator-units`, { units: ['Engineering'] }, admin);
  for (const title of ['Quarterly report summary', LONG_TITLE]) {
    const { id } = await call<{ id: string }>('POST', '/api/prompts', { title, content: `About ${title}`, aiModels: ['Claude'], tags: ['review'] }, owner);
    ids[title] = id;
    await call('PUT', `/api/prompts/${id}/status`, { status: 'verified' }, curator);
  }
  // The verifications run out: both prompts enter the curator's queue.
  await vi.waitFor(async () => expect((await queue(curator)).items).toHaveLength(2), { timeout: (VERIFICATION_SECONDS + 20) * 1000, interval: 500 });
});

describe('the review queue', () => {
  it('is offered to curators and admins only; a member who curates nothing is told why the page is empty', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, owner.token);
    await navigationShown(page);
    const reviewLink = page.getByRole('navigation', { name: 'Prompts' }).getByRole('link', { name: 'Review', exact: true });
    expect(await reviewLink.count()).toBe(0);
    await page.goto('/review');
    await seen(page, 'You do not curate any business unit');
    await expectAccessible(page, 'review, not a curator');
    await screenshot(page, 'review-not-curator-1366', false);

    await signInWithToken(page, admin.token);
    await navigationShown(page);
    await expect.poll(() => reviewLink.isVisible()).toBe(true);
  });

  it('shows long titles within the width of a phone', async () => {
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, curator.token, '/review');
    await seen(page, 'Review was due');
    await expect.poll(() => page.getByRole('list', { name: 'Prompts due for review' }).getByRole('listitem').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'review 375');
    await screenshot(page, 'review-375');
  });

  it('lets a curator verify a prompt again and deprecate another, each leaving the queue', async () => {
    const { page } = await suite.open({ width: 1366, height: 860 });
    await signInWithToken(page, curator.token);
    await navigationShown(page);
    await page.getByRole('navigation', { name: 'Prompts' }).getByRole('link', { name: 'Review', exact: true }).click();
    await seen(page, 'Verified prompts whose review date has passed. Verify them again or deprecate them.');
    const rows = page.getByRole('list', { name: 'Prompts due for review' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.filter({ hasText: 'Quarterly report summary' });
    expect(await first.innerText()).toMatch(/Olive Owner · Engineering[\s\S]*Verified by Cora Curator on .+ · Review was due /);
    expect(await first.getByRole('link', { name: 'Quarterly report summary' }).getAttribute('href')).toBe(`/prompts/${ids['Quarterly report summary']}`);
    await expectAccessible(page, 'review 1366');
    await screenshot(page, 'review-1366');

    await page.getByRole('button', { name: 'Verify again “Quarterly report summary”' }).click();
    await seen(page, 'Verified again');
    await expect.poll(() => rows.count()).toBe(1);
    // Focus moves on to the next row's first button rather than falling to the page's body.
    await expect.poll(() => focusedLabel(page)).toBe(`Verify again “${LONG_TITLE}”`);
    const verified = await call<{ status: string; needsReview: boolean }>('GET', `/api/prompts/${ids['Quarterly report summary']}`, undefined, curator);
    expect(verified).toMatchObject({ status: 'verified', needsReview: false });
    expect((await queue(curator)).items.map((i) => i.title)).toEqual([LONG_TITLE]);

    await page.getByRole('button', { name: `Deprecate “${LONG_TITLE}”` }).click();
    await seen(page, 'Prompt deprecated');
    await seen(page, 'Nothing to review.');
    await expect.poll(() => focusedLabel(page)).toBe('Review queue');
    expect(await call<{ status: string }>('GET', `/api/prompts/${ids[LONG_TITLE]}`, undefined, curator)).toMatchObject({ status: 'deprecated' });
    await expectAccessible(page, 'review empty');
    await screenshot(page, 'review-empty-1366', false);
  });
});
