import { useState } from 'react';
import type { DuplicateCluster } from '../../../../shared/schemas/library-health';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/utils';
import { toast } from '../../../lib/toast';
import { useMergePrompts } from '../api/health-lists';

/**
 * Merging a cluster: the admin chooses the prompt to keep (the most recently changed is proposed); the
 * others go to the trash, and their favourites, uses and places in collections move to it.
 */
export function MergeDialog({ cluster, onClose }: { cluster: DuplicateCluster; onClose: () => void }) {
  const [keepId, setKeepId] = useState(cluster.prompts[0]!.id);
  const merge = useMergePrompts();
  const kept = cluster.prompts.find((p) => p.id === keepId)!;
  const others = cluster.prompts.filter((p) => p.id !== keepId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    merge.mutate(
      { keepId, mergeIds: others.map((p) => p.id) },
      {
        onSuccess: (result) => {
          toast({ title: `Merged ${result.merged.length} prompt${result.merged.length === 1 ? '' : 's'} into “${kept.title}”` });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Merge near-copies" description="Choose the prompt to keep. The others go to the trash, where they can be restored." size="lg">
        <form onSubmit={submit} className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Keep</legend>
            <div className="space-y-2">
              {cluster.prompts.map((p) => (
                <label
                  key={p.id}
                  dir="auto"
                  className="grid cursor-pointer grid-cols-[auto_1fr] items-baseline gap-x-3 rounded-lg border border-slate-200 p-3 text-sm font-medium [overflow-wrap:anywhere] text-slate-900 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="keep"
                    value={p.id}
                    checked={keepId === p.id}
                    onChange={() => setKeepId(p.id)}
                    className="row-span-2 accent-brand-600"
                  />
                  {p.title}
                  <span className="col-start-2 text-xs font-normal text-slate-600">
                    {p.ownerName} · {p.businessUnit} · changed {formatDate(p.updatedAt)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="text-sm text-slate-700">
            Favorites, uses and places in collections of the other {others.length === 1 ? 'prompt' : `${others.length} prompts`} move to “{kept.title}”, and
            their links lead to it.
          </p>
          {merge.isError ? (
            <ErrorBox compact>
              <p>{errorMessage(merge.error, 'The prompts could not be merged.')}</p>
            </ErrorBox>
          ) : null}
          <FormDialogFooter onCancel={onClose} pending={merge.isPending} submitLabel={`Merge ${cluster.prompts.length} prompts`} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
