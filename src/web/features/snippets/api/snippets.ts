import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SnippetCreate, SnippetDetail, SnippetList, SnippetUpdate } from '../../../../shared/schemas/snippets';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

const url = queryKeys.snippets[0];

/** GET /api/snippets: the first 200 snippets the member sees whose name holds `search`, by name. */
export const useSnippets = (search: string) => useQuery<SnippetList>({ queryKey: [url, { search, limit: '200' }], placeholderData: keepPreviousData });

/** GET /api/snippets/{id}: one snippet, where it is used, and its versions. */
export const useSnippet = (id: string) => useQuery<SnippetDetail>({ queryKey: [url, id] });

export function useCreateSnippet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SnippetCreate) => apiRequest<SnippetDetail>('POST', url, input),
    onSuccess: (saved) => {
      qc.setQueryData([url, saved.id], saved);
      refreshAfter.snippetChange(qc);
    },
  });
}

/** PUT /api/snippets/{id}: every prompt that includes it reads the new text (a new name is written into them). */
export function useUpdateSnippet(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SnippetUpdate) => apiRequest<SnippetDetail>('PUT', `${url}/${id}`, input),
    onSuccess: (saved) => {
      qc.setQueryData([url, id], saved);
      refreshAfter.snippetChange(qc);
    },
  });
}

export function useDeleteSnippet(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>('DELETE', `${url}/${id}`),
    onSuccess: () => {
      qc.removeQueries({ queryKey: [url, id] });
      refreshAfter.snippetChange(qc);
    },
  });
}
