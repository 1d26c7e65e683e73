import { useQuery } from '@tanstack/react-query';
import type { CollectionList } from '../../../../shared/schemas/collections';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/collections: the collections the member sees, starred first, then by name. */
export const useCollections = () => useQuery<CollectionList>({ queryKey: queryKeys.collections });

/** The same list, each saying in `hasPrompt` whether it holds `promptId` (the "Add to collection" menu). */
export const useCollectionsHolding = (promptId: string, enabled = true) =>
  useQuery<CollectionList>({ queryKey: [queryKeys.collections[0], { prompt: promptId }], enabled });
