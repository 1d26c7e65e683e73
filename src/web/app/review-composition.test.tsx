import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../shared/schemas/auth';
import type { ReviewItem } from '../../shared/schemas/status';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { useToasts } from '../lib/toast';
import { ReviewRoute } from './review-composition';

const CORA: PublicUser = {
  id: '00000000-0000-4000-8000-0000000000c0',
  email: 'cora@example.com',
  firstName: 'Cora',
  lastName: 'Curator',
  businessUnit: 'Engineering',
  role: 'edit',
  curatorUnits: ['Engineering'],
  mustChangePassword: 'false',
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
};

const item = (i: number, over: Partial<ReviewItem> = {}): ReviewItem => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Prompt ${i}`,
  userBusinessUnit: 'Engineering',
  user: { firstName: 'Olive', lastName: 'Owner' },
  verifiedBy: { id: CORA.id, firstName: 'Cora', lastName: 'Curator' },
  verifiedAt: '2026-01-05T12:00:00.000Z',
  reviewBy: '2026-07-04T12:00:00.000Z',
  ...over,
});

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * `fetch` answering GET /api/review from `queue` (pages of `pageSize`, the cursor being the next index)
 * and PUT /api/prompts/{id}/status by taking the prompt out of it, as the server's queue would; every
 * other read (the prompt views a status change refreshes) answers an empty body.
 */
function serveQueue(queue: ReviewItem[], { pageSize = 50, refuse = false }: { pageSize?: number; refuse?: boolean } = {}) {
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (init.method === 'GET' && u.pathname === '/api/review') {
      const from = Number(u.searchParams.get('cursor') || 0);
      const next = from + pageSize < queue.length ? String(from + pageSize) : null;
      return Promise.resolve(json(200, { items: queue.slice(from, from + pageSize), nextCursor: next }));
    }
    const status = /^\/api\/prompts\/([^/]+)\/status$/.exec(u.pathname);
    if (init.method === 'PUT' && status) {
      if (refuse) return Promise.resolve(json(403, { message: "Only a curator of the prompt's business unit can verify it", code: 'forbidden' }));
      const index = queue.findIndex((q) => q.id === status[1]);
      const [done] = queue.splice(index, 1);
      return Promise.resolve(json(200, { id: done!.id, title: done!.title, reviewBy: '2027-01-01T12:00:00.000Z' }));
    }
    return Promise.resolve(json(200, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Toasts() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <output aria-label="Toasts">
      {toasts.map((t) => (
        <p key={t.id}>
          {t.title}: {t.description}
        </p>
      ))}
    </output>
  );
}

function renderPage(user: PublicUser = CORA) {
  const qc = createQueryClient();
  qc.setQueryData(queryKeys.currentUser, user);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ReviewRoute />
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Prompts due for review' })).getAllByRole('listitem');

afterEach(() => vi.unstubAllGlobals());

// The page as the route draws it: the review feature with the prompts feature's status call.
describe('the review queue page', () => {
  it('lists each prompt with its owner, unit, verification and review date, the title linking to the prompt', async () => {
    serveQueue([item(1), item(2, { verifiedBy: null, user: { firstName: 'Ann', lastName: 'Other' }, userBusinessUnit: 'Legal' })]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    expect(screen.getByText('Verified prompts whose review date has passed. Verify them again or deprecate them.')).toBeVisible();
    await screen.findByRole('link', { name: 'Prompt 1' });
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'Prompt 1' })).toHaveAttribute('href', `/prompts/${item(1).id}`);
    expect(first).toHaveTextContent('Olive Owner · Engineering');
    expect(first).toHaveTextContent('Verified by Cora Curator on Jan 5, 2026 · Review was due Jul 4, 2026');
    // A verifier whose account is gone is left out rather than shown as "null".
    expect(second).toHaveTextContent('Ann Other · Legal');
    expect(second).toHaveTextContent('Verified on Jan 5, 2026 · Review was due');
    expect(within(second!).getByRole('button', { name: 'Verify again “Prompt 2”' })).toBeVisible();
    expect(within(second!).getByRole('button', { name: 'Deprecate “Prompt 2”' })).toBeVisible();
  });

  it('verifies a prompt again: the row leaves, a toast says so, and focus goes to the next row', async () => {
    const u = userEvent.setup();
    const fetch = serveQueue([item(1), item(2)]);
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Verify again “Prompt 1”' }));
    expect(await screen.findByText(/Verified again: “Prompt 1” left the queue\. Its next review is due Jan 1, 2027\./)).toBeVisible();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Verify again “Prompt 2”' })).toHaveFocus();
    const put = fetch.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe(`/api/prompts/${item(1).id}/status`);
    expect(JSON.parse(String(put?.[1].body))).toEqual({ status: 'verified' });
  });

  it('deprecates the last prompt: the empty state shows and focus goes to the heading', async () => {
    const u = userEvent.setup();
    const fetch = serveQueue([item(1)]);
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Deprecate “Prompt 1”' }));
    expect(await screen.findByText('Nothing to review.')).toBeVisible();
    expect(screen.getByText('Prompts appear here when their verification runs out.')).toBeVisible();
    expect(screen.getByText(/Prompt deprecated: “Prompt 1” left the queue/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Review queue' })).toHaveFocus();
    const put = fetch.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(JSON.parse(String(put?.[1].body))).toEqual({ status: 'deprecated' });
  });

  it('says why when a change is refused, and keeps the row', async () => {
    const u = userEvent.setup();
    serveQueue([item(1)], { refuse: true });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Verify again “Prompt 1”' }));
    expect(await screen.findByText("Error: Only a curator of the prompt's business unit can verify it")).toBeVisible();
    expect(rows()).toHaveLength(1);
  });

  it('loads more with the next cursor', async () => {
    const u = userEvent.setup();
    const fetch = serveQueue(
      Array.from({ length: 3 }, (_, i) => item(i + 1)),
      { pageSize: 2 },
    );
    renderPage();
    await screen.findByRole('link', { name: 'Prompt 2' });
    expect(rows()).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Prompt 3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const reads = fetch.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((url) => url.pathname === '/api/review');
    expect(reads.map((url) => url.searchParams.get('cursor'))).toEqual([null, '2']);
  });

  it('shows the empty state, and the failure with Retry', async () => {
    serveQueue([]);
    renderPage();
    expect(await screen.findByText('Nothing to review.')).toBeVisible();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(500, { message: 'Something broke', code: 'internal' }))),
    );
    renderPage({ ...CORA, id: 'other' });
    expect(await screen.findByText('Error loading the review queue: Something broke')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('tells a member who curates nothing why, without asking the server', () => {
    const fetch = serveQueue([item(1)]);
    renderPage({ ...CORA, curatorUnits: [] });
    expect(screen.getByText('You do not curate any business unit')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
