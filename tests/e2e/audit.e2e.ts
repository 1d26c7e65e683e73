import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { downloadedText, expectAccessible, screenshot, seen } from './support/browser';
import { linksNamed, navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The audit log screen, fed by real activity through the API: sign-ups, refused sign-ins, a business
// unit created and renamed, a prompt created and edited.
const suite = useBrowserSuite();
let admin: SeededUser;
let member: SeededUser;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const LONG_EMAIL = 'a.rather.long.address.for.the.audit.log@example-organization.com';
const LONG_TITLE = 'Summarize the quarterly customer interviews into themes, risks and next steps for the board of directors';
const RENAMED = 'Renamed business unit “Legal Ops” to “Legal & Compliance”';
/** Refused sign-ins to addresses nobody has: more than one page of them. */
const UNKNOWN_SIGN_INS = 55;

const failSignIn = (email: string, password: string) =>
  fetch(`${suite.server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Auditor' });
  member = await registerUser(url, { firstName: 'Mo', lastName: 'Member', email: LONG_EMAIL });
  expect((await failSignIn(member.email, 'not the password')).status).toBe(401);
  for (let i = 0; i < UNKNOWN_SIGN_INS; i++) await failSignIn(`nobody${i}@example.com`, 'guess');
  const unit = await apiCall<{ id: string }>(url, 'POST', '/api/admin/business-units', { name: 'Legal Ops' }, admin.token);
  await apiCall(url, 'PUT', `/api/admin/business-units/${unit.id}`, { name: 'Legal & Compliance' }, admin.token);
  const prompt = { title: LONG_TITLE, content: 'Group the findings.', aiModels: ['Claude'], tags: ['research'] };
  const { id } = await apiCall<{ id: string }>(url, 'POST', '/api/prompts', prompt, member.token);
  await apiCall(url, 'PUT', `/api/prompts/${id}`, { ...prompt, content: 'Group the findings by theme.', tags: ['research', 'board'] }, member.token);
});

async function open(path = '/audit-log', user: SeededUser = admin, viewport = WIDE): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, path);
  return page;
}

const rows = (page: Page) => page.getByRole('list', { name: 'Audit events' }).getByRole('listitem');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
/** The action badge of every row shown. */
const badges = (page: Page) => rows(page).locator('span.rounded-full').allTextContents();

/** Nothing on the page is wider than the window: no sideways scrolling of the page or inside it. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('main *')].filter((el) => el.getBoundingClientRect().right > width + 1);
    return { page: document.documentElement.scrollWidth - width, wider: wider.map((el) => `${el.tagName}.${el.className}`) };
  });

describe('the audit log', () => {
  it('lists what happened, newest first, and pages through it by scrolling or with Load more', async () => {
    const page = await open();
    await seen(page, RENAMED);
    await seen(page, `Updated prompt “${LONG_TITLE}”`);
    expect(await page.getByRole('heading', { name: 'Audit Log', level: 1 }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Audit Log · AI Prompts Database');
    const total = 2 + 1 + UNKNOWN_SIGN_INS + 2 + 2;
    await seen(page, new RegExp(`^${total} events$`));
    // Newest first: the prompt edit was the last thing done.
    expect(await rows(page).first().textContent()).toContain(`Updated prompt “${LONG_TITLE}”`);
    const time = rows(page).first().locator('time');
    expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await time.getAttribute('title')).toBe(await time.getAttribute('datetime'));
    expect(await page.getByRole('link', { name: 'Audit Log' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page, 'audit log');
    await screenshot(page, 'audit-log', false);

    // The first page is 50; scrolling to the end brings the rest.
    expect(await rows(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rows(page).count()).toBe(total);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await seen(page, `Sign-in refused for ${LONG_EMAIL}: wrong password`);
    expect(await rows(page).last().textContent()).toContain(`${admin.email} signed up in “Engineering” as the first administrator`);
  });

  it('loads more from the keyboard where the end of the list is never seen scrolling', async () => {
    const { page } = await suite.open(WIDE);
    // A browser whose observer never reports: the button alone must bring the next page.
    await page.addInitScript(() => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    await signInWithToken(page, admin.token, '/audit-log?action=auth.sign_in_failed');
    await seen(page, `${UNKNOWN_SIGN_INS + 1} events`);
    expect(await rows(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(UNKNOWN_SIGN_INS + 1);
    expect(new Set(await badges(page))).toEqual(new Set(['Sign-in failed']));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('filters by action, target and actor, keeps the filters in the address, and says when From is after To', async () => {
    const page = await open();
    await seen(page, RENAMED);
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Business unit renamed' });
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await badges(page)).toEqual(['Business unit renamed']);
    await seen(page, /^1 event$/);
    expect(new URL(page.url()).searchParams.get('action')).toBe('business_unit.renamed');
    await page.reload();
    await seen(page, RENAMED);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('business_unit.renamed');
    expect(await rows(page).count()).toBe(1);
    await page.goBack();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Target', { exact: true }).selectOption({ label: 'Prompt' });
    await expect.poll(() => badges(page)).toEqual(['Prompt updated', 'Prompt created']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);

    // The start of an address is enough; the member's own events and their refused sign-in, nobody else's.
    // Typed key by key, as a person would: no key may be lost while the address catches up.
    await page.getByLabel('Actor', { exact: true }).pressSequentially('a.rather.long');
    expect(await page.getByLabel('Actor', { exact: true }).inputValue()).toBe('a.rather.long');
    await expect.poll(() => badges(page)).toEqual(['Prompt updated', 'Prompt created', 'Sign-in failed', 'Signed up']);
    expect(new URL(page.url()).searchParams.get('actor')).toBe('a.rather.long');
    await page.getByLabel('Actor', { exact: true }).fill(admin.email);
    await expect.poll(() => badges(page)).toEqual(['Business unit renamed', 'Business unit created', 'Signed up']);
    await screenshot(page, 'audit-log-actor-filter');

    await page.getByLabel('From', { exact: true }).fill('2030-01-02');
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await seen(page, 'From must not be after To');
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await seen(page, 'Correct the filters above to see events.');
    await expectAccessible(page, 'audit log, refused filters');
    await screenshot(page, 'audit-log-from-after-to');

    await page.getByLabel('From', { exact: true }).fill('2030-01-01');
    await seen(page, 'No events match these filters.');
    expect(await page.getByText('From must not be after To').count()).toBe(0);
    await expectAccessible(page, 'audit log, empty');
    await screenshot(page, 'audit-log-empty');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect.poll(() => page.getByLabel('Actor', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(new URL(page.url()).search).toBe('');
  });

  it('expands a row to show what changed, the target and the browser', async () => {
    const page = await open();
    await seen(page, RENAMED);
    const renamed = row(page, RENAMED);
    const details = renamed.getByRole('button', { name: 'Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.focus();
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole('definition').first().innerText()).toMatch(/^Legal Ops\s*→\s*(changed to\s*)?Legal & Compliance$/);
    expect(await panel.innerText()).toContain('Business unit');
    expect(await panel.innerText()).toMatch(/User agent\s+node/);

    const edited = row(page, `Updated prompt “${LONG_TITLE}”`);
    await edited.getByRole('button', { name: 'Details' }).click();
    const text = await edited.innerText();
    expect(text).toMatch(/Content\s+Group the findings\.\s*→[^]*Group the findings by theme\./);
    expect(text).toMatch(/Tags\s+research\s*→[^]*research, board/);
    await expectAccessible(page, 'audit log, rows expanded');
    await screenshot(page, 'audit-log-expanded', false);
    await details.click();
    await expect.poll(() => panel.isVisible()).toBe(false);
  });

  it('exports the filtered log as a CSV file', async () => {
    const page = await open('/audit-log?action=business_unit.renamed');
    await seen(page, RENAMED);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ai-prompts-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.url()).toMatch(/\/api\/downloads\/[\w-]+$/);
    const lines = (await downloadedText(download))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,actorEmail,actorId,action,targetType,targetId,summary,before,after,ip,userAgent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('business_unit.renamed');
    expect(lines[1]).toContain(admin.email);
    expect(lines[1]).toContain('Legal & Compliance');
    await seen(page, 'Export started');
  });

  it('is for administrators only', async () => {
    const page = await open('/audit-log', member);
    await page.waitForURL('**/all-prompts');
    // The sidebar is drawn, and its links are counted even inside the closed Administration group.
    await navigationShown(page);
    expect(await linksNamed(page, 'Audit Log')).toBe(0);
    const res = await fetch(`${suite.server.url}/api/admin/audit`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(403);
  });

  it('reads well in the dark theme', async () => {
    const { page } = await suite.open(WIDE);
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await signInWithToken(page, admin.token, '/audit-log');
    await seen(page, RENAMED);
    await row(page, RENAMED).getByRole('button', { name: 'Details' }).click();
    await expectAccessible(page, 'audit log, dark');
    await screenshot(page, 'dark-audit-log', false);
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Tags merged' });
    await seen(page, 'No events match these filters.');
    await expectAccessible(page, 'audit log, empty, dark');
    await screenshot(page, 'dark-audit-log-empty');
  });

  it('stacks each event on a 390 px phone, long addresses and summaries wrapping, nothing scrolling sideways', async () => {
    const page = await open(`/audit-log?targetType=prompt&actor=${encodeURIComponent(LONG_EMAIL)}`, admin, PHONE);
    await seen(page, `Created prompt “${LONG_TITLE}”`);
    expect(await rows(page).count()).toBe(2);
    await row(page, 'Updated prompt').getByRole('button', { name: 'Details' }).click();
    expect(await overflow(page)).toEqual({ page: 0, wider: [] });
    await expectAccessible(page, 'audit log at 390 px');
    await screenshot(page, 'phone-audit-log');
  });

  it('keeps its columns within a tablet’s width', async () => {
    const page = await open('/audit-log', admin, { width: 820, height: 1000 });
    await seen(page, RENAMED);
    await row(page, RENAMED).getByRole('button', { name: 'Details' }).click();
    expect(await overflow(page)).toEqual({ page: 0, wider: [] });
    await screenshot(page, 'tablet-audit-log', false);
  });
});
