import { describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** A member with two API tokens, one of them used once (so its last use has a date). */
async function memberWithTwoTokens(): Promise<SeededUser & { tokens: string[] }> {
  const member = await registerUser(suite.server.url, { firstName: 'Tara', lastName: 'Tokens' });
  const make = (name: string) =>
    apiCall<{ token: string }>(suite.server.url, 'POST', '/api/tokens', { name, scopes: ['prompts:read'], expiresInDays: 90 }, member.token);
  const sync = await make('Nightly sync to the wiki');
  const plugin = await make('Editor plugin');
  await apiCall(suite.server.url, 'GET', '/api/prompts', undefined, sync.token);
  return { ...member, tokens: [sync.token, plugin.token] };
}

async function openChangePassword(page: import('playwright-core').Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Also revoke my API tokens' }).isVisible()).toBe(true);
}

describe('changing one’s password with API tokens', () => {
  it('lists the tokens, offers to revoke them (checked), and revokes them with the change', async () => {
    const member = await memberWithTwoTokens();
    const { page } = await suite.open();
    await signInWithToken(page, member.token);
    await openChangePassword(page);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    expect(await dialog.getByRole('checkbox', { name: 'Also revoke my API tokens' }).getAttribute('aria-checked')).toBe('true');
    const tokens = dialog.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem');
    expect(await tokens.count()).toBe(2);
    expect(await tokens.nth(0).innerText()).toContain('Editor plugin');
    expect(await tokens.nth(0).innerText()).toContain('Never used');
    expect(await tokens.nth(1).innerText()).toMatch(/Nightly sync to the wiki[\s\S]*apd_[\s\S]*Last used /);
    await expectAccessible(page, 'change password with tokens');
    await screenshot(page, 'change-password-tokens', false);

    await dialog.getByLabel('Current Password').fill(member.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('a fresh and long secret 42');
    await dialog.getByLabel('Confirm New Password').fill('a fresh and long secret 42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await seen(page, 'Your 2 API tokens were revoked.');
    for (const token of member.tokens) {
      const res = await fetch(`${suite.server.url}/api/prompts`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
  });

  it('fits a 375 px wide phone, and keeps the tokens when unchecked', async () => {
    const member = await memberWithTwoTokens();
    const { page } = await suite.open({ width: 375, height: 780 });
    await signInWithToken(page, member.token);
    await openChangePassword(page);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, 'change-password-tokens-mobile', false);

    await dialog.getByRole('checkbox', { name: 'Also revoke my API tokens' }).click();
    await seen(page, 'Your 2 API tokens keep working.');
    await dialog.getByLabel('Current Password').fill(member.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('a fresh and long secret 42');
    await dialog.getByLabel('Confirm New Password').fill('a fresh and long secret 42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await seen(page, 'Password changed successfully!');
    const res = await fetch(`${suite.server.url}/api/prompts`, { headers: { authorization: `Bearer ${member.tokens[0]}` } });
    expect(res.status).toBe(200);
  });
});
