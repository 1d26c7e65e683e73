import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
let admin: SeededUser;
let author: SeededUser;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  author = await registerUser(suite.server.url, { firstName: 'Petra', lastName: 'Prompter', businessUnit: 'Marketing' });
});

async function open(user: SeededUser, path = '/all-prompts', viewport?: { width: number; height: number }) {
  const { page } = await suite.open(viewport);
  await signInWithToken(page, user.token, path);
  return page;
}

describe('the prompt library', () => {
  it('shows the empty states with no prompts', async () => {
    const page = await open(author);
    await expect.poll(() => page.getByText('No prompts yet').first().isVisible()).toBe(true);
    await screenshot(page, 'all-prompts-0');
    await page.getByRole('link', { name: 'My Prompts' }).click();
    await expect.poll(() => page.getByText("You haven't created any prompts yet.").first().isVisible()).toBe(true);
    await expectAccessible(page, 'my prompts empty');
    await screenshot(page, 'my-prompts-0');
  });

  it('creates, finds, filters, views, copies, edits and deletes a prompt', async () => {
    const page = await open(author, '/create-prompt');
    await page.getByLabel('Title').fill('Summarize customer interviews');
    await page.getByLabel('Content').fill('Summarize the following interview transcript into five bullet points.');
    const apps = page.getByRole('combobox', { name: 'AI Application Used' });
    await apps.fill('claude');
    await page.getByRole('option', { name: 'Claude', exact: true }).click();
    await apps.fill('Internal LLM');
    await page.getByRole('option', { name: 'Add "Internal LLM"' }).click();
    await expect.poll(() => page.getByText('AI model added successfully!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Remove AI application Internal LLM' }).count()).toBe(1);
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('Research');
    await page.keyboard.press('Enter');
    await tags.fill('research');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: /^Remove tag / }).count()).toBe(1);
    await expectAccessible(page, 'create prompt');
    await screenshot(page, 'create-prompt');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    // A new prompt opens on its own page; the list is a click away.
    await page.waitForURL(/\/prompts\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Summarize customer interviews' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Prompt created successfully!').first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'All Prompts', exact: true }).first().click();
    await page.waitForURL('**/all-prompts');
    await expect.poll(() => page.getByRole('button', { name: 'Summarize customer interviews', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1 prompt', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'all-prompts-1');

    await page.getByLabel('Search prompts').fill('summar');
    await expect.poll(() => page.locator('mark.search-hit').first().isVisible()).toBe(true);
    await page.getByLabel('Search prompts').fill('zzznothing');
    await expect.poll(() => page.getByText('No prompts found.').first().isVisible()).toBe(true);
    await page.getByLabel('Search prompts').fill('');

    await page
      .getByRole('checkbox', { name: /^Research/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Summarize customer interviews', exact: true }).isVisible()).toBe(true);
    await page
      .getByRole('group', { name: 'AI Application Used' })
      .getByRole('checkbox', { name: /^Internal LLM/ })
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Summarize customer interviews', exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search prompts').fill('nomatchatall');
    await expect.poll(() => page.getByText('No prompts found.').first().isVisible()).toBe(true);
    await page.getByLabel('Search prompts').fill('');
    await page.getByRole('button', { name: /Clear filters/ }).click();

    await page.getByRole('button', { name: 'View Summarize customer interviews' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Petra Prompter').first().isVisible()).toBe(true);
    await expectAccessible(page, 'view dialog');
    await screenshot(page, 'view-dialog');
    await dialog.getByRole('button', { name: 'Copy prompt' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('five bullet points');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Edit Summarize customer interviews' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Summarize customer interviews');
    await page.getByLabel('Title').fill('Summarize user interviews');
    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await expect.poll(() => page.getByText('Prompt updated successfully!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Summarize user interviews', exact: true }).isVisible()).toBe(true);

    // No question: the prompt goes to the trash, and the toast offers Undo.
    const asked: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => asked.push(d.message())));
    await page.getByRole('button', { name: 'Delete Summarize user interviews' }).click();
    await expect.poll(() => page.getByText('Prompt deleted successfully!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('“Summarize user interviews” is in the trash.').first().isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(asked).toEqual([]);
    await expect.poll(() => page.getByText('No prompts yet').first().isVisible()).toBe(true);
  });

  it('shows the form validation messages and the duplicate-title message', async () => {
    await apiCall(suite.server.url, 'POST', '/api/prompts', { title: 'Taken title', content: 'x', aiModels: ['Claude'], tags: ['A'] }, author.token);
    const page = await open(author, '/create-prompt');
    await page.getByLabel('Title').fill('x');
    await page.getByLabel('Title').fill('');
    await expect.poll(() => page.getByText('Title is required').first().isVisible()).toBe(true);
    await page.getByLabel('Title').fill('taken TITLE');
    await page.getByLabel('Content').fill('Body');
    await page.getByRole('combobox', { name: 'AI Application Used' }).fill('Claude');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Tags' }).fill('B');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Prompt' }).click();
    await expect.poll(() => page.getByText('A prompt with this title already exists', { exact: true }).first().isVisible()).toBe(true);
    // Cancel with unsaved changes asks first.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/my-prompts');
  });

  it('scrolls through 500 prompts and opens one by its shareable link', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) {
      const p = await apiCall<{ id: string }>(
        suite.server.url,
        'POST',
        '/api/prompts',
        {
          title: `Bulk prompt number ${i} with a rather long title to test truncation in the table`,
          content: `Content ${i} `.repeat(30),
          aiModels: ['ChatGPT', 'Claude', 'Gemini'],
          tags: [`Tag${i % 12}`, 'Bulk', 'Another'],
        },
        i % 2 ? author.token : admin.token,
      );
      ids.push(p.id);
    }
    const page = await open(author);
    await expect
      .poll(() =>
        page
          .getByText(/^50[01] prompts/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    // Only the rows in view are in the page.
    expect(await page.getByRole('row').count()).toBeLessThan(60);
    await screenshot(page, 'all-prompts-500', false);
    // Scrolling to the end loads page after page until the oldest prompt appears.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5000);
          return page.getByRole('button', { name: /^Bulk prompt number 0 / }).isVisible();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    await screenshot(page, 'all-prompts-500-end');
    // Admin's prompts show no edit or delete to another editor.
    expect(await page.getByRole('button', { name: /^Delete Bulk prompt number 0 / }).count()).toBe(0);

    // Two filter lists at once (read through prompt_filter_keys and its pairs): Tag3 holds every 12th
    // prompt, 42 of 500, and each of them lists Claude. Newest first: number 495 was created last.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .getByRole('group', { name: 'Tags' })
      .getByRole('checkbox', { name: /^Tag3\b/ })
      .click();
    await page
      .getByRole('group', { name: 'AI Application Used' })
      .getByRole('checkbox', { name: /^Claude/ })
      .click();
    await expect.poll(() => page.getByText('42 prompts', { exact: true }).first().isVisible()).toBe(true);
    // Cell 0 holds the selection box (the author may change prompts); the title is cell 1.
    await expect.poll(() => page.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toMatch(/^Bulk prompt number 495 /);
    await screenshot(page, 'all-prompts-500-filtered', false);
    await page.getByRole('button', { name: /Clear filters/ }).click();

    // Sorting by employee: Ada Admin's prompts come first A→Z, Petra Prompter's first Z→A.
    await page.evaluate(() => window.scrollTo(0, 0));
    const employeeHeader = page.getByRole('columnheader', { name: 'Employee' });
    await employeeHeader.getByRole('button').click();
    await expect.poll(() => employeeHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => page.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()).toBe('Ada Admin');
    await employeeHeader.getByRole('button').click();
    await expect.poll(() => employeeHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => page.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()).toBe('Petra Prompter');
    await screenshot(page, 'all-prompts-500-by-employee', false);

    await page.goto(`/prompts/${ids[3]}`);
    await expect.poll(() => page.getByRole('heading', { name: /Bulk prompt number 3 / }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.server.url}/prompts/${ids[3]}`);
    await expectAccessible(page, 'prompt page');
    await screenshot(page, 'prompt-page');
    await page.goto('/my-prompts');
    await expect
      .poll(() =>
        page
          .getByText(/^25[01] prompts/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'my-prompts-500');
    await page.getByLabel('Search my prompts').fill('nothingmatchesthis');
    await expect.poll(() => page.getByText('No prompts match your search.').first().isVisible()).toBe(true);
    await screenshot(page, 'my-prompts-no-match');
  });

  it('sends a signed-out visitor of a prompt link through sign-in and back', async () => {
    const p = await apiCall<{ id: string }>(
      suite.server.url,
      'POST',
      '/api/prompts',
      { title: 'Linked prompt', content: 'x', aiModels: ['Claude'], tags: ['A'] },
      author.token,
    );
    const { page } = await suite.open();
    await page.goto(`/prompts/${p.id}`);
    await page.waitForURL(/\/auth\?next=/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/prompts/${p.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Linked prompt' }).isVisible()).toBe(true);
  });

  it('looks right on a phone', async () => {
    const page = await open(author, '/my-prompts', { width: 375, height: 800 });
    await expect
      .poll(() =>
        page
          .getByText(/^[\d,]+\+? prompts?$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'my-prompts-mobile');
    await page.goto('/all-prompts');
    await screenshot(page, 'all-prompts-mobile');
  });
});
