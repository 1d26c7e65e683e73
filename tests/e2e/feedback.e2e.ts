import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, setRoleAsAdmin, signInWithToken } from './support/api';
import { expectAccessible, screenshot } from './support/browser';
import { useBrowserSuite } from './support/suite';

// Feedback on a prompt's page: a read-only member says it worked and leaves a note, changes their mind,
// and the prompt's owner reads the note under Feedback.
const suite = useBrowserSuite();
let owner: SeededUser;
let reader: SeededUser;
let promptId: string;
const TITLE = 'Summarise a customer call';

beforeAll(async () => {
  const url = suite.server.url;
  const admin = await registerUser(url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Engineering' });
  owner = await registerUser(url, { firstName: 'Olga', lastName: 'Owner', businessUnit: 'Engineering' });
  reader = await registerUser(url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Sales' });
  await setRoleAsAdmin(url, admin, reader, 'read');
  const made = await apiCall<{ id: string }>(
    url,
    'POST',
    '/api/prompts',
    { title: TITLE, content: 'Summarise this call in five bullets.', aiModels: ['ChatGPT'], tags: ['sales'] },
    owner.token,
  );
  promptId = made.id;
});

describe('feedback on a prompt', () => {
  it('lets a reader vote and leave a note, change the vote, and shows the owner the note', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, reader.token, `/prompts/${promptId}`);
    const group = page.getByRole('group', { name: 'Did it work?' });
    const up = group.getByRole('button', { name: /^Worked well/ });
    const down = group.getByRole('button', { name: /^Didn’t work/ });
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('false');
    // A reader cannot edit the prompt, so there is no Feedback tab for them.
    expect(await page.getByRole('tab', { name: 'Feedback' }).count()).toBe(0);

    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => up.textContent()).toContain('1');
    await page.getByRole('button', { name: 'Add a note' }).click();
    const note = page.getByRole('textbox', { name: /A note for the people who maintain this prompt/ });
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
    await note.fill('Great on short calls; long ones lose the action items.');
    await expectAccessible(page, 'prompt page, writing a feedback note');
    await screenshot(page, 'feedback-note', false);
    await page.getByRole('button', { name: 'Save note' }).click();
    // The form closes and the focus goes back to the button that opened it.
    const edit = page.getByRole('button', { name: 'Edit your note' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // Changing one's mind moves the vote and keeps the note.
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => down.textContent()).toContain('1');
    await expect.poll(() => up.textContent()).toContain('0');
  });

  it('shows the owner the notes under Feedback, with who wrote them', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, owner.token, `/prompts/${promptId}`);
    await page.getByRole('tab', { name: 'Feedback' }).click();
    const section = page.getByRole('region', { name: 'Feedback' });
    await expect.poll(() => section.getByText('Great on short calls; long ones lose the action items.').isVisible()).toBe(true);
    expect(await section.getByText(/Rita Reader/).isVisible()).toBe(true);
    expect(await section.getByText('0 people said it worked well, 1 that it didn’t.').isVisible()).toBe(true);
    await expectAccessible(page, 'prompt page, feedback tab');
    await screenshot(page, 'feedback-tab', false);
  });

  it('asks "Did it work?" a little louder once the prompt was copied, until one votes', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, owner.token, `/prompts/${promptId}`);
    const asked = page.getByText('You used this prompt. Did it work?', { exact: false });
    await expect.poll(() => page.getByRole('group', { name: 'Did it work?' }).isVisible()).toBe(true);
    expect(await asked.count()).toBe(0);
    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await expect.poll(() => asked.count()).toBe(1);
    await screenshot(page, 'feedback-asked', false);
    await page
      .getByRole('group', { name: 'Did it work?' })
      .getByRole('button', { name: /^Worked well/ })
      .click();
    await expect.poll(() => asked.count()).toBe(0);
  });

  it('fits a phone', async () => {
    const { page } = await suite.open({ width: 375, height: 800 });
    await signInWithToken(page, reader.token, `/prompts/${promptId}`);
    const group = page.getByRole('group', { name: 'Did it work?' });
    await expect.poll(() => group.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'feedback-phone', false);
  });
});
