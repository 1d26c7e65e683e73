import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../shared/schemas/auth';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { AddToCollectionMenu } from './add-to-collection-menu';
import { listCalls, manyCollections, pageOf, serveCollections } from './collections-test-server';

const PROMPT = { id: '00000000-0000-4000-8000-0000000000aa', title: 'Welcome email' };

const user = (role: PublicUser['role']): PublicUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: 'Editor',
  businessUnit: 'Engineering',
  role,
  curatorUnits: [],
  mustChangePassword: 'false',
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
});

const collection = (n: number, name: string, over: Partial<Collection>): Collection => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  description: '',
  visibility: 'organization',
  units: [],
  owner: { id: user('edit').id, firstName: 'Erin', lastName: 'Editor' },
  coOwnerIds: [],
  isStarred: false,
  itemCount: 1,
  canEdit: true,
  hasPrompt: false,
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
  ...over,
});

const KIT = collection(2, 'Onboarding kit', { hasPrompt: true });
const DECKS = collection(3, 'Sales decks', {});
const THEIRS = collection(4, 'Ada’s picks', { canEdit: false });

/** The menu as the app draws it, with what the server said already in the query cache. */
function renderMenu(role: PublicUser['role'], firstPage: CollectionList = { items: [KIT, DECKS, THEIRS], nextCursor: null }) {
  const qc = createQueryClient();
  qc.setQueryData(queryKeys.currentUser, user(role));
  qc.setQueryData([queryKeys.collections[0], { prompt: PROMPT.id, limit: '200' }], firstPage);
  render(
    <QueryClientProvider client={qc}>
      <AddToCollectionMenu prompt={PROMPT} place="row" />
    </QueryClientProvider>,
  );
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** The menu's check items, found without the role queries' cost over many rows. */
const checkItems = (menu: HTMLElement) => Array.from(menu.querySelectorAll('[role="menuitemcheckbox"]'));

describe('the Add to collection menu', () => {
  it('is not offered to a read member, who changes no collection', () => {
    renderMenu('read');
    expect(screen.queryByRole('button', { name: /to a collection/ })).toBeNull();
  });

  it('lists the collections the member may change, ticked where the prompt is, from the keyboard', async () => {
    const u = userEvent.setup();
    renderMenu('edit');
    const trigger = screen.getByRole('button', { name: 'Add Welcome email to a collection' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await u.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Add Welcome email to a collection' });
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['Onboarding kit', 'true'],
      ['Sales decks', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'New collection…' })).toBeVisible();
    await vi.waitFor(() => expect(items[0]).toHaveFocus());
    await u.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await u.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'New collection…' })).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('adds to an unticked collection and takes out of a ticked one, staying open, and says what it did', async () => {
    const u = userEvent.setup();
    // Answers as the server would, keeping which collections hold the prompt (the lists refetch after each change).
    const holding = new Set([KIT.id]);
    const list = () => json(200, { items: [KIT, DECKS, THEIRS].map((c) => ({ ...c, hasPrompt: holding.has(c.id) })) });
    const fetch = vi.fn((url: string, init: RequestInit) => {
      const id = /\/api\/collections\/([^/]+)\/items/.exec(url)?.[1] ?? '';
      if (init.method === 'POST') holding.add(id);
      if (init.method === 'DELETE') holding.delete(id);
      return Promise.resolve(init.method === 'POST' ? json(201, DECKS) : init.method === 'DELETE' ? json(204) : list());
    });
    vi.stubGlobal('fetch', fetch);
    renderMenu('edit');
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    const menu = await screen.findByRole('menu');
    const decks = within(menu).getByRole('menuitemcheckbox', { name: 'Sales decks' });
    await u.click(decks);
    expect(decks).toHaveAttribute('aria-checked', 'true');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Added to Sales decks'));
    expect(fetch).toHaveBeenCalledWith(
      `/api/collections/${DECKS.id}/items`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ promptId: PROMPT.id }) }),
    );

    const kit = within(menu).getByRole('menuitemcheckbox', { name: 'Onboarding kit' });
    await u.click(kit);
    expect(kit).toHaveAttribute('aria-checked', 'false');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Removed from Onboarding kit'));
    expect(fetch).toHaveBeenCalledWith(`/api/collections/${KIT.id}/items/${PROMPT.id}`, expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByRole('menu')).toBeVisible();
  });

  it('unticks again when the server refuses, with its reason', async () => {
    const u = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        Promise.resolve(
          init.method === 'POST'
            ? json(409, { message: 'A collection holds at most 1000 prompts', code: 'collection_full' })
            : json(200, { items: [KIT, DECKS, THEIRS] }),
        ),
      ),
    );
    renderMenu('edit');
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    const decks = within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Sales decks' });
    await u.click(decks);
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('A collection holds at most 1000 prompts'));
    expect(decks).toHaveAttribute('aria-checked', 'false');
  });

  it('gives the focus to the first collection once they have loaded, not to “New collection…” before', async () => {
    const u = userEvent.setup();
    const all = manyCollections(3);
    serveCollections(all);
    const qc = createQueryClient();
    qc.setQueryData(queryKeys.currentUser, user('edit'));
    render(
      <QueryClientProvider client={qc}>
        <AddToCollectionMenu prompt={PROMPT} place="row" />
      </QueryClientProvider>,
    );
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    const first = await within(await screen.findByRole('menu')).findByRole('menuitemcheckbox', { name: 'Collection 001' });
    await vi.waitFor(() => expect(first).toHaveFocus());
  });

  it('shows no search box to a member whose collections fit in one page', async () => {
    const u = userEvent.setup();
    renderMenu('edit');
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('finds, past the first page, any collection by name on the server, and ticks it', async () => {
    const u = userEvent.setup();
    const all = manyCollections(250);
    const fetch = serveCollections(all, { pageSize: 20 });
    renderMenu('edit', pageOf(all, { prompt: PROMPT.id, limit: 20 }));
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    const menu = await screen.findByRole('menu');
    const box = screen.getByRole('searchbox', { name: 'Find a collection' });
    // Typing is the way to the rest, so the box has the focus; the list says there are more.
    await vi.waitFor(() => expect(box).toHaveFocus());
    expect(checkItems(menu)).toHaveLength(20);
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Collection 250' })).toBeNull();
    expect(within(menu).getByText('More collections than these: type a name to find the others.')).toBeVisible();

    await u.keyboard('250');
    const last = await within(menu).findByRole('menuitemcheckbox', { name: 'Collection 250' });
    expect(checkItems(menu)).toHaveLength(1);
    expect(listCalls(fetch)).toContainEqual({ limit: '200', search: '250', prompt: PROMPT.id });
    expect(await screen.findByText('1 collection found.')).toHaveAttribute('role', 'status');
    // The arrows go from the box to the items, and back.
    await u.keyboard('{ArrowDown}');
    expect(last).toHaveFocus();
    await u.keyboard('{ArrowUp}');
    expect(box).toHaveFocus();
    await u.click(last);
    expect(last).toHaveAttribute('aria-checked', 'true');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(`/api/collections/${all[249]!.id}/items`, expect.objectContaining({ method: 'POST' })));

    await u.clear(box);
    await u.type(box, 'zzz');
    expect(await within(menu).findByText('No collection matches “zzz”.')).toBeVisible();
    expect(within(menu).queryAllByRole('menuitemcheckbox')).toHaveLength(0);
    expect(within(menu).getByRole('menuitem', { name: 'New collection…' })).toBeVisible();
  });

  it('loads a search’s further pages from the menu, the focus on the first new collection', async () => {
    const u = userEvent.setup();
    const all = manyCollections(90);
    serveCollections(all, { pageSize: 20 });
    renderMenu('edit', pageOf(all, { prompt: PROMPT.id, limit: 20 }));
    await u.click(screen.getByRole('button', { name: 'Add Welcome email to a collection' }));
    const menu = await screen.findByRole('menu');
    await u.type(screen.getByRole('searchbox', { name: 'Find a collection' }), 'Collection');
    const more = await within(menu).findByRole('menuitem', { name: 'Show more collections' });
    expect(checkItems(menu)).toHaveLength(20);
    await u.click(more);
    await vi.waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Collection 021' })).toHaveFocus());
    expect(checkItems(menu)).toHaveLength(40);
  });
});
