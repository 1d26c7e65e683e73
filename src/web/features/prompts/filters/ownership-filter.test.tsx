import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { MyPromptsPage } from '../components/my-prompts-page';
import { FilterProvider } from './filter-context';
import { PromptFilters } from './prompt-filters';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const EMPTY_COUNTS = {
  businessUnits: [],
  aiModels: [],
  tags: [],
  totals: { businessUnits: 0, aiModels: 0, tags: 0 },
};

/** An editor with no prompts of their own and none shared: every list and count is empty. */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/user')
        return json(200, { id: 'me', email: 'me@example.com', firstName: 'Me', lastName: 'Editor', businessUnit: 'Legal', role: 'edit' });
      if (pathname === '/api/prompts/my') return json(200, { items: [], total: 0, nextCursor: null });
      if (pathname === '/api/filter/counts') return json(200, EMPTY_COUNTS);
      return json(404, { message: 'Not found', code: 'not_found' });
    }),
  );
  /** The query parameter `name` of the calls to `path`, in order. */
  const param = (path: string, name: string) =>
    asked.filter((u) => u.startsWith(`${path}?`) || u === path).map((u) => new URL(u, 'http://localhost').searchParams.get(name));
  return { param };
}

function renderMyPrompts(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <FilterProvider>
          <PromptFilters />
          <MyPromptsPage />
        </FilterProvider>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

const ownershipParam = () => new URLSearchParams(window.location.search).get('ownership');

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => vi.unstubAllGlobals());

describe('My Prompts’ "All / I own / I co-own"', () => {
  it('is a labelled group of three, kept in the URL and sent with the list and the sidebar counts', async () => {
    const { param } = stubServer();
    const user = userEvent.setup();
    renderMyPrompts('/my-prompts?tags=sql');
    const group = screen.getByRole('group', { name: 'Show' });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(group).toHaveTextContent('AllI ownI co-own');
    // A filter is on: the empty list is about the filter, whichever ownership is chosen.
    expect(await screen.findByText('No prompts match your search.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'I co-own' }));
    expect(ownershipParam()).toBe('coOwned');
    // Other filters stay as they were.
    expect(new URLSearchParams(window.location.search).get('tags')).toBe('sql');
    await vi.waitFor(() => expect(param('/api/prompts/my', 'ownership').at(-1)).toBe('coOwned'));
    await vi.waitFor(() => expect(param('/api/filter/counts', 'ownership').at(-1)).toBe('coOwned'));
    expect(param('/api/filter/counts', 'scope').at(-1)).toBe('my');
  });

  it('says when nothing is shared as a co-owner, and moves with the arrow keys', async () => {
    const { param } = stubServer();
    const user = userEvent.setup();
    renderMyPrompts('/my-prompts?ownership=coOwned');
    expect(screen.getByRole('radio', { name: 'I co-own' })).toBeChecked();
    expect(await screen.findByText('No prompts are shared with you as a co-owner yet')).toBeVisible();
    expect(param('/api/prompts/my', 'ownership')[0]).toBe('coOwned');

    screen.getByRole('radio', { name: 'I co-own' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'I own' })).toBeChecked();
    expect(ownershipParam()).toBe('owned');
    await user.keyboard('{ArrowLeft}');
    expect(ownershipParam()).toBeNull();
  });

  it('ignores an unknown ownership in a hand-edited link', async () => {
    const { param } = stubServer();
    renderMyPrompts('/my-prompts?ownership=everyone');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    await vi.waitFor(() => expect(param('/api/prompts/my', 'ownership')).toEqual([null]));
  });
});
