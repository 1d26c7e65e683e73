import { useQueryClient } from '@tanstack/react-query';
import type { BulkActionInput } from '../../../../shared/schemas/bulk';
import { refreshAfter } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { restoreFromTrash, useBulkAction } from '../api/bulk-action';
import { countOf } from '../../../../shared/plural';

/** "1 prompt", "1,250 prompts". */
export const promptCount = (n: number) => countOf(n, 'prompt');

/**
 * Moving prompts to the trash in bulk, and the toast after. Picked rows can be put back from the toast
 * (one restore each), so they are trashed with no question asked; a whole filtered list cannot, as its
 * ids are not known here, so its caller asks first.
 */
export function useBulkTrash() {
  const run = useBulkAction();
  const qc = useQueryClient();

  const undo = async (trashed: readonly string[]) => {
    const restored = await restoreFromTrash(trashed);
    refreshAfter.trashChange(qc);
    toast(
      restored === trashed.length
        ? { title: `Restored ${promptCount(restored)}` }
        : {
            title: `Restored ${restored.toLocaleString('en-US')} of ${promptCount(trashed.length)}`,
            description: 'The others are still in the trash: restore them from the Trash page.',
            variant: 'destructive',
          },
    );
  };

  const trash = (target: Pick<BulkActionInput, 'ids' | 'filter'>, handlers: { onDone: () => void; onError: (err: unknown) => void }) => {
    const ids = target.ids;
    run.mutate(
      { ...target, action: 'trash' },
      {
        onSuccess: (result) => {
          toast(
            ids
              ? {
                  title: result.message,
                  description: 'They can be restored from the Trash page.',
                  action: { label: 'Undo', altText: 'Restore them from the Trash page', onClick: () => void undo(ids) },
                }
              : { title: result.message, description: 'They can be restored from the Trash page.' },
          );
          handlers.onDone();
        },
        onError: handlers.onError,
      },
    );
  };
  return { trash, pending: run.isPending };
}
