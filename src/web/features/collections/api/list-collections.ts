import { useQuery } from '@tanstack/react-query';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/collections: the collections the member sees, starred first, then by name; the first 200
 * (the API's largest page), which the sidebar shows six of before "Show all".
 */
export const useCollections = () => useQuery<CollectionList>({ queryKey: [queryKeys.collections[0], { limit: '200' }] });

/** The same list, each saying in `hasPrompt` whether it holds `promptId` (the "Add to collection" menu). */
export const useCollectionsHolding = (promptId: string, enabled = true) =>
  useQuery<CollectionList>({ queryKey: [queryKeys.collections[0], { prompt: promptId, limit: '200' }], enabled });
