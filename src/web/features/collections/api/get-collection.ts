import { useQuery } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/schemas/collections';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/collections/{id}: one collection, without its prompts (the prompt list reads those). */
export const useCollection = (id: string) => useQuery<Collection>({ queryKey: [queryKeys.collections[0], id] });
