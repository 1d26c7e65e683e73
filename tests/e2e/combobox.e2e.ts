import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
let author: SeededUser;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  author = await registerUser(suite.server.url, { firstName: 'Petra', lastName: 'Prompter', businessUnit: 'Marketing' });
  // Known tags for the suggestions, one of them long enough to test wrapping.
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Seed', content: 'x', aiModels: ['Claude'], tags: ['sql', 'python', 'prompt-engineering-for-customer-support-teams'] },
    admin.token,
  );
});

async function open(user: SeededUser, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, path);
  return page;
}

/** The accessible name and role of the focused element, as a screen reader would announce it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelledBy = el?.getAttribute('aria-labelledby');
    const name = labelledBy ? document.getElementById(labelledBy)?.textContent : (el?.getAttribute('aria-label') ?? el?.textContent);
    return `${el?.getAttribute('role') ?? el?.tagName.toLowerCase()}: ${name?.replace('*', '').trim()}`;
  });

describe('the combobox for business unit, tags and AI applications', () => {
  it('creates a prompt by keyboard only: a unit, an existing tag, a new tag and an application', async () => {
    const page = await open(author, '/create-prompt');
    await page.getByLabel('Title').focus();
    await page.keyboard.type('Explain a query plan');
    // The content editor's Write/Preview tabs and Insert variable come before its text area.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('tab: Write');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Content').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Explain this PostgreSQL plan in plain words.');
    await page.keyboard.press('Tab'); // notes
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('combobox: AI Application Used');
    await page.keyboard.type('clau');
    await expect.poll(() => page.getByRole('option', { name: 'Claude', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Remove AI application Claude' }).count()).toBe(1);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('combobox: Tags');
    await page.keyboard.type('SQL');
    await expect.poll(() => page.getByRole('option', { name: 'sql', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('option', { name: 'Add "SQL"' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('keyboard-only');
    await expect.poll(() => page.getByRole('option', { name: 'Add "keyboard-only"' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    // A tag added by mistake goes with Backspace.
    await page.keyboard.type('oops,');
    await expect.poll(() => page.getByRole('button', { name: 'Remove tag oops' }).count()).toBe(1);
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByRole('button', { name: 'Remove tag oops' }).count()).toBe(0);
    const chips = page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(['sql', 'keyboard-only']);

    // With the list open, the form has no serious accessibility problem.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
    await expectAccessible(page, 'prompt form with the tag list open');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('combobox: Business Unit');
    await page.keyboard.type('res');
    await expect.poll(() => page.getByRole('option', { name: 'Research', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: 'Business Unit' }).inputValue()).toBe('Research');
    // "Who can see this" is one stop, on its chosen radio button (arrows move between the choices).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Save as draft');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Create Prompt');
    await page.keyboard.press('Enter');
    await seen(page, 'Prompt created successfully!');

    const mine = await apiCall<{ items: Array<{ title: string; aiModels: string[]; tags: string[]; userBusinessUnit: string }> }>(
      suite.server.url,
      'GET',
      '/api/prompts/my',
      undefined,
      author.token,
    );
    const saved = mine.items.find((p) => p.title === 'Explain a query plan');
    expect(saved).toMatchObject({ aiModels: ['Claude'], tags: ['sql', 'keyboard-only'], userBusinessUnit: 'Research' });
  });

  it('signs up choosing a business unit by keyboard, and adds a new one through "Add new business unit..."', async () => {
    const { page } = await suite.open();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Kim');
    await page.getByLabel('Last Name').fill('Keys');
    await page.getByLabel('Email').fill('kim@example.com');
    await page.getByLabel('Password', { exact: true }).fill('keyboard-only');
    const unit = page.getByRole('combobox', { name: 'Business Unit' });
    await unit.focus();
    await page.keyboard.type('mark');
    await expect.poll(() => page.getByRole('option', { name: 'Marketing', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => unit.inputValue()).toBe('Marketing');

    // Changing one's mind: the last row adds a unit that does not exist yet.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('option', { name: 'Add new business unit...' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => unit.getAttribute('placeholder')).toBe('New business unit name');
    await page.keyboard.type('Field Ops');
    await expect.poll(() => page.getByRole('option', { name: 'Add "Field Ops"' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => unit.inputValue()).toBe('Field Ops');
    await page.keyboard.press('ArrowDown');
    await expectAccessible(page, 'sign-up with the unit list open');
    await screenshot(page, 'combobox-sign-up-open');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/all-prompts');
    await seen(page, 'Account created successfully!');
    const units = await apiCall<Array<{ name: string }>>(suite.server.url, 'GET', '/api/business-units');
    expect(units.map((u) => u.name)).toContain('Field Ops');
  });

  /** Fills the sign-up form and chooses "Add new business unit..." with the mouse, leaving the name to type. */
  async function signUpAddingUnit(viewport: { width: number; height: number }, email: string) {
    const { page } = await suite.open(viewport);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Nia');
    await page.getByLabel('Last Name').fill('Newunit');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a new unit of my own');
    const unit = page.getByRole('combobox', { name: 'Business Unit' });
    await unit.click();
    await page.getByRole('option', { name: 'Add new business unit...' }).click();
    await expect.poll(() => unit.getAttribute('placeholder')).toBe('New business unit name');
    return { page, unit };
  }

  /** The unit the server stored for an account, read by signing in as it. */
  const storedUnit = async (email: string) =>
    (await apiCall<{ user: { businessUnit: string } }>(suite.server.url, 'POST', '/api/login', { email, password: 'a new unit of my own' })).user.businessUnit;

  it('signs up with a new unit typed after "Add new business unit..." and Tab, at desktop and phone widths', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 860 }],
      ['phone', { width: 375, height: 800 }],
    ] as const) {
      const email = `tab.${name}@example.com`;
      const { page, unit } = await signUpAddingUnit(viewport, email);
      await page.keyboard.type(`Field Service ${name}`);
      await expect.poll(() => page.getByRole('option', { name: `Add "Field Service ${name}"` }).isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Create Account');
      // The box has handled leaving it (its list closed) before the absence of an error means anything.
      await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(false);
      expect(await unit.inputValue()).toBe(`Field Service ${name}`);
      expect(await page.getByText('Business unit is required').count()).toBe(0);
      await screenshot(page, `combobox-sign-up-new-unit-after-tab-${name}`, false);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/all-prompts');
      await seen(page, 'Account created successfully!');
      expect(await storedUnit(email)).toBe(`Field Service ${name}`);
      await page.context().close();
    }
  });

  it('signs up with a new unit typed after "Add new business unit..." when the click on Create Account moves focus', async () => {
    const email = 'click.away@example.com';
    const { page, unit } = await signUpAddingUnit({ width: 1366, height: 860 }, email);
    await page.keyboard.type('Night Shift');
    await expect.poll(() => page.getByRole('option', { name: 'Add "Night Shift"' }).isVisible()).toBe(true);
    // A click on empty space first: the list that was open closes, and the name stays.
    await page.getByRole('heading').first().click();
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(false);
    expect(await unit.inputValue()).toBe('Night Shift');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/all-prompts');
    await seen(page, 'Account created successfully!');
    expect(await storedUnit(email)).toBe('Night Shift');

    const second = 'click.submit@example.com';
    const again = await signUpAddingUnit({ width: 1366, height: 860 }, second);
    await again.page.keyboard.type('Day Shift');
    // Escape closes the list that covers the button (and keeps the name); the press that leaves the box submits the form.
    await again.page.keyboard.press('Escape');
    await again.page.getByRole('button', { name: 'Create Account' }).click();
    await again.page.waitForURL('**/all-prompts');
    expect(await storedUnit(second)).toBe('Day Shift');
  });

  it('keeps a new AI application typed on the prompt form when Tab moves on, and saves it', async () => {
    const page = await open(author, '/create-prompt');
    await page.getByLabel('Title').fill('Tabbed application');
    await page.getByLabel('Content').fill('Say hello.');
    await page.getByRole('combobox', { name: 'Tags' }).fill('greeting');
    const apps = page.getByRole('combobox', { name: 'AI Application Used' });
    await apps.fill('Le Chat');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByRole('button', { name: 'Remove AI application Le Chat' }).count()).toBe(1);
    await seen(page, 'AI model added successfully!');
    expect(await apps.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await seen(page, 'Prompt created successfully!');
    const mine = await apiCall<{ items: Array<{ title: string; aiModels: string[]; tags: string[] }> }>(
      suite.server.url,
      'GET',
      '/api/prompts/my',
      undefined,
      author.token,
    );
    expect(mine.items.find((p) => p.title === 'Tabbed application')).toMatchObject({ aiModels: ['Le Chat'], tags: ['greeting'] });
  });

  it('closes only the list on Escape inside the profile dialog', async () => {
    // An administrator picks their own unit; a member sees theirs read-only, since it decides which unit
    // prompts they see.
    const member = await open(author, '/all-prompts');
    await member.getByRole('button', { name: /User menu/ }).click();
    await member.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const memberDialog = member.getByRole('dialog', { name: 'Edit Profile' });
    await expect.poll(() => memberDialog.getByRole('textbox', { name: 'Business Unit' }).inputValue()).toBe('Marketing');
    expect(await memberDialog.getByRole('combobox', { name: 'Business Unit' }).count()).toBe(0);
    expect(await memberDialog.textContent()).toContain('Only an administrator can move you to another business unit.');
    await screenshot(member, 'profile-unit-read-only', false);

    const page = await open(admin, '/all-prompts');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    const unit = dialog.getByRole('combobox', { name: 'Business Unit' });
    await unit.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('shows the open list on the prompt form at desktop and phone widths (screenshots)', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 860 }],
      ['phone', { width: 375, height: 800 }],
    ] as const) {
      const page = await open(author, '/create-prompt', viewport);
      const apps = page.getByRole('combobox', { name: 'AI Application Used' });
      for (const app of ['Claude', 'ChatGPT', 'Microsoft Copilot']) {
        await apps.fill(app);
        await page.keyboard.press('Enter');
      }
      await page.keyboard.press('Escape');
      const tags = page.getByRole('combobox', { name: 'Tags' });
      await tags.fill('p');
      await page.keyboard.press('Enter');
      await tags.fill('p');
      await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
      await tags.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `combobox-prompt-form-${name}`, false);
      await page.close();
    }
  });

  it('shows a server field error under the field in the form-field dialog', async () => {
    const page = await open(admin, '/form-field-management');
    await page.getByRole('button', { name: 'Add Form Field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Form Field' });
    await dialog.getByLabel('Display Label').fill('x');
    await dialog.getByLabel('Display Label').fill('');
    await seen(page, 'Field label is required');
    await dialog.getByLabel('Display Label').fill('!!!');
    await seen(page, 'Field name is required');
    await dialog.getByLabel('Display Label').fill('Audience');
    await dialog.getByLabel('Field Type').selectOption('select');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Only the server knows a select needs options: its message lands on the Options box.
    await expect.poll(() => dialog.getByLabel('Options (one per line)').getAttribute('aria-invalid')).toBe('true');
    await seen(page, 'Add at least one option, one per line');
    await expectAccessible(page, 'form field dialog with a server error');
  });
});
