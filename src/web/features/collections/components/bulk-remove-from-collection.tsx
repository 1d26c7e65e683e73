import { ListX } from 'lucide-react';
import { countOf } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { type RemovedItems, usePutBackCollectionItems, useRemoveCollectionItems } from '../api/remove-collection-item';

/** "“Welcome email”" for one prompt, "2 prompts" for more. */
const named = (removed: RemovedItems['removed']) => (removed.length === 1 ? `“${removed[0]!.title}”` : countOf(removed.length, 'prompt'));

const failed = (err: unknown, what: string) => toast({ title: 'Error', description: errorMessage(err, what), variant: 'destructive' });

/**
 * The bulk bar's "Remove from the collection", for members who may change the collection: takes the
 * picked prompts out, ends the selection, and offers Undo, which puts them back in their places. Its
 * requests belong to the page, not to the bar, which goes with the selection before Undo can be clicked.
 */
export function useBulkRemoveFromCollection(collectionId: string) {
  const remove = useRemoveCollectionItems();
  const putBack = usePutBackCollectionItems();

  const undo = (result: RemovedItems) =>
    putBack.mutate(result, {
      onSuccess: (inPlace) =>
        toast({ title: inPlace ? `Put ${named(result.removed)} back` : `Put ${named(result.removed)} back, at the end: the collection changed meanwhile` }),
      onError: (err) => failed(err, 'The prompts could not be put back.'),
    });

  const run = (promptIds: string[], onDone: () => void) =>
    remove.mutate(
      { collectionId, promptIds },
      {
        onSuccess: (result) => {
          const { removed } = result;
          // Nothing was taken out: the selection stays, to try again.
          if (removed.length === 0 && result.failed > 0) {
            failed(null, 'The prompts could not be removed. Try again.');
            return;
          }
          onDone();
          if (removed.length === 0) {
            toast({ title: 'Those prompts were no longer in the collection' });
            return;
          }
          toast({
            title: result.failed
              ? `Removed ${removed.length.toLocaleString('en-US')} of ${countOf(removed.length + result.failed, 'prompt')} from the collection`
              : `Removed ${named(removed)} from the collection`,
            description: result.failed ? `${countOf(result.failed, 'prompt')} could not be removed: try again.` : undefined,
            variant: result.failed ? 'destructive' : 'default',
            action: { label: 'Undo', altText: 'Put the prompts back in the collection', onClick: () => undo(result) },
          });
        },
        onError: (err) => failed(err, 'The prompts could not be removed.'),
      },
    );

  return ({ ids, onDone }: { ids: string[]; onDone: () => void }) => (
    <Button variant="secondary" size="sm" className="text-red-700 hover:bg-red-50" disabled={remove.isPending} onClick={() => run(ids, onDone)}>
      <ListX className="h-4 w-4" aria-hidden="true" /> Remove from the collection
    </Button>
  );
}
