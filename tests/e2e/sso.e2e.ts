import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../src/server/test/oidc-provider';
import { apiCall, registerUser } from './support/api';
import { expectAccessible, launchBrowser, newPage, screenshot, seen, type TestPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Single sign-on in a real browser against a real OpenID provider (oidc-provider on 127.0.0.1): the
 * button on /auth, the provider's own login page, and back into the app signed in.
 */
let provider: TestOidcProvider;
let browser: Browser;
let server: RunningServer;
let ssoOnly: RunningServer;
let current: TestPage | undefined;

/** The app's settings for the provider's test cast: roles from `groups`, units from `department`. */
function ssoEnv(clientId: string, extra: Record<string, string> = {}) {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: `${clientId}-secret`,
    OIDC_DISPLAY_NAME: 'Sign in with Contoso ID',
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ADMIN_VALUES: 'prompt-admins',
    OIDC_EDIT_VALUES: 'prompt-editors',
    OIDC_UNIT_CLAIM: 'department',
    ...extra,
  };
}

beforeAll(async () => {
  provider = await startOidcProvider();
  [server, ssoOnly, browser] = await Promise.all([startServer(ssoEnv('prompts')), startServer(ssoEnv('prompts-only', { OIDC_ONLY: 'true' })), launchBrowser()]);
  provider.addClient({ clientId: 'prompts', clientSecret: 'prompts-secret', redirectUri: `${server.url}/api/auth/oidc/callback` });
  provider.addClient({ clientId: 'prompts-only', clientSecret: 'prompts-only-secret', redirectUri: `${ssoOnly.url}/api/auth/oidc/callback` });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), ssoOnly?.stop()]);
  await provider?.stop();
});
afterEach(async () => {
  const errors = current?.errors ?? [];
  await current?.context.close();
  current = undefined;
  expect(errors).toEqual([]);
});

async function open(app: RunningServer = server, viewport?: { width: number; height: number }): Promise<Page> {
  current = await newPage(browser, app.url, viewport);
  // The provider's development login page imports a web font from the internet, which this machine
  // cannot reach: answer it with an empty style sheet rather than a failed load.
  await current.context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  return current.page;
}

/**
 * Alters one parameter of the authorization request on its way to the provider. The start URL is the
 * first request of its redirect chain, so it can be intercepted: its redirect is rewritten.
 */
async function tamperAuthorizationRequest(page: Page, param: string, value: string) {
  await page.route(`${server.url}/api/auth/oidc/start**`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers()['location']!);
    location.searchParams.set(param, value);
    await route.fulfill({ status: 302, headers: { location: location.toString() } });
  });
}

/** Fills the provider's development login page, which signs in whatever account id is typed. */
async function loginAtProvider(page: Page, login: string) {
  await page.waitForURL(`${provider.issuer}/interaction/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const whoAmI = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/user', { headers: { authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}` } });
    return (await res.json()) as { id: string; email: string; role: string; businessUnit: string; firstName: string };
  });

describe('single sign-on', () => {
  it('goes from the button to the provider’s login page and back signed in, with role and unit from the claims', async () => {
    const page = await open();
    await page.goto('/my-prompts');
    await page.waitForURL(/\/auth\?next=%2Fmy-prompts/);
    const button = page.getByRole('link', { name: 'Sign in with Contoso ID' });
    await expect.poll(() => button.isVisible()).toBe(true);
    // The password forms are still there, below the button.
    await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).isVisible()).toBe(true);
    await expectAccessible(page, 'auth with single sign-on');
    await screenshot(page, 'sso-auth-with-passwords');

    await button.click();
    await loginAtProvider(page, 'ada');
    await page.waitForURL(`${server.url}/my-prompts`);
    await seen(page, 'Account created successfully!');
    await seen(page, 'Admin');
    // It stays where the sign-in started (the signed-in routes must not send it on to All Prompts).
    await expect.poll(() => page.getByRole('heading', { name: 'My Prompts' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/my-prompts`);
    // The one-time code never stays in the address bar or the history entry.
    expect(page.url()).not.toContain('code=');
    expect(await whoAmI(page)).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', role: 'admin', businessUnit: 'Research' });
    await expectAccessible(page, 'signed in through single sign-on');
    await screenshot(page, 'sso-signed-in-admin');
  });

  it('links a second sign-in with the same verified email to the existing password account', async () => {
    const eve = await registerUser(server.url, { email: 'eve@example.com', firstName: 'Eve', businessUnit: 'Engineering' });
    const before = await apiCall<{ id: string }>(server.url, 'GET', '/api/user', undefined, eve.token);
    const page = await open();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await loginAtProvider(page, 'eve');
    await page.waitForURL(`${server.url}/all-prompts`);
    await seen(page, 'Logged in successfully!');
    expect(await whoAmI(page)).toMatchObject({ id: before.id, role: 'edit', businessUnit: 'Legal' });
  });

  it('asks a new person without a unit claim for a business unit, by keyboard', async () => {
    const page = await open();
    await page.goto('/auth?next=%2Ffavorites');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await loginAtProvider(page, 'nora');
    await page.waitForURL(`${server.url}/auth/sso?next=%2Ffavorites`);
    const heading = page.getByRole('heading', { name: 'One last step' });
    await expect.poll(() => heading.isVisible()).toBe(true);
    await seen(page, /finish creating the account for nora@example.com/);
    // The heading holds the focus, so the next Tab reaches the unit.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('One last step');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await seen(page, 'Business unit is required');
    await expectAccessible(page, 'sso unit choice');
    await screenshot(page, 'sso-unit-choice-required');

    const unit = page.getByRole('combobox', { name: 'Business Unit' });
    await unit.focus();
    await page.keyboard.type('Field Operations');
    await page.getByRole('option', { name: 'Add "Field Operations"' }).click();
    await expect.poll(() => unit.inputValue()).toBe('Field Operations');
    await screenshot(page, 'sso-unit-choice');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.url}/favorites`);
    await seen(page, 'Account created successfully!');
    await expect.poll(() => page.getByRole('heading', { name: 'Favorites' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/favorites`);
    expect(await whoAmI(page)).toMatchObject({ email: 'nora@example.com', role: 'edit', businessUnit: 'Field Operations' });
  });

  it('looks right on a 375 px wide phone', async () => {
    const page = await open(server, { width: 375, height: 780 });
    await page.goto('/auth?sso_error=email_unverified');
    await seen(page, 'Your email address is not verified at the identity provider');
    await expectAccessible(page, 'auth on a phone');
    await screenshot(page, 'sso-auth-375-error');
  });
});

describe('refused sign-ins', () => {
  it('refuses a callback whose state was tampered with, saying so', async () => {
    const page = await open();
    // The provider then returns a state this app never issued.
    await tamperAuthorizationRequest(page, 'state', 'forged-state');
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await loginAtProvider(page, 'ada');
    await page.waitForURL(`${server.url}/auth?sso_error=state`);
    const alert = page.getByRole('alert').filter({ hasText: 'Single sign-on did not sign you in' });
    await expect.poll(() => alert.textContent()).toContain('This sign-in link has expired or was already used. Please sign in again.');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await expectAccessible(page, 'sso state refused');
    await screenshot(page, 'sso-error-state');
  });

  it('refuses an ID token carrying another nonce than the one sent', async () => {
    const page = await open();
    // The provider's ID token then carries a nonce this sign-in never sent.
    await tamperAuthorizationRequest(page, 'nonce', 'a-nonce-this-sign-in-never-sent');
    await page.goto('/auth?next=%2Frecent');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await loginAtProvider(page, 'rita');
    await page.waitForURL(`${server.url}/auth?sso_error=nonce&next=%2Frecent`);
    await seen(page, 'The identity provider’s answer did not match this sign-in, so it was refused. Please sign in again.');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('shows why when the person cancels at the provider or the email is unverified', async () => {
    const page = await open();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL(`${server.url}/auth?sso_error=denied`);
    await seen(page, 'The identity provider did not sign you in (it was cancelled or refused).');

    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await loginAtProvider(page, 'uma');
    await page.waitForURL(`${server.url}/auth?sso_error=email_unverified`);
    await seen(page, 'Your email address is not verified at the identity provider, so it cannot be used to sign in here.');
  });

  it('explains a used or made-up sign-in link on the landing page', async () => {
    const page = await open();
    await page.goto('/auth/sso?code=made-up');
    await seen(page, 'Sign-in did not finish');
    await seen(page, 'This sign-in link has expired or was already used. Please sign in again.');
    expect(page.url()).toBe(`${server.url}/auth/sso`);
    await expectAccessible(page, 'sso code refused');
    await screenshot(page, 'sso-code-refused');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(`${server.url}/auth`);
  });

  it('refuses a sign-in link made in another browser, saying so', async () => {
    // Someone signs in at the provider in their own browser, keeps the one-time code instead of using
    // it (their page's exchange is held back here), and sends the link on: it must not sign the
    // receiver into the sender's account.
    const sender = await newPage(browser, server.url);
    let code = '';
    try {
      await sender.context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
      await sender.page.route(`${server.url}/api/auth/oidc/exchange`, async (route) => {
        code = (JSON.parse(route.request().postData() ?? '{}') as { code?: string }).code ?? '';
        await route.abort();
      });
      await sender.page.goto('/auth');
      await sender.page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
      await loginAtProvider(sender.page, 'eve');
      await expect.poll(() => code).toMatch(/^[\w-]{43}$/);
    } finally {
      await sender.context.close();
    }
    const page = await open();
    await page.goto(`/auth/sso?code=${code}`);
    await seen(page, 'Sign-in did not finish');
    await seen(page, 'This sign-in was started in another browser. Start again from the sign-in page.');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await expectAccessible(page, 'sso other browser');
    await screenshot(page, 'sso-browser-mismatch');
  });
});

describe('OIDC_ONLY', () => {
  it('shows only the single sign-on button, and signs in through it', async () => {
    const page = await open(ssoOnly);
    await page.goto('/auth');
    const button = page.getByRole('link', { name: 'Sign in with Contoso ID' });
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await seen(page, 'Sign in with your organization’s account.');
    await expectAccessible(page, 'sso only');
    await screenshot(page, 'sso-only');
    // The button is reachable by keyboard and opens with Enter.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in with Contoso ID');
    await page.keyboard.press('Enter');
    await loginAtProvider(page, 'rita');
    await page.waitForURL(`${ssoOnly.url}/all-prompts`);
    expect(await whoAmI(page)).toMatchObject({ email: 'rita@example.com', role: 'read', businessUnit: 'Sales' });
    // The user menu offers no password change: the server would refuse it.
    await page.getByRole('button', { name: /^User menu/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Edit Profile' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Change Password' }).count()).toBe(0);
    await screenshot(page, 'sso-only-user-menu', false);
  });

  it('refuses password sign-in on the server too, and fits a phone', async () => {
    const res = await fetch(`${ssoOnly.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rita@example.com', password: 'whatever it is' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'password_sign_in_disabled' });
    const page = await open(ssoOnly, { width: 375, height: 780 });
    await page.goto('/auth');
    await expect.poll(() => page.getByRole('link', { name: 'Sign in with Contoso ID' }).isVisible()).toBe(true);
    await screenshot(page, 'sso-only-375');
  });
});
