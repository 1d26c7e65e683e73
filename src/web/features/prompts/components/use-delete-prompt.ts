import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { refreshAfter } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useDeletePrompt } from '../api/prompt-queries';

/** Puts a deleted prompt back from the trash (the Undo of the delete toast, and the Trash page). */
export function useRestorePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rename = false }: { id: string; rename?: boolean }) =>
      apiRequest<{ id: string; title: string }>('POST', `/api/trash/${id}/restore${rename ? '?rename=true' : ''}`),
    onSuccess: () => refreshAfter.trashChange(qc),
  });
}

/**
 * Delete at once, with no question asked: the prompt goes to the trash, and the toast offers Undo
 * (the Trash page restores it later).
 */
export function useDeletePromptWithUndo(onDeleted?: () => void) {
  const del = useDeletePrompt();
  const qc = useQueryClient();
  // A plain request, not a mutation of this component: the toast outlives the row or page it came from.
  const undo = (id: string) =>
    apiRequest('POST', `/api/trash/${id}/restore`).then(
      () => {
        refreshAfter.trashChange(qc);
        toast({ title: 'Prompt restored' });
      },
      (err: unknown) => toast({ title: 'Error', description: errorMessage(err, 'Could not restore the prompt'), variant: 'destructive' }),
    );
  return ({ id, title }: { id: string; title: string }) => {
    del.mutate(id, {
      onSuccess: () => {
        toast({
          title: 'Prompt deleted successfully!',
          description: `“${title}” is in the trash.`,
          action: {
            label: 'Undo',
            altText: 'Restore it from the Trash page',
            onClick: () => void undo(id),
          },
        });
        onDeleted?.();
      },
      onError: () => toast({ title: 'Error', description: 'Failed to delete prompt', variant: 'destructive' }),
    });
  };
}
