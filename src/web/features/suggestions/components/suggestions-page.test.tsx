import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { SuggestionsPage } from './suggestions-page';
import { PROMPT_ID, serveSuggestions, suggestion } from './suggestions-test-server';

const OLIVE: PublicUser = {
  id: '00000000-0000-4000-8000-0000000000c1',
  email: 'olive@example.com',
  firstName: 'Olive',
  lastName: 'Owner',
  businessUnit: 'Engineering',
  role: 'edit',
  curatorUnits: [],
  mustChangePassword: 'false',
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
};

function renderPage(user: PublicUser = OLIVE) {
  const qc = createQueryClient();
  qc.setQueryData(queryKeys.currentUser, user);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <SuggestionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');

afterEach(() => vi.unstubAllGlobals());

describe('the Suggestions page', () => {
  it('lists the open suggestions to decide, each linking to its prompt’s Suggestions tab', async () => {
    const sent = serveSuggestions([suggestion(1), suggestion(2, { status: 'declined' })]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Suggestions' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'To decide', selected: true })).toBeVisible();
    await screen.findByText('Message 1');
    const [row] = rows('Suggestions to decide');
    expect(within(row!).getByRole('link', { name: 'Report summary' })).toHaveAttribute('href', `/prompts/${PROMPT_ID}?tab=suggestions`);
    expect(row).toHaveTextContent('Rita Reader · May 4, 2026');
    expect(row).toHaveTextContent('Open');
    expect(rows('Suggestions to decide')).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: '/api/suggestions', query: { status: 'open', limit: '20' } });
  });

  it('shows the member’s own suggestions, every status, on Mine', async () => {
    const sent = serveSuggestions([suggestion(1, { status: 'accepted' }), suggestion(2, { status: 'declined' })]);
    const u = userEvent.setup();
    renderPage();
    await screen.findByText('Nothing to decide.');
    await u.click(screen.getByRole('tab', { name: 'Mine' }));
    await screen.findByText('Message 2');
    expect(rows('Your suggestions').map((r) => r.textContent)).toEqual([expect.stringContaining('Accepted'), expect.stringContaining('Declined')]);
    expect(sent.at(-1)).toMatchObject({ path: '/api/suggestions', query: { status: 'all', mine: 'true' } });
  });

  it('shows a member who decides nothing only their own, with its empty state', async () => {
    const sent = serveSuggestions([]);
    renderPage({ ...OLIVE, role: 'read' });
    expect(await screen.findByText('You have not suggested any edits.')).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(sent.map((s) => s.query.mine)).toEqual(['true']);
  });

  it('loads more with the next cursor', async () => {
    const sent = serveSuggestions(
      Array.from({ length: 3 }, (_, i) => suggestion(i + 1)),
      { pageSize: 2 },
    );
    const u = userEvent.setup();
    renderPage();
    await screen.findByText('Message 2');
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Message 3');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(sent.map((s) => s.query.cursor)).toEqual([undefined, '2']);
  });

  it('says when the list fails, with Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Something broke', code: 'internal' }), { status: 500 }))),
    );
    renderPage();
    expect(await screen.findByText('Error loading the suggestions to decide: Something broke')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
