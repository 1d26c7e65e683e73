import { ArrowDownUp, Library, ListX, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useContext, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { visibilityBadge } from '../../../../shared/visibility';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBox } from '../../../components/ui/error-box';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useDeleteCollection } from '../api/delete-collection';
import { useCollectionOwners, useUpdateCollectionOwners } from '../api/collection-owners';
import { useCollection } from '../api/get-collection';
import { usePutBackCollectionItem, useRemoveCollectionItem } from '../api/remove-collection-item';
import { useBulkRemoveFromCollection } from './bulk-remove-from-collection';
import { CollectionPartsContext } from './collection-parts';
import { StarButton } from './star-button';

// The edit dialog (with the form library) and the reorder list (with the drag and drop library) load when opened.
const CollectionDialog = lazy(() => import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })));
const ArrangeList = lazy(() => import('./arrange-list').then((m) => ({ default: m.ArrangeList })));

/** /collections/{id}: a collection's name, description and prompts, in its order; its owners change it here. */
export function CollectionPage({ id }: { id: string }) {
  const parts = useContext(CollectionPartsContext);
  const query = useCollection(id);
  const { data: collection } = query;
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [arranging, setArranging] = useState(false);
  const del = useDeleteCollection();
  const remove = useRemoveCollectionItem();
  const putBack = usePutBackCollectionItem();
  const bulkRemove = useBulkRemoveFromCollection(id);
  const owners = useCollectionOwners(id);
  const saveOwners = useUpdateCollectionOwners(id);
  usePageTitle(collection?.name ?? 'Collection');

  if (query.isLoading) return <Spinner label="Loading collection..." />;
  if (!collection) {
    return hasErrorCode(query.error, 'collection_not_found') || hasErrorCode(query.error, 'validation_failed') ? (
      <EmptyState
        icon={Library}
        title="Collection not found"
        description="It may have been deleted, or it is not shared with you."
        action={
          <Link to={paths.allPrompts} className={buttonClass('secondary')}>
            Back to All Prompts
          </Link>
        }
      />
    ) : (
      <ErrorBox title="The collection could not be loaded." onRetry={() => void query.refetch()}>
        {errorMessage(query.error, 'Try again in a moment.')}
      </ErrorBox>
    );
  }

  const canEdit = collection.canEdit;
  const badge = visibilityBadge(collection.visibility, collection.units) ?? 'Organization';
  const failed = (err: unknown, what: string) => toast({ title: 'Error', description: errorMessage(err, what), variant: 'destructive' });
  const removeFrom = (p: { id: string; title: string }) =>
    remove.mutate(
      { collectionId: id, promptId: p.id, undoable: true },
      {
        onSuccess: (removed) =>
          toast({
            title: `Removed “${p.title}” from the collection`,
            action: {
              label: 'Undo',
              altText: 'Put the prompt back in the collection',
              onClick: () =>
                putBack.mutate(removed, {
                  onSuccess: (inPlace) =>
                    toast({ title: inPlace ? `Put “${p.title}” back` : `Put “${p.title}” back, at the end: the collection changed meanwhile` }),
                  onError: (err) => failed(err, 'The prompt could not be put back.'),
                }),
            },
          }),
        onError: (err) => failed(err, 'The prompt could not be removed.'),
      },
    );

  return (
    <>
      <header className="mb-6 space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <h1 dir="auto" className="text-2xl font-semibold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
              {collection.name}
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
              <Badge tone={collection.visibility === 'private' ? 'amber' : 'grey'} title={badge} className="max-w-full min-w-0">
                <span className="truncate">{badge}</span>
              </Badge>
              <span>{`${collection.itemCount.toLocaleString('en-US')} ${collection.itemCount === 1 ? 'prompt' : 'prompts'}`}</span>
            </p>
            {parts.ownersLine({
              subject: { id, title: collection.name, visibility: collection.visibility, units: collection.units },
              owners: owners.data,
              failed: owners.isError,
              save: saveOwners.mutateAsync,
              saving: saveOwners.isPending,
              onLostAccess: () => void navigate(paths.allPrompts),
            })}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StarButton collection={collection} withLabel />
            {canEdit ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                </Button>
                <Button variant="secondary" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              </>
            ) : null}
          </div>
        </div>
        {collection.description ? <div className="max-w-3xl">{parts.markdown(collection.description)}</div> : null}
      </header>

      {arranging ? (
        <Suspense fallback={<Spinner label="Loading the collection's order..." />}>
          <ArrangeList collectionId={id} onDone={() => setArranging(false)} />
        </Suspense>
      ) : (
        parts.promptList({
          collectionId: id,
          empty: (
            <EmptyState
              icon={Library}
              title="This collection has no prompts yet"
              description={
                canEdit
                  ? 'Add prompts from any list: use “Add to collection” on a prompt, or select several and use “Add to collection” in the bar that appears.'
                  : 'Its owners have not added a prompt you can see yet.'
              }
              action={
                canEdit ? (
                  <Link to={paths.allPrompts} className={buttonClass('secondary')}>
                    Browse All Prompts
                  </Link>
                ) : undefined
              }
            />
          ),
          // Nothing to order or sort in an empty collection: its empty state says what to do.
          toolbar: ({ inOrder, reset }) =>
            collection.itemCount === 0 ? null : (
              <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
                {canEdit ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!inOrder || collection.itemCount < 2}
                    onClick={() => setArranging(true)}
                    aria-describedby="reorder-hint"
                  >
                    <ArrowDownUp className="h-4 w-4" aria-hidden="true" /> Reorder
                  </Button>
                ) : null}
                {inOrder ? (
                  <span id="reorder-hint">In the collection’s order.</span>
                ) : (
                  <span id="reorder-hint">
                    {canEdit ? 'Reordering needs the collection’s order, with no search or filter. ' : 'Sorted or narrowed. '}
                    <button type="button" onClick={reset} className="font-medium text-brand-700 hover:underline">
                      Show the collection’s order
                    </button>
                  </span>
                )}
              </div>
            ),
          rowAction: canEdit
            ? (p) => (
                <button
                  type="button"
                  onClick={() => removeFrom(p)}
                  className="rounded-md p-1 text-slate-500 hover:bg-red-50 hover:text-red-600"
                  aria-label={`Remove ${p.title} from the collection`}
                  title="Remove from the collection"
                >
                  <ListX className="h-4 w-4" aria-hidden="true" />
                </button>
              )
            : undefined,
          bulkAction: canEdit ? bulkRemove : undefined,
        })
      )}

      {editing ? (
        <Suspense>
          <CollectionDialog collection={collection} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete collection?"
        description={`Delete “${collection.name}”? Its prompts stay in the library; only the collection and its order go.`}
        confirmLabel="Delete collection"
        pendingLabel="Deleting..."
        pending={del.isPending}
        destructive
        onConfirm={() =>
          del.mutate(id, {
            onSuccess: () => {
              toast({ title: `Collection “${collection.name}” deleted` });
              void navigate(paths.allPrompts);
            },
            onError: (err) => {
              setDeleting(false);
              toast({ title: 'Error', description: errorMessage(err, 'The collection could not be deleted.'), variant: 'destructive' });
            },
          })
        }
      />
    </>
  );
}
