import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TrashedPrompt, TrashList } from '../../../../shared/schemas/trash';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPageState } from '../../../components/ui/list-page-state';
import { apiRequest, errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { useRestorePrompt } from './use-delete-prompt';

const name = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : 'a former member');

/** /trash: deleted prompts, restorable until they are deleted for good; admins may see everyone's. */
export function TrashPage() {
  usePageTitle('Trash');
  const { data: user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const [everyone, setEveryone] = useState(false);
  const list = useInfiniteQuery({
    queryKey: [queryKeys.trash[0], { all: everyone ? 'true' : '' }],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      apiRequest<TrashList>('GET', `/api/trash?${new URLSearchParams({ ...(everyone ? { all: 'true' } : {}), ...(pageParam ? { cursor: pageParam } : {}) })}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const restore = useRestorePrompt();
  const qc = useQueryClient();
  const purge = useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', `/api/trash/${id}`),
    onSuccess: () => refreshAfter.trashChange(qc),
  });
  const [renaming, setRenaming] = useState<{ item: TrashedPrompt; message: string } | null>(null);
  const [purging, setPurging] = useState<TrashedPrompt | null>(null);

  const doRestore = (item: TrashedPrompt, rename = false) =>
    restore.mutate(
      { id: item.id, rename },
      {
        onSuccess: (restored) => toast({ title: 'Prompt restored', description: `“${restored.title}” is back in the lists.` }),
        onError: (err) => {
          if (hasErrorCode(err, 'title_taken') && !rename) setRenaming({ item, message: err.serverMessage ?? 'That title is taken now.' });
          else toast({ title: 'Error', description: errorMessage(err, 'Could not restore the prompt'), variant: 'destructive' });
        },
      },
    );

  return (
    <>
      <PageHeader title="Trash" description="Deleted prompts stay here for a while before they are deleted for good. Restore one to put it back." />
      {isAdmin ? <Checkbox className="mb-4" label="Show everyone’s deleted prompts" checked={everyone} onCheckedChange={setEveryone} /> : null}
      <ListPageState
        query={list}
        itemCount={items.length}
        loadingLabel="Loading the trash..."
        errorLabel="Error loading the trash"
        empty={
          <EmptyState
            icon={Trash2}
            title="The trash is empty."
            description="Prompts you delete appear here, and can be restored until they are deleted for good."
          />
        }
      >
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Deleted prompts">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900 [overflow-wrap:anywhere]" dir="auto">
                  {item.title}
                </p>
                <p className="text-xs text-slate-600">
                  {everyone ? `${name(item.owner)}’s · ` : ''}Deleted {formatDate(item.trashedAt)} by {name(item.trashedBy)} · deleted for good on{' '}
                  {formatDate(item.purgeAt)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {item.canRestore ? (
                  <Button variant="secondary" size="sm" onClick={() => doRestore(item)} aria-label={`Restore ${item.title}`}>
                    <RotateCcw className="h-4 w-4" aria-hidden="true" /> Restore
                  </Button>
                ) : null}
                {isAdmin ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setPurging(item)}
                    aria-label={`Delete ${item.title} for good`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete for good
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </ListPageState>
      {list.hasNextPage ? (
        <Button className="mt-4" variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
      <ConfirmDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title="That title is taken now"
        description={renaming?.message ?? ''}
        confirmLabel="Restore with “(restored)”"
        onConfirm={() => {
          if (renaming) doRestore(renaming.item, true);
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title="Delete for good?"
        description={`“${purging?.title ?? ''}” and its history will be gone for everyone. This cannot be undone.`}
        confirmLabel="Delete for good"
        destructive
        pending={purge.isPending}
        onConfirm={() => {
          if (!purging) return;
          purge.mutate(purging.id, {
            onSuccess: () => toast({ title: 'Prompt deleted for good' }),
            onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not delete the prompt'), variant: 'destructive' }),
            onSettled: () => setPurging(null),
          });
        }}
      />
    </>
  );
}
