import { vi } from 'vitest';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';

// For the component tests: many collections, and GET /api/collections answered over them as the server
// does (a page of `limit` after `cursor`, `search` within the names), so that a screen's search and
// paging are tried against the API's own parameters.

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Collection 001 … Collection n, in the server's order (by name), each one the member may change. */
export function manyCollections(n: number, over: (i: number) => Partial<Collection> = () => ({})): Collection[] {
  return Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Collection ${String(i).padStart(3, '0')}`,
      description: '',
      visibility: 'organization',
      units: [],
      owner: { id: '00000000-0000-4000-8000-000000000001', firstName: 'Erin', lastName: 'Editor' },
      coOwnerIds: [],
      isStarred: false,
      itemCount: 0,
      canEdit: true,
      createdAt: '2026-05-01T12:00:00.000Z',
      updatedAt: '2026-05-01T12:00:00.000Z',
      ...over(i),
    };
  });
}

/** One page as the server answers it; its cursor is here the index of the next collection. */
export function pageOf(all: Collection[], query: { limit?: number; cursor?: string; search?: string; prompt?: string } = {}): CollectionList {
  const { limit = 200, cursor = '', search = '', prompt } = query;
  const matching = all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
  const from = Number(cursor || 0);
  const items = matching.slice(from, from + limit).map((c) => (prompt ? { ...c, hasPrompt: Boolean(c.hasPrompt) } : c));
  return { items, nextCursor: from + limit < matching.length ? String(from + limit) : null };
}

/**
 * `fetch` answering GET /api/collections (and /api/collections/{id}) from `all`, and POST (add a prompt) or DELETE (take it out)
 * /api/collections/{id}/items[/{promptId}] by changing that collection's `hasPrompt` and `itemCount`,
 * as the server keeps them; every call is recorded by the returned mock. `pageSize` caps the pages below
 * the `limit` asked (the API may answer fewer, with a cursor for the rest), so that tests of paging
 * draw tens of rows rather than hundreds.
 */
export function serveCollections(all: Collection[], { pageSize = 200 }: { pageSize?: number } = {}) {
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (init.method === 'GET' && u.pathname === '/api/collections') {
      const q = Object.fromEntries(u.searchParams);
      return Promise.resolve(json(200, pageOf(all, { ...q, limit: Math.min(pageSize, Number(q.limit || 200)) })));
    }
    const index = all.findIndex((c) => u.pathname.startsWith(`/api/collections/${c.id}`));
    const c = all[index];
    if (c && init.method === 'GET') return Promise.resolve(json(200, c));
    if (!c || !u.pathname.includes('/items')) return Promise.resolve(json(404, { message: 'Collection not found', code: 'not_found' }));
    const on = init.method === 'POST';
    const changed = on !== Boolean(c.hasPrompt);
    all[index] = { ...c, hasPrompt: on, itemCount: c.itemCount + (changed ? (on ? 1 : -1) : 0) };
    return Promise.resolve(on ? json(201, all[index]) : json(204));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The GET /api/collections calls made, as their query parameters. */
export const listCalls = (fetch: ReturnType<typeof serveCollections>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: new URL(url, 'http://localhost'), init }))
    .filter(({ url, init }) => init.method === 'GET' && url.pathname === '/api/collections')
    .map(({ url }) => Object.fromEntries(url.searchParams));
