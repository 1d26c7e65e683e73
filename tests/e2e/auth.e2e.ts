import { describe, expect, it } from 'vitest';
import { registerUser } from './support/api';
import { expectAccessible, screenshot } from './support/browser';
import { linksNamed, navigationShown } from './support/checks';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

async function open(viewport?: { width: number; height: number }) {
  return (await suite.open(viewport)).page;
}

describe('signing up, out and in', () => {
  it('goes from the landing page to /auth, creates the first account with a new unit, and lands on All Prompts', async () => {
    const page = await open();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'AI Prompts Database' }).isVisible()).toBe(true);
    await expectAccessible(page, 'landing');
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Sign In or Create Account' }).click();
    await page.waitForURL('**/auth');
    await expectAccessible(page, 'auth sign-in');
    await screenshot(page, 'auth-sign-in');

    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('analytical');
    const unit = page.getByRole('combobox', { name: 'Business Unit' });
    await unit.click();
    await page.getByRole('option', { name: 'Add new business unit...' }).click();
    await expect.poll(() => unit.getAttribute('placeholder')).toBe('New business unit name');
    await unit.fill('Research');
    await page.getByRole('option', { name: 'Add "Research"' }).click();
    await expect.poll(() => unit.inputValue()).toBe('Research');
    await expectAccessible(page, 'auth create account');
    await screenshot(page, 'auth-create-account');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/all-prompts');
    await expect.poll(() => page.getByText('Account created successfully!').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/first member, so your account is the administrator/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Admin', { exact: true }).first().isVisible()).toBe(true);
    // The admin pages sit in the closed Administration group of the sidebar.
    await expect.poll(() => page.getByRole('button', { name: 'Administration' }).isVisible()).toBe(true);
    await expectAccessible(page, 'signed-in shell');
    await screenshot(page, 'shell-admin');

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => page.url()).toBe(`${suite.server.url}/auth`);
    await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('signs in, shows validation messages, refuses a wrong password, and returns to the page asked for', async () => {
    const page = await open();
    await page.goto('/my-prompts');
    await page.waitForURL(/\/auth\?next=%2Fmy-prompts/);
    await page.getByLabel('Email').fill('not-an-email');
    await expect.poll(() => page.getByText('Please enter a valid email address').first().isVisible()).toBe(true);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Login Failed').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Invalid email or password').first().isVisible()).toBe(true);

    await page.getByLabel('Password', { exact: true }).fill('analytical');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/my-prompts');
    await expect.poll(() => page.getByText('Logged in successfully!').first().isVisible()).toBe(true);
  });

  it('a non-admin sees no Administration links and is sent away from admin routes', async () => {
    const editor = await registerUser(suite.server.url, { firstName: 'Eddie', businessUnit: 'research' });
    const page = await open();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password', { exact: true }).fill(editor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/all-prompts');
    await expect.poll(() => page.getByText('Editor', { exact: true }).first().isVisible()).toBe(true);
    // The sidebar is drawn, and its links are counted even inside the closed Administration group.
    await navigationShown(page);
    expect(await linksNamed(page, 'User Management')).toBe(0);
    await page.goto('/user-management');
    await page.waitForURL('**/all-prompts');
  });

  it('turns a revoked token into the logged-out toast and /auth', async () => {
    const user = await registerUser(suite.server.url);
    const page = await open();
    await page.goto('/auth');
    await page.evaluate((token) => localStorage.setItem('auth_token', token), user.token);
    await page.goto('/all-prompts');
    await expect.poll(() => page.getByRole('button', { name: /User menu/ }).isVisible()).toBe(true);
    // Revoke the session on the server, then make the page call the API again (a client-side
    // navigation loads My Prompts; no dialog whose own 401 could race the test's clicks).
    await fetch(`${suite.server.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    await page.getByRole('link', { name: 'My Prompts' }).click();
    await expect.poll(() => page.getByText('You are logged out. Logging in again...').first().isVisible()).toBe(true);
    await page.waitForURL('**/auth');
  });

  it('looks right on a 375 px wide phone', async () => {
    const page = await open({ width: 375, height: 780 });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('analytical');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Signing in goes to / and on to All Prompts; waiting for / alone raced that second step.
    await page.waitForURL('**/all-prompts');
    // On a phone the sign-in toast spans the top, over the header's menu button, until it closes. It can
    // appear a moment after the address changes: wait for it to show, then to go.
    await expect.poll(() => page.getByText('Logged in successfully!').count()).toBe(1);
    await expect.poll(() => page.getByText('Logged in successfully!').count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'My Prompts' }).isVisible()).toBe(true);
    await expectAccessible(page, 'mobile drawer');
    await screenshot(page, 'shell-mobile-drawer');
  });
});
