import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTag, TagChangeResult } from '../../../../shared/schemas/tags';
import { apiRequest, hasErrorCode, hasFieldError } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export const useAdminTags = () => useQuery<AdminTag[]>({ queryKey: queryKeys.adminTags });

/**
 * Every change is carried into the prompts, so the prompt lists, the sidebar's filter values and the
 * form's tag suggestions refresh with the tag list. A tag someone else removed meanwhile refreshes the
 * list too, so the row that caused the error goes away (a merge is refused on its `ids` field then).
 */
function useRefresh() {
  const qc = useQueryClient();
  return {
    onSuccess: () => refreshAfter.tagChange(qc),
    onError: (err: unknown) => {
      if (hasErrorCode(err, 'tag_not_found') || hasFieldError(err, 'ids')) refreshAfter.tagChange(qc);
    },
  };
}

/** Renames a tag everywhere; a name another tag has (any case) merges the two. */
export function useRenameTag() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => apiRequest<TagChangeResult>('PUT', `/api/admin/tags/${id}`, { name }),
    ...useRefresh(),
  });
}

/** Merges the chosen tags into one name: one of theirs, or a new one. */
export function useMergeTags() {
  return useMutation({
    mutationFn: (input: { ids: string[]; into: string }) => apiRequest<TagChangeResult>('POST', '/api/admin/tags/merge', input),
    ...useRefresh(),
  });
}

/** Removes a tag from every prompt; refused (409 `tag_is_only_tag`) while it is some prompt's only tag. */
export function useDeleteTag() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<TagChangeResult>('DELETE', `/api/admin/tags/${id}`),
    ...useRefresh(),
  });
}
