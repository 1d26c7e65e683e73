import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../shared/schemas/auth';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { CollectionsNav } from './collections-nav';
import { listCalls, manyCollections, pageOf, serveCollections } from './collections-test-server';

const ERIN: PublicUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: 'Editor',
  businessUnit: 'Engineering',
  role: 'edit',
  curatorUnits: [],
  mustChangePassword: 'false',
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
};

/** The sidebar's Collections as the app draws them, with the first page already in the cache. */
function renderNav(firstPage: CollectionList) {
  const qc = createQueryClient();
  qc.setQueryData(queryKeys.currentUser, ERIN);
  qc.setQueryData([queryKeys.collections[0], { limit: '200' }], firstPage);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CollectionsNav />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Collections' });
}

/** The sidebar's collection links, found without the role queries' cost over many rows. */
const links = (nav: HTMLElement) => Array.from(nav.querySelectorAll('li > a'), (a) => a.querySelector('[title]')?.textContent);

// jsdom has no IntersectionObserver: this one lets a test say when the list's end scrolls into view.
let inView: Array<() => void> = [];
beforeEach(() => {
  inView = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe() {
        inView.push(() => this.callback([{ isIntersecting: true }]));
      }
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the sidebar’s Collections', () => {
  it('shows six, then all of a short list with their count, and no search box', async () => {
    const u = userEvent.setup();
    const nav = renderNav(pageOf(manyCollections(8)));
    expect(links(nav)).toHaveLength(6);
    await u.click(within(nav).getByRole('button', { name: 'Show all 8' }));
    expect(links(nav)).toHaveLength(8);
    expect(within(nav).queryByRole('searchbox')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('claims no count past the first page, and reaches the rest page by page, by keyboard and by scrolling', async () => {
    const u = userEvent.setup();
    const all = manyCollections(50);
    const fetch = serveCollections(all, { pageSize: 20 });
    const nav = renderNav(pageOf(all, { limit: 20 }));
    // The first page holds 20 of an unknown number.
    const toggle = within(nav).getByRole('button', { name: 'Show all' });
    await u.click(toggle);
    const box = await within(nav).findByRole('searchbox', { name: 'Find a collection' });
    await vi.waitFor(() => expect(box).toHaveFocus());
    expect(links(nav)).toHaveLength(20);
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(box);

    // "Show more" from the keyboard: the focus goes to the first collection it brought.
    within(nav).getByRole('button', { name: 'Show more collections' }).focus();
    await u.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(nav).getByRole('link', { name: /^Collection 021/ })).toHaveFocus());
    expect(listCalls(fetch)).toContainEqual({ limit: '200', cursor: '20' });
    expect(links(nav)).toHaveLength(40);

    // Scrolled to the end, the list loads its last page by itself.
    act(() => inView.at(-1)?.());
    await vi.waitFor(() => expect(links(nav)).toHaveLength(50));
    expect(within(nav).queryByRole('button', { name: 'Show more collections' })).toBeNull();
  });

  it('finds any collection by name on the server, and says when none matches', async () => {
    const u = userEvent.setup();
    const all = manyCollections(250);
    const fetch = serveCollections(all, { pageSize: 20 });
    const nav = renderNav(pageOf(all, { limit: 20 }));
    await u.click(within(nav).getByRole('button', { name: 'Show all' }));
    const box = await within(nav).findByRole('searchbox', { name: 'Find a collection' });
    await u.type(box, '250');
    await vi.waitFor(() => expect(links(nav)).toEqual(['Collection 250']));
    expect(listCalls(fetch)).toContainEqual({ limit: '200', search: '250' });
    expect(within(nav).getByRole('link', { name: 'Collection 250, 0 prompts' })).toHaveAttribute('href', `/collections/${all[249]!.id}`);

    await u.clear(box);
    await u.type(box, 'Budget');
    expect(await within(nav).findByText('No collection matches “Budget”.')).toHaveAttribute('role', 'status');
    expect(links(nav)).toHaveLength(0);
  });
});
