import { useQuery } from '@tanstack/react-query';
import { MAX_COLLECTION_ITEMS } from '../../../../shared/schemas/collections';
import type { PromptListResponse, PromptListItem } from '../../../../shared/schemas/prompts';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const collectionOrderKey = (collectionId: string) =>
  [queryKeys.prompts[0], { collection: collectionId, sort: 'position', order: 'asc', arrange: '1' }] as const;

/**
 * GET /api/prompts?collection={id}&sort=position, every page: the whole order a move rewrites (the
 * reorder call names every prompt the member sees in the collection). At most MAX_COLLECTION_ITEMS.
 */
export function useCollectionOrder(collectionId: string, enabled: boolean) {
  return useQuery({
    queryKey: collectionOrderKey(collectionId),
    enabled,
    queryFn: () => fetchCollectionOrder(collectionId),
  });
}

/** Every prompt of the collection the member sees, in the collection's order, a page of 200 at a time. */
export async function fetchCollectionOrder(collectionId: string): Promise<PromptListItem[]> {
  const items: PromptListItem[] = [];
  let cursor = '';
  do {
    const page = await apiRequest<PromptListResponse>(
      'GET',
      pathFromQueryKey([queryKeys.prompts[0], { collection: collectionId, sort: 'position', order: 'asc', limit: '200', cursor }]),
    );
    items.push(...page.items);
    cursor = page.nextCursor ?? '';
  } while (cursor && items.length < MAX_COLLECTION_ITEMS);
  return items;
}
