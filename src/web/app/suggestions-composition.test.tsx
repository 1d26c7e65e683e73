import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Prompt } from '../../shared/schemas/prompts';
import type { Suggestion } from '../../shared/schemas/suggestions';
import { PROMPT_ID, serveSuggestions, suggestion } from '../features/suggestions/components/suggestions-test-server';
import { createQueryClient } from '../lib/query-client';
import { useToasts } from '../lib/toast';
import { promptSlots } from './suggestions-composition';

function Toasts() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <output aria-label="Toasts">
      {toasts.map((t) => (
        <p key={t.id}>
          {t.title} {t.description}
        </p>
      ))}
    </output>
  );
}

function renderTab(canDecideSuggestions = true) {
  // A phone's width: the diff in one column, words removed and added inline.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
  const prompt = { id: PROMPT_ID, canDecideSuggestions } as Prompt;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        {promptSlots.suggestionsTab!(prompt)}
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const items = () => within(screen.getByRole('list', { name: 'Suggestions' })).getAllByRole('listitem', { name: /^Suggestion by/ });
const toasts = () => screen.getByRole('status', { name: 'Toasts', hidden: true });

afterEach(() => vi.unstubAllGlobals());

// The prompt page's Suggestions tab as the app composes it: the suggestions feature with the history's diff.
describe('the Suggestions tab', () => {
  it('shows each open suggestion with its author, message and the change against the current text', async () => {
    serveSuggestions([suggestion(1), suggestion(2, { baseVersion: 1, currentVersion: 3, changes: { title: 'Quarterly report summary' } })]);
    renderTab();
    await screen.findByText('Message 1');
    const [first, second] = items();
    expect(first).toHaveTextContent('Rita Reader · May 4, 2026');
    // The diff's code loads when the tab first shows one.
    expect(await within(first!).findByRole('region', { name: 'Changes to Content' })).toHaveTextContent(/in three short bullets/);
    expect(within(first!).getByRole('region', { name: 'Changes to Content' }).querySelector('ins')).toHaveTextContent(/in three short bullets/);
    expect(first).not.toHaveTextContent('Suggested against version');
    expect(second).toHaveTextContent('Suggested against version 1; the prompt is now at version 3. The differences below are against the current text.');
    expect(within(second!).getByRole('region', { name: 'Changes to Title' })).toBeVisible();
  });

  it('accepts a suggestion: the toast names the new version and the list asks again', async () => {
    const sent = serveSuggestions([suggestion(1)]);
    const u = userEvent.setup();
    renderTab();
    await u.click(await screen.findByRole('button', { name: 'Accept the suggestion by Rita Reader' }));
    expect(await within(toasts()).findByText(/Suggestion accepted — version 3/)).toBeVisible();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual([`/api/suggestions/${suggestion(1).id}/accept`]);
    // Accepted, it leaves the open ones; focus goes to the list's heading rather than the page's body.
    expect(await screen.findByText(/No open suggestions/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Suggested edits' })).toHaveFocus();
  });

  it('declines with a reply, which is required', async () => {
    const sent = serveSuggestions([suggestion(1)]);
    const u = userEvent.setup();
    renderTab();
    await u.click(await screen.findByRole('button', { name: 'Decline the suggestion by Rita Reader' }));
    const reply = screen.getByRole('textbox', { name: 'Reply' });
    expect(reply).toHaveFocus();
    await u.click(screen.getByRole('button', { name: 'Decline suggestion' }));
    expect(reply).toHaveAccessibleDescription(/Reply is required/);
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    await u.type(reply, 'We keep it short on purpose');
    await u.click(screen.getByRole('button', { name: 'Decline suggestion' }));
    expect(await within(toasts()).findByText(/Suggestion declined/)).toBeVisible();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ reply: 'We keep it short on purpose' }]);
  });

  it('Cancel puts the decline form away and the focus back on Decline', async () => {
    serveSuggestions([suggestion(1)]);
    const u = userEvent.setup();
    renderTab();
    await u.click(await screen.findByRole('button', { name: 'Decline the suggestion by Rita Reader' }));
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Decline the suggestion by Rita Reader' })).toHaveFocus());
  });

  it('shows every suggestion on All, open first, the decided ones with who decided and the reply', async () => {
    const by = { id: 'x', firstName: 'Olive', lastName: 'Owner' };
    const all: Suggestion[] = [
      suggestion(1, { status: 'declined', decidedBy: by, reply: 'Too long', canDecide: false }),
      suggestion(2, { status: 'accepted', decidedBy: by, acceptedVersion: 3, canDecide: false }),
      suggestion(3),
    ];
    const sent = serveSuggestions(all);
    const u = userEvent.setup();
    renderTab();
    await screen.findByText('Message 3');
    await u.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByText('Message 1');
    const messageOf = (li: HTMLElement) => /Message \d/.exec(li.textContent ?? '')?.[0];
    expect(items().map(messageOf)).toEqual(['Message 3', 'Message 1', 'Message 2']);
    expect(items()[1]).toHaveTextContent('Declined by Olive Owner: Too long');
    expect(items()[2]).toHaveTextContent('Accepted by Olive Owner · version 3');
    expect(within(items()[1]!).queryByRole('button')).toBeNull();
    expect(sent.filter((s) => s.method === 'GET').map((s) => s.query.status)).toEqual(['open', 'all']);
  });

  it('shows a member who does not decide their own suggestions, without buttons', async () => {
    serveSuggestions([suggestion(1, { canDecide: false })]);
    renderTab(false);
    expect(await screen.findByRole('heading', { name: 'Your suggested edits' })).toBeVisible();
    await screen.findByText('Message 1');
    expect(within(items()[0]!).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing to show, and offers Retry when the list fails', async () => {
    serveSuggestions([]);
    renderTab(false);
    expect(await screen.findByText(/You have not suggested an edit to this prompt/)).toBeVisible();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Something broke', code: 'internal' }), { status: 500 }))),
    );
    renderTab();
    expect(await screen.findByText('Something broke')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
