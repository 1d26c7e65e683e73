import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { twoFramesLater } from './support/checks';
import { useBrowserSuite } from './support/suite';

// The tests of this file share one database and run in order: the first one needs it to hold exactly one prompt.
const suite = useBrowserSuite();
let admin: SeededUser;
let author: SeededUser;

beforeAll(async () => {
  admin = await registerUser(suite.server.url, { firstName: 'Ada', lastName: 'Admin', businessUnit: 'Research' });
  author = await registerUser(suite.server.url, { firstName: 'Petra', lastName: 'Prompter', businessUnit: 'Marketing' });
});

async function open(user: SeededUser, path = '/all-prompts'): Promise<Page> {
  const { page } = await suite.open();
  await signInWithToken(page, user.token, path);
  return page;
}

interface PromptBody {
  title: string;
  content: string;
  aiModels: string[];
  tags: string[];
  notes?: string;
}
const createPrompt = (user: SeededUser, body: PromptBody) => apiCall<{ id: string }>(suite.server.url, 'POST', '/api/prompts', body, user.token);

/** Moves a member to another role through the admin API, as the user-management screen does. */
async function setRole(user: SeededUser, businessUnit: string, role: 'read' | 'edit' | 'admin'): Promise<void> {
  const users = await apiCall<Array<{ id: string; email: string }>>(suite.server.url, 'GET', '/api/admin/users', undefined, admin.token);
  const id = users.find((u) => u.email === user.email)!.id;
  const body = { email: user.email, firstName: user.firstName, lastName: user.lastName, businessUnit, role };
  await apiCall(suite.server.url, 'PUT', `/api/admin/users/${id}`, body, admin.token);
}

describe('the prompt library, further', () => {
  it('shows a library of exactly one prompt on both lists (screenshots)', async () => {
    await createPrompt(author, {
      title: 'Draft a product launch email',
      content: 'Write a friendly launch email for the product described below, in under 150 words, with one clear call to action.',
      aiModels: ['ChatGPT', 'Claude'],
      tags: ['Email', 'Launch', 'Marketing'],
    });
    const page = await open(author, '/my-prompts');
    await expect.poll(() => page.getByRole('button', { name: 'Draft a product launch email', exact: true }).isVisible()).toBe(true);
    await seen(page, /^1 prompt$/);
    await screenshot(page, 'my-prompts-1');

    await page.getByRole('link', { name: 'All Prompts' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'View Draft a product launch email' }).isVisible()).toBe(true);
    await seen(page, /^1 prompt$/);
    // The header row and the one prompt.
    expect(await page.getByRole('row').count()).toBe(2);
    await screenshot(page, 'all-prompts-1-only');
  });

  it('has no serious accessibility problems on the populated lists, the edit form and the view dialog', async () => {
    const ids: string[] = [];
    for (const [i, title] of ['Summarize a meeting transcript', 'Explain a SQL query plan', 'Rewrite for a ten-year-old'].entries()) {
      const p = await createPrompt(author, {
        title,
        content: `Prompt body ${i}: `.concat('Do the task carefully and list your assumptions. '.repeat(4)),
        aiModels: i % 2 ? ['Gemini'] : ['Claude', 'Microsoft Copilot'],
        tags: [`Axe${i}`, 'Accessibility'],
        notes: 'Works best with short inputs.',
      });
      ids.push(p.id);
    }
    const page = await open(author);
    await expect.poll(() => page.getByRole('button', { name: 'View Rewrite for a ten-year-old' }).isVisible()).toBe(true);
    await seen(page, /^4 prompts$/);
    await expectAccessible(page, 'all prompts table');

    await page.getByRole('button', { name: 'View Explain a SQL query plan' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Works best with short inputs.').first().isVisible()).toBe(true);
    await expectAccessible(page, 'view dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.goto('/my-prompts');
    await expect.poll(() => page.getByRole('link', { name: 'Edit Summarize a meeting transcript' }).isVisible()).toBe(true);
    await seen(page, /^4 prompts$/);
    await expectAccessible(page, 'my prompts cards');
    await screenshot(page, 'my-prompts-4');

    await page.goto(`/edit-prompt/${ids[1]}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Explain a SQL query plan');
    await expect.poll(() => page.getByRole('button', { name: 'Update Prompt' }).isVisible()).toBe(true);
    await expectAccessible(page, 'edit prompt form');
    await screenshot(page, 'edit-prompt');
  });

  it('shows the number of prompts beside each filter value', async () => {
    const lawyer = await registerUser(suite.server.url, { firstName: 'Lou', lastName: 'Lawyer', businessUnit: 'Legal' });
    await createPrompt(lawyer, { title: 'Review an NDA', content: 'List the risky clauses.', aiModels: ['Claude'], tags: ['Contracts', 'Privacy'] });
    await createPrompt(lawyer, { title: 'Compare two contracts', content: 'Show what changed.', aiModels: ['Claude'], tags: ['contracts'] });
    const page = await open(author);
    await expect.poll(() => page.getByRole('button', { name: 'View Review an NDA' }).isVisible()).toBe(true);
    const group = (name: string) => page.getByRole('group', { name });
    const label = (groupName: string, value: string) =>
      group(groupName)
        .getByRole('checkbox', { name: new RegExp(`^${value}\\b`) })
        .evaluate((el) => (el as HTMLButtonElement).labels?.[0]?.textContent ?? '');
    // Value and count sit side by side in the label and read as "Legal, 2 prompts".
    await expect.poll(() => label('Business Unit', 'Legal')).toBe('Legal, 2 prompts');
    await expect
      .poll(() =>
        group('Business Unit')
          .getByRole('checkbox', { name: /^Legal\s*,\s*2 prompts$/ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => label('Business Unit', 'Marketing')).toBe('Marketing, 4 prompts');
    await expect.poll(() => label('Tags', 'Contracts')).toBe('Contracts, 2 prompts');
    await expect.poll(() => label('Tags', 'Privacy')).toBe('Privacy, 1 prompt');
    await expect.poll(() => label('Tags', 'Accessibility')).toBe('Accessibility, 3 prompts');
    await expect.poll(() => label('AI Application Used', 'Claude')).toBe('Claude, 5 prompts');
    await screenshot(page, 'filter-counts', false);

    // The counts follow new prompts.
    await createPrompt(lawyer, { title: 'Draft a privacy notice', content: 'For a small web shop.', aiModels: ['Gemini'], tags: ['Privacy'] });
    await page.reload();
    await expect.poll(() => label('Tags', 'Privacy')).toBe('Privacy, 2 prompts');
    await expect.poll(() => label('Business Unit', 'Legal')).toBe('Legal, 3 prompts');
  });

  it('shows a member moved down to read no way to change prompts on My Prompts', async () => {
    const writer = await registerUser(suite.server.url, { firstName: 'Will', lastName: 'Writer', businessUnit: 'Marketing' });
    await createPrompt(writer, { title: 'Name a new feature', content: 'Suggest ten names.', aiModels: ['ChatGPT'], tags: ['Naming'] });
    const card = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Name a new feature', exact: true }) });

    // As an editor the card offers Edit and Delete, and the page a New Prompt link.
    const page = await open(writer, '/my-prompts');
    await expect.poll(() => card(page).getByRole('link', { name: 'Edit Name a new feature' }).isVisible()).toBe(true);
    expect(await card(page).getByRole('button', { name: 'Delete Name a new feature' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New Prompt' }).isVisible()).toBe(true);

    await setRole(writer, 'Marketing', 'read');
    await page.reload();
    await seen(page, 'Read Only');
    await expect.poll(() => card(page).isVisible()).toBe(true);
    await seen(page, /^1 prompt$/);
    expect(await page.getByRole('link', { name: 'New Prompt' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create Prompt' }).count()).toBe(0);
    expect(await card(page).getByRole('link').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByText('Delete', { exact: true }).count()).toBe(0);
    await screenshot(page, 'my-prompts-read-only');

    // The card still opens the prompt for reading.
    await card(page).getByRole('button', { name: 'Name a new feature', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Suggest ten names.').first().isVisible()).toBe(true);
  });

  it('shows a read member with no prompts the empty state without a create button', async () => {
    const reader = await registerUser(suite.server.url, { firstName: 'Rita', lastName: 'Reader', businessUnit: 'Engineering' });
    await setRole(reader, 'Engineering', 'read');
    const page = await open(reader, '/my-prompts');
    await seen(page, "You haven't created any prompts yet.");
    await seen(page, 'Read Only');
    expect(await page.getByRole('link', { name: 'Create your first prompt' }).count()).toBe(0);
    expect(await page.getByText('Create your first prompt').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New Prompt' }).count()).toBe(0);
    await expectAccessible(page, 'my prompts empty, read only');
    await screenshot(page, 'my-prompts-0-read-only');

    // An editor with no prompts does get the button (so the check above is not vacuous).
    const fresh = await registerUser(suite.server.url, { firstName: 'Nora', lastName: 'Newcomer' });
    await signInWithToken(page, fresh.token, '/my-prompts');
    await expect.poll(() => page.getByRole('link', { name: 'Create your first prompt' }).isVisible()).toBe(true);
  });

  it('adds a business unit from the prompt form, selecting an existing one in any case', async () => {
    // The author's own unit is Marketing, so the form starts on it; Research exists (the admin's unit).
    const page = await open(author, '/create-prompt');
    const form = page.locator('main form');
    const unit = form.getByRole('combobox', { name: /^Business Unit/ });
    await expect.poll(() => unit.inputValue()).toBe('Marketing');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/business-units') && r.method() === 'POST') posts.push(r.postData() ?? '');
    });

    // a. A new name is offered for creation, created and selected.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/business-units') && r.request().method() === 'POST');
    await unit.fill('Procurement');
    await page.getByRole('option', { name: 'Add "Procurement"' }).click();
    expect((await created).status()).toBe(201);
    await seen(page, 'Business unit added successfully!');
    await expect.poll(() => unit.inputValue()).toBe('Procurement');
    expect(await page.getByRole('listbox').isVisible()).toBe(false);

    // b. An existing name typed in another case is offered as the stored unit, never created again.
    await unit.fill('research');
    await expect.poll(() => page.getByRole('option', { name: 'Research', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('option', { name: /^Add / }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => unit.inputValue()).toBe('Research');
    expect(posts).toHaveLength(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'create-prompt-unit-exists');
    const units = await apiCall<Array<{ name: string }>>(suite.server.url, 'GET', '/api/business-units');
    expect(units.filter((u) => u.name.toLowerCase() === 'research').map((u) => u.name)).toEqual(['Research']);
    expect(units.map((u) => u.name)).toContain('Procurement');
  });

  it('selects a unit someone else added after the form loaded (the server answers 409)', async () => {
    const page = await open(author, '/create-prompt');
    const form = page.locator('main form');
    const unit = form.getByRole('combobox', { name: /^Business Unit/ });
    await expect.poll(() => unit.inputValue()).toBe('Marketing');
    await unit.fill('Procure');
    await expect.poll(() => page.getByRole('option', { name: 'Procurement', exact: true }).count()).toBe(1);
    // Meanwhile, someone else adds the unit: the form's list no longer knows every unit.
    await apiCall(suite.server.url, 'POST', '/api/business-units', { name: 'Compliance' }, admin.token);
    await unit.fill('COMPLIANCE');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/business-units') && r.request().method() === 'POST');
    await page.getByRole('option', { name: 'Add "COMPLIANCE"' }).click();
    expect((await answered).status()).toBe(409);
    await seen(page, 'Business unit already exists. Selected existing unit.');
    await expect.poll(() => unit.inputValue()).toBe('Compliance');
    await unit.fill('compliance');
    await expect.poll(() => page.getByRole('option', { name: 'Compliance', exact: true }).count()).toBe(1);
    expect(await page.getByRole('option', { name: /COMPLIANCE/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByText('Business unit name already exists').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'create-prompt-unit-409');
  });

  it('keeps what the member typed when the prompt being edited is fetched again in the background', async () => {
    const original: PromptBody = {
      title: 'Outline a quarterly review',
      content: 'Outline the agenda of a quarterly business review for the team described below.',
      aiModels: ['Claude'],
      tags: ['Planning'],
    };
    const { id } = await createPrompt(author, original);
    const page = await open(author);
    // The use recorded by Copy answers late, as on a busy server: held here until the member has typed,
    // its answer makes the app fetch the prompt again while its edit form is open.
    let releaseUse!: () => void;
    const useHeld = new Promise<void>((resolve) => (releaseUse = resolve));
    await page.route('**/api/prompts/*/uses', async (route) => {
      await useHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'View Outline a quarterly review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy prompt' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Edit Outline a quarterly review' }).click();
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe('Outline a quarterly review');
    const notes = page.getByLabel('Notes');
    expect(await notes.inputValue()).toBe('');
    await title.fill('Outline a half-year review');
    // Meanwhile someone else changes the prompt, so the refetch brings values the form does not hold.
    await apiCall(suite.server.url, 'PUT', `/api/prompts/${id}`, { ...original, notes: 'Changed by a colleague.' }, author.token);
    const refetched = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${id}`) && r.request().method() === 'GET');
    releaseUse();
    const answer = await refetched;
    expect((await answer.json()) as { notes: string }).toMatchObject({ notes: 'Changed by a colleague.' });
    // A touched form takes nothing from a refetch, so no field of it can show that the refetch arrived:
    // the signal is the answer fully received and the page's next frames drawn, by which time the query
    // cache has handed it to the form. Then neither the typing nor the untouched notes changed.
    await answer.finished();
    await twoFramesLater(page);
    expect(await title.inputValue()).toBe('Outline a half-year review');
    expect(await notes.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update Prompt' }).click();
    await page.waitForURL('**/all-prompts');
    await expect.poll(() => page.getByRole('button', { name: 'Outline a half-year review', exact: true }).isVisible()).toBe(true);
  });
});
