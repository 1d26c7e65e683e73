import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's largest page: most members see fewer collections, and then one request holds them all. */
const COLLECTIONS_PAGE = 200;

/**
 * GET /api/collections: the collections the member sees, starred first, then by name; the first page,
 * which the sidebar shows six of before "Show all". `nextCursor` says whether there are more.
 */
export const useCollections = () => useQuery<CollectionList>({ queryKey: [queryKeys.collections[0], { limit: '200' }] });

/** The same list, each saying in `hasPrompt` whether it holds `promptId` (the "Add to collection" menu). */
export const useCollectionsHolding = (promptId: string, enabled = true) =>
  useQuery<CollectionList>({ queryKey: [queryKeys.collections[0], { prompt: promptId, limit: '200' }], enabled });

/**
 * The key of every page of a list, searched by name or not (`prompt`: with `hasPrompt`). Its last part
 * keeps it apart from the one-page keys above, whose cached value has another shape; the URL prefix
 * still reaches it, so whatever refreshes the collections refreshes these pages too.
 */
export const collectionPagesKey = (search: string, prompt?: string) =>
  [queryKeys.collections[0], { limit: String(COLLECTIONS_PAGE), search, ...(prompt ? { prompt } : {}) }, 'pages'] as const;

/**
 * The whole list a page at a time, for those who see more collections than one page holds. `first`, the
 * one-page list already loaded, stands for the unsearched list's first page rather than asking it again;
 * `keepPrevious` keeps the last search's answer on screen while the next one is on its way.
 */
export function useCollectionPages(
  search: string,
  options: { prompt?: string; enabled?: boolean; first?: CollectionList; firstAt?: number; keepPrevious?: boolean } = {},
) {
  const { prompt, enabled = true, first, firstAt, keepPrevious } = options;
  return useInfiniteQuery({
    queryKey: collectionPagesKey(search, prompt),
    initialPageParam: '',
    queryFn: ({ queryKey: [path, query], pageParam }) => apiRequest<CollectionList>('GET', pathFromQueryKey([path, { ...query, cursor: pageParam }])),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: !search && first ? { pages: [first], pageParams: [''] } : undefined,
    initialDataUpdatedAt: firstAt,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}

/** A list as the cache holds it, one page or several: each collection changed by `change`. */
export function patchCollections<T extends CollectionList | InfiniteData<CollectionList>>(
  data: T | undefined,
  change: (c: CollectionList['items'][number]) => CollectionList['items'][number],
): T | undefined {
  if (!data) return data;
  const patch = (list: CollectionList) => ({ ...list, items: list.items.map(change) });
  if ('pages' in data) return { ...data, pages: data.pages.map(patch) };
  return 'items' in data ? (patch(data) as T) : data;
}
