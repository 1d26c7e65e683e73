import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Co-owners and ownership, through the screens: the owner shares a private prompt with a colleague from
// the prompt page, the colleague finds it under My Prompts → "I co-own" and edits it, a read member sees
// the owners but cannot change them, and the owner gives the prompt away.
const suite = useBrowserSuite();
let admin: SeededUser;
let owner: SeededUser;
let colleague: SeededUser;
let successor: SeededUser;
let reader: SeededUser;
let promptPath = '';

const TITLE = 'Quarterly board memo';
const ownersLine = (page: Page) => page.getByRole('region', { name: 'Owners' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Manage owners' });

beforeAll(async () => {
  const url = suite.server.url;
  admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  owner = await registerUser(url, { firstName: 'Olive', lastName: 'Owner', businessUnit: 'Legal' });
  colleague = await registerUser(url, { firstName: 'Cody', lastName: 'Colleague', businessUnit: 'Sales' });
  successor = await registerUser(url, { firstName: 'Nora', lastName: 'Nextowner', businessUnit: 'Research and Development' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Legal' });
  await setRoleAsAdmin(url, admin, reader, 'read');
  const created = await apiCall<{ id: string }>(
    url,
    'POST',
    '/api/prompts',
    { title: TITLE, content: 'Summarise the quarter for the board.', aiModels: ['ChatGPT'], tags: ['board'], visibility: 'private' },
    owner.token,
  );
  promptPath = `/prompts/${created.id}`;
  // A second prompt, shared with everyone, that the reader may open.
  await apiCall(url, 'POST', '/api/prompts', { title: 'Open style guide', content: 'Plain words.', aiModels: ['ChatGPT'], tags: ['style'] }, owner.token);
});

describe('co-owners and ownership', () => {
  it('lets the owner add a co-owner from the prompt page, by keyboard', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, owner.token, promptPath);
    await expect.poll(() => ownersLine(page).getByText('Owned by Olive Owner').isVisible()).toBe(true);
    await screenshot(page, 'owners-prompt-page-line', false);
    await ownersLine(page).getByRole('button', { name: 'Manage owners' }).click();
    const box = dialog(page).getByRole('combobox', { name: 'Add co-owner' });
    // The dialog opens on the search, where one types.
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('cody');
    const option = page.getByRole('option', { name: /Cody Colleague/ });
    await expect.poll(() => option.isVisible()).toBe(true);
    expect(await option.textContent()).toContain(`${colleague.email} · Sales`);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('button', { name: 'Remove Cody Colleague' }).isVisible()).toBe(true);
    // The list open on another search, as a person would see it while adding a second co-owner.
    await box.fill('n');
    await expect.poll(() => page.getByRole('option', { name: /Nora Nextowner/ }).isVisible()).toBe(true);
    await expectAccessible(page, 'the owners dialog with its search open');
    await screenshot(page, 'owners-dialog-1366', false);
    await page.keyboard.press('Escape');
    await box.fill('');
    // Escape closed only the list: the dialog is still there.
    expect(await dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Co-owners saved');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => ownersLine(page).getByText('co-owned with Cody Colleague').isVisible()).toBe(true);
    // The focus returns to the button that opened the dialog.
    await expect
      .poll(() =>
        ownersLine(page)
          .getByRole('button', { name: 'Manage owners' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });

  it('lets the co-owner see the private prompt, edit it, and find it under My Prompts → "I co-own"', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, colleague.token, '/my-prompts');
    const show = page.getByRole('group', { name: 'Show' });
    await show.getByText('I co-own').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ownership')).toBe('coOwned');
    await seen(page, TITLE);
    await seen(page, /^1 prompt$/);
    await expectAccessible(page, 'My Prompts, I co-own');
    await screenshot(page, 'owners-my-prompts-co-owned', false);
    await show.getByText('I own').click();
    await seen(page, "You haven't created any prompts yet.");
    await screenshot(page, 'owners-my-prompts-owned-empty', false);

    await page.goto(promptPath);
    await expect.poll(() => page.getByRole('heading', { name: TITLE }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit-prompt\//);
    await page.getByRole('textbox', { name: 'Content' }).fill('Summarise the quarter for the board, in five bullets.');
    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/edit-prompt/'));
    await page.goto(promptPath);
    await seen(page, 'in five bullets');
    // A co-owner may change the co-owners, not give the prompt away.
    await ownersLine(page).getByRole('button', { name: 'Manage owners' }).click();
    await expect.poll(() => dialog(page).getByRole('combobox', { name: 'Add co-owner' }).isVisible()).toBe(true);
    expect(await dialog(page).getByRole('combobox', { name: 'New owner' }).count()).toBe(0);
  });

  it('shows a read member the owners and no button', async () => {
    const { page } = await suite.open();
    await signInWithToken(page, reader.token, '/all-prompts');
    await page.getByRole('button', { name: 'Open style guide', exact: true }).first().waitFor();
    const prompts = await apiCall<{ items: Array<{ id: string; title: string }> }>(
      suite.server.url,
      'GET',
      '/api/prompts?search=style',
      undefined,
      reader.token,
    );
    await page.goto(`/prompts/${prompts.items.find((p) => p.title === 'Open style guide')!.id}`);
    await expect.poll(() => ownersLine(page).getByText('Owned by Olive Owner').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Manage owners' }).count()).toBe(0);
  });

  it('lets the owner transfer the prompt, after a confirmation, staying a co-owner', async () => {
    const { page } = await suite.open({ width: 390, height: 844 });
    await signInWithToken(page, owner.token, promptPath);
    await ownersLine(page).getByRole('button', { name: 'Manage owners' }).click();
    await dialog(page).getByRole('combobox', { name: 'New owner' }).fill('nora');
    await page.getByRole('option', { name: /Nora Nextowner/ }).click();
    const keep = dialog(page).getByRole('checkbox', { name: 'Keep me as a co-owner' });
    expect(await keep.getAttribute('aria-checked')).toBe('true');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the owners dialog with a new owner chosen');
    await screenshot(page, 'owners-dialog-390', false);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Transfer ownership?' });
    await expect.poll(() => confirm.getByText(`“${TITLE}” will belong to Nora Nextowner.`, { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'owners-transfer-confirm-390', false);
    await confirm.getByRole('button', { name: 'Transfer ownership' }).click();
    await seen(page, 'Ownership transferred to Nora Nextowner');
    await expect.poll(() => ownersLine(page).getByText('Owned by Nora Nextowner').isVisible()).toBe(true);
    await expect.poll(() => ownersLine(page).getByText('co-owned with Cody Colleague and Olive Owner').isVisible()).toBe(true);

    // The new owner finds it among their own; the old one among those they co-own.
    const owned = await apiCall<{ items: Array<{ title: string }> }>(suite.server.url, 'GET', '/api/prompts/my?ownership=owned', undefined, successor.token);
    expect(owned.items.map((p) => p.title)).toEqual([TITLE]);
    await page.goto('/my-prompts?ownership=coOwned');
    await seen(page, TITLE);
  });
});
