import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// The daily path's small things: chips that never clip, dialogs that put the cursor where one types,
// a favourite that says its state, the filters one tap away on a phone, cards whose footers stay short.
const suite = useBrowserSuite();
let author: SeededUser;
const WIDE = { width: 1366, height: 860 };
const PHONE = { width: 375, height: 800 };
const TAGGED = 'Stakeholder interview digest';
const TAGS = ['interviews', 'competitive-analysis', 'executive-summary', 'quarterly-planning', 'customer-research'];
const APPS = ['Microsoft Copilot', 'GitHub Copilot', 'Perplexity', 'Claude'];
const LETTER = 'Board letter';

beforeAll(async () => {
  author = await registerUser(suite.server.url, {
    firstName: 'Maximiliane-Josephine',
    lastName: 'Vanderbilt-Okonkwo',
    businessUnit: 'Global Procurement and Supplier Relationship Management',
  });
  const create = (title: string, content: string, tags: string[], aiModels = ['Claude']) =>
    apiCall(suite.server.url, 'POST', '/api/prompts', { title, content, aiModels, tags }, author.token);
  await create(TAGGED, 'Digest the interviews into themes.', TAGS, APPS);
  await create(LETTER, 'Write to {{audience}} in a {{tone:formal|friendly}} tone.', ['letters']);
  await create('Release notes', 'Turn the merged changes into release notes.', ['engineering']);
});

/** The cell of `column` in the row holding `text` (the table is a grid of ARIA roles). */
async function cellOf(page: Page, text: string, column: string): Promise<Locator> {
  const headers = await page.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
  expect(index, `column ${column} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.getByRole('row').filter({ hasText: text }).getByRole('cell').nth(index);
}

/** Each chip drawn in a cell: its text, whether its text is cut, and whether the cell cuts it off. */
const chipsIn = (cell: Locator) =>
  cell.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('.rounded-full')]
      .filter((chip) => chip.getClientRects().length > 0 && getComputedStyle(chip).visibility !== 'hidden')
      .map((chip) => {
        const r = chip.getBoundingClientRect();
        return {
          text: chip.textContent ?? '',
          title: chip.title,
          truncated: chip.scrollWidth > chip.clientWidth + 1,
          cutOff: r.right > box.right + 1 || r.left < box.left - 1,
        };
      });
  });

const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return el.getAttribute('aria-label') ?? labelled ?? el.textContent?.trim() ?? '';
  });

describe('the list at 1366 px', () => {
  it('shows whole chips only, with "+N" naming the ones left out', async () => {
    const { page } = await suite.open(WIDE);
    await signInWithToken(page, author.token);
    await seen(page, TAGGED);
    for (const [column, values] of [
      ['Tags', TAGS],
      ['AI Application Used', APPS],
    ] as const) {
      const chips = await chipsIn(await cellOf(page, TAGGED, column));
      expect(
        chips.filter((c) => c.truncated || c.cutOff),
        column,
      ).toEqual([]);
      const more = chips.find((c) => /^\+\d+/.test(c.text));
      expect(more, `${column}: ${JSON.stringify(chips)}`).toBeDefined();
      const whole = chips.filter((c) => c !== more).map((c) => c.text);
      expect(whole.length).toBeGreaterThanOrEqual(1);
      // Whole chips in their order (a long one may give way to shorter ones after it); "+N" names the rest.
      expect(whole).toEqual(values.filter((v) => whole.includes(v)));
      const hidden = values.filter((v) => !whole.includes(v));
      expect(more!.text).toMatch(new RegExp(`^\\+${hidden.length}`));
      expect(more!.title).toBe(`${hidden.length} more: ${hidden.join(', ')}`);
    }
    // The hidden names reach a screen reader too, while the eye sees only "+N".
    const tags = await cellOf(page, TAGGED, 'Tags');
    expect(await tags.textContent()).toMatch(/\d more: /);
    const badge = tags.locator('.rounded-full').filter({ hasText: /^\+\d/ }).first();
    expect((await badge.boundingBox())!.width).toBeLessThan(40);
    // The title keeps the widest column.
    const widths = await page.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => [h.textContent?.trim(), h.getBoundingClientRect().width] as const));
    const title = widths.find(([name]) => name === 'Prompt Title')![1];
    expect(Math.max(...widths.map(([, w]) => w))).toBe(title);
    await expectAccessible(page, 'list with chips');
    await screenshot(page, 'polish-chips', false);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await seen(page, TAGGED);
    await expectAccessible(page, 'list with chips, dark');
    await screenshot(page, 'polish-chips-dark', false);
    // A wider window: the chips are measured again, still whole, and the title takes most of the new room.
    const before = (await chipsIn(await cellOf(page, TAGGED, 'AI Application Used'))).length;
    await page.setViewportSize({ width: 1920, height: 860 });
    await expect.poll(async () => (await cellOf(page, TAGGED, 'Prompt Title')).evaluate((c) => c.getBoundingClientRect().width)).toBeGreaterThan(600);
    expect((await chipsIn(await cellOf(page, TAGGED, 'AI Application Used'))).length).toBeGreaterThanOrEqual(before);
    for (const column of ['Tags', 'AI Application Used']) {
      expect(
        (await chipsIn(await cellOf(page, TAGGED, column))).filter((c) => c.truncated || c.cutOff),
        column,
      ).toEqual([]);
    }
    const wide = await page.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => [h.textContent?.trim(), h.getBoundingClientRect().width] as const));
    expect(wide.find(([name]) => name === 'Prompt Title')![1]).toBeGreaterThan(
      2 * Math.max(...wide.filter(([name]) => name !== 'Prompt Title').map(([, w]) => w)),
    );
  });
});

describe('dialogs that take the keyboard', () => {
  it('puts focus in the runner’s first variable and on the quick view’s first action', async () => {
    const { page } = await suite.open(WIDE);
    await signInWithToken(page, author.token);
    await seen(page, LETTER);
    await page
      .getByRole('button', { name: `Use prompt ${LETTER}` })
      .first()
      .click();
    const runner = page.getByRole('dialog', { name: `Use “${LETTER}”` });
    await expect.poll(() => runner.isVisible()).toBe(true);
    await expect.poll(() => runner.getByLabel('audience').evaluate((el) => el === document.activeElement)).toBe(true);
    // Typing goes straight into the field.
    await page.keyboard.type('the board');
    expect(await runner.getByLabel('audience').inputValue()).toBe('the board');
    await page.keyboard.press('Escape');
    await expect.poll(() => runner.count()).toBe(0);

    await page.getByRole('button', { name: LETTER, exact: true }).click();
    const view = page.getByRole('dialog', { name: LETTER });
    await expect.poll(() => view.getByRole('button', { name: `Use prompt ${LETTER}` }).isVisible()).toBe(true);
    await expect.poll(() => activeLabel(page)).toBe(`Use prompt ${LETTER}`);
    // Enter on it opens the runner, whose first variable then has the focus.
    await page.keyboard.press('Enter');
    await expect.poll(() => runner.getByLabel('audience').evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('the favourite toggle', () => {
  it('keeps its name, says its state with aria-pressed and "Favorited", and keeps it after a reload', async () => {
    const { page } = await suite.open(WIDE);
    await signInWithToken(page, author.token);
    await seen(page, 'Release notes');
    const star = page.getByRole('button', { name: 'Favorite Release notes', exact: true });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect(await star.getAttribute('title')).toBe('Favorited');
    await page.reload();
    await seen(page, 'Release notes');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Release notes', exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Release notes' });
    // Its name is its visible words, which say the state too.
    const toggle = view.getByRole('button', { name: /^Favorited?$/ });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.innerText()).toBe('Favorited');
    expect(await view.getByRole('button', { name: 'Favorited', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'quick view, favourited');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.innerText()).toBe('Favorite');
    await page.keyboard.press('Escape');
    await page.reload();
    await seen(page, 'Release notes');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('at 375 px', () => {
  it('offers a Filters button on the search box’s row, reachable by keyboard, that opens the filters', async () => {
    const { page } = await suite.open(PHONE);
    await signInWithToken(page, author.token);
    await seen(page, 'Release notes');
    // Shown before the filter, so that its absence after says the filter took effect.
    await seen(page, TAGGED);
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    const button = page.getByRole('button', { name: 'Filters' });
    await expect.poll(() => button.isVisible()).toBe(true);
    const [a, b] = [(await search.boundingBox())!, (await button.boundingBox())!];
    // Same row: their vertical middles match, and the button is beside (not under) the box.
    expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThanOrEqual(2);
    expect(b.x).toBeGreaterThanOrEqual(a.x + a.width - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    await search.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => activeLabel(page)).toMatch(/^Filters/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect.poll(() => drawer.getByRole('checkbox', { name: /^engineering\s*,/ }).isVisible()).toBe(true);
    await expectAccessible(page, 'filters drawer at 375 px');
    await screenshot(page, 'polish-phone-filters-drawer', false);
    await drawer.getByRole('checkbox', { name: /^engineering\s*,/ }).click();
    await expect.poll(() => page.url()).toContain('tags=engineering');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => activeLabel(page)).toMatch(/^Filters/);
    // The button tells how many filters are on.
    expect(await button.innerText()).toMatch(/1/);
    await expect.poll(() => page.getByText(TAGGED).count()).toBe(0);
    await screenshot(page, 'polish-phone-filters-button', false);
  });

  it('keeps each card’s footer to at most two lines, with long names', async () => {
    const { page } = await suite.open(PHONE);
    await signInWithToken(page, author.token);
    await seen(page, TAGGED);
    const card = page.getByRole('listitem').filter({ hasText: TAGGED });
    expect(await card.textContent()).toContain('Maximiliane-Josephine Vanderbilt-Okonkwo');
    const footer = card.locator('footer');
    const shape = await footer.evaluate((el) => {
      const style = getComputedStyle(el);
      const inner = el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      // A line is as tall as the tallest thing on it: the buttons.
      const line = Math.max(...[...el.querySelectorAll('button, a')].map((c) => c.getBoundingClientRect().height));
      // Text lines: a wrapped sentence gives one rectangle per line.
      const range = document.createRange();
      range.selectNodeContents(el.querySelector('p, span')!);
      const textLines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { inner, line, textLines };
    });
    expect(shape.inner, JSON.stringify(shape)).toBeLessThanOrEqual(2 * shape.line + 8);
    expect(shape.textLines, JSON.stringify(shape)).toBeLessThanOrEqual(2);
    await screenshot(page, 'polish-phone-cards', false);
    await page.goto('/my-prompts');
    await seen(page, TAGGED);
    await screenshot(page, 'polish-phone-my-prompts', false);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/all-prompts');
    await seen(page, TAGGED);
    await expectAccessible(page, 'cards at 375 px, dark');
    await screenshot(page, 'polish-phone-cards-dark', false);
  });
});

describe('the audit log', () => {
  it('hides sign-ins and sign-outs on request (in the address too) and names each actor beside the address', async () => {
    const url = suite.server.url;
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: author.email, password: author.password }),
    });
    expect(login.status).toBe(200);
    await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stranger@example.com', password: 'a wrong guess' }),
    });
    const { page } = await suite.open(WIDE);
    await signInWithToken(page, author.token, '/audit-log');
    const events = page.getByRole('list', { name: 'Audit events' });
    await expect.poll(() => events.getByText('Signed in', { exact: true }).count()).toBeGreaterThan(0);
    // The account's name, then its address.
    const mine = events.getByRole('listitem').filter({ hasText: 'Prompt created' }).first();
    expect(await mine.innerText()).toMatch(new RegExp(`Maximiliane-Josephine Vanderbilt-Okonkwo\\s+${author.email.replace(/\./g, '\\.')}`));
    // An address with no account has no name to show.
    const stranger = events.getByRole('listitem').filter({ hasText: 'stranger@example.com' });
    expect(await stranger.innerText()).not.toContain('Vanderbilt');
    await expectAccessible(page, 'audit log');
    await screenshot(page, 'polish-audit-log', false);

    const hide = page.getByRole('checkbox', { name: 'Hide sign-ins and sign-outs' });
    expect(await hide.getAttribute('aria-checked')).toBe('false');
    await hide.click();
    await expect.poll(() => page.url()).toContain('hideSignIns=true');
    await expect.poll(() => events.getByText('Signed in', { exact: true }).count()).toBe(0);
    // Failed sign-ins are worth seeing: they stay.
    expect(await events.getByText('Sign-in failed', { exact: true }).count()).toBeGreaterThan(0);
    expect(await events.getByText('Prompt created', { exact: true }).count()).toBe(3);
    await page.reload();
    await expect.poll(() => hide.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => events.getByText('Prompt created', { exact: true }).count()).toBe(3);
    expect(await events.getByText('Signed in', { exact: true }).count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => events.getByText('Prompt created', { exact: true }).count()).toBe(3);
    await expectAccessible(page, 'audit log, dark, sign-ins hidden');
    await screenshot(page, 'polish-audit-log-dark', false);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'polish-audit-log-phone-dark', false);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect.poll(() => events.getByText('Prompt created', { exact: true }).count()).toBe(3);
    await screenshot(page, 'polish-audit-log-phone', false);
  });
});

describe('the form with custom fields', () => {
  it('says a checkbox field’s label once, and puts custom fields after the built-in ones', async () => {
    const url = suite.server.url;
    // Ordered first by the administrator: they still come after the built-in fields.
    await apiCall(url, 'POST', '/api/admin/form-fields', { name: 'reviewed', label: 'Reviewed by legal', type: 'checkbox', order: 0 }, author.token);
    await apiCall(url, 'POST', '/api/admin/form-fields', { name: 'audience', label: 'Target audience', type: 'text', order: 0 }, author.token);
    for (const [theme, size] of [
      ['light', WIDE],
      ['dark', WIDE],
      ['light', PHONE],
      ['dark', PHONE],
    ] as const) {
      const { page } = await suite.open(size);
      await signInWithToken(page, author.token, '/create-prompt');
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      const box = page.getByRole('checkbox', { name: 'Reviewed by legal' });
      await expect.poll(() => box.isVisible()).toBe(true);
      expect(await page.getByText('Reviewed by legal').count()).toBe(1);
      // In page order: every built-in label before the custom ones.
      const labels = await page.locator('form label').evaluateAll((ls) => ls.map((l) => l.textContent?.replace('*', '').trim() ?? ''));
      const at = (label: string) => labels.findIndex((l) => l === label);
      const builtIn = ['Title', 'Content', 'Tags', 'Business Unit'].map(at);
      expect(Math.min(...builtIn), labels.join(' | ')).toBeGreaterThanOrEqual(0);
      expect(at('Target audience'), labels.join(' | ')).toBeGreaterThan(Math.max(...builtIn));
      expect(at('Reviewed by legal'), labels.join(' | ')).toBeGreaterThan(Math.max(...builtIn));
      if (theme === 'light' && size === WIDE) {
        await box.click();
        expect(await box.getAttribute('aria-checked')).toBe('true');
        await page.getByText('Reviewed by legal').click();
        expect(await box.getAttribute('aria-checked')).toBe('false');
      }
      await expectAccessible(page, `form with custom fields, ${theme}, ${size.width}`);
      await page.getByRole('checkbox', { name: 'Reviewed by legal' }).scrollIntoViewIfNeeded();
      await screenshot(page, `polish-form-custom-${theme}-${size.width}`, false);
    }
  });
});
