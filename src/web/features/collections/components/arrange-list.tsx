import { arrayMove } from '@dnd-kit/sortable';
import { Check } from 'lucide-react';
import { useState } from 'react';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { SORTABLE_INSTRUCTIONS, SortableItem, SortableList } from '../../../components/ui/sortable-list';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCollectionOrder } from '../api/collection-order';
import { useReorderCollection } from '../api/reorder-collection';

/** The order after moving the item at `from` to `to`. */
export const moved = (items: PromptListItem[], from: number, to: number) => arrayMove(items, from, to);

/**
 * A collection's prompts, all of them in its order, to rearrange: drag a row by its handle, or focus
 * the handle, press Space, move it with the arrow keys and press Space again (Escape puts it back).
 * Each move is saved at once.
 */
export function ArrangeList({ collectionId, onDone }: { collectionId: string; onDone: () => void }) {
  const order = useCollectionOrder(collectionId, true);
  const reorder = useReorderCollection(collectionId);
  const [failure, setFailure] = useState('');
  const items = order.data ?? [];

  const onMove = (from: number, to: number) => {
    setFailure('');
    reorder.mutate(moved(items, from, to), {
      onError: (err) => setFailure(errorMessage(err, 'The new order could not be saved. Try again.')),
    });
  };

  return (
    <section aria-labelledby="arrange-heading" className="rounded-xl border border-brand-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="arrange-heading" className="text-sm font-semibold text-slate-900">
            Reorder prompts
          </h2>
          <p className="text-xs text-slate-500">Drag a prompt by its handle, or focus the handle: {SORTABLE_INSTRUCTIONS}</p>
        </div>
        <Button size="sm" onClick={onDone}>
          <Check className="h-4 w-4" aria-hidden="true" /> Done
        </Button>
      </div>
      {failure ? (
        <div className="px-4 pt-3">
          <ErrorBox>{failure}</ErrorBox>
        </div>
      ) : null}
      {order.isLoading ? (
        <div className="p-4">
          <Spinner label="Loading the collection's order..." />
        </div>
      ) : order.isError ? (
        <div className="p-4">
          <ErrorBox>{errorMessage(order.error, 'The collection could not be loaded.')}</ErrorBox>
        </div>
      ) : (
        <SortableList ids={items.map((p) => p.id)} labelOf={(id) => items.find((p) => p.id === id)?.title ?? ''} onMove={onMove}>
          <ol aria-label="Prompts in order" className="divide-y divide-slate-100">
            {items.map((p, index) => (
              <SortableItem key={p.id} id={p.id} label={p.title} className="bg-white" draggingClassName="z-10 rounded-md shadow-lg ring-2 ring-brand-500">
                {(handle) => (
                  <div className="flex items-center gap-3 px-3 py-2">
                    {handle}
                    <span className="w-7 shrink-0 text-right text-xs text-slate-400 tabular-nums" aria-hidden="true">
                      {index + 1}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900" dir="auto" title={p.title}>
                        {p.title}
                      </p>
                      <p className="truncate text-xs text-slate-500">
                        {p.user.firstName} {p.user.lastName}
                        {p.userBusinessUnit ? ` · ${p.userBusinessUnit}` : ''}
                      </p>
                    </div>
                  </div>
                )}
              </SortableItem>
            ))}
          </ol>
        </SortableList>
      )}
    </section>
  );
}
