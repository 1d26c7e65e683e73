import { Eye, FolderInput, TagIcon, TagsIcon, Trash2, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useContext, useEffect, useRef, useState } from 'react';
import type { BulkAction, BulkActionInput } from '../../../../shared/schemas/bulk';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { ALL_PROMPTS_URL, type ListParams, listKey, MY_PROMPTS_URL } from '../api/prompt-queries';
import { PromptSlotsContext } from '../prompt-slots';
import { useOwnMatchingCount } from '../api/bulk-action';
import type { BulkSelection, ListBulkTarget } from './use-bulk-selection';
import { useBulkTrash } from './use-bulk-trash';

// The dialogs (with the combobox and Radix dialog code) are fetched as the bar shows, not with the list:
// the list's first screen loads this bar lazily, and each file it needs at once is listed in that screen.
const loadDialogs = () => import('./bulk-action-dialogs');
const BulkTrashDialog = lazy(() => loadDialogs().then((m) => ({ default: m.BulkTrashDialog })));
const BulkValueDialog = lazy(() => loadDialogs().then((m) => ({ default: m.BulkValueDialog })));
const loadVisibilityDialog = () => import('./bulk-visibility-dialog');
const BulkVisibilityDialog = lazy(() => loadVisibilityDialog().then((m) => ({ default: m.BulkVisibilityDialog })));

interface Props {
  selection: BulkSelection;
  /** The list's search and filters, sent instead of ids once "all matching" is chosen. */
  view: Omit<ListParams, 'sort' | 'order'>;
  total: number;
  totalIsLowerBound: boolean;
  /** The rows loaded so far: the tags a picked selection can lose come from them. */
  items: PromptListItem[];
  /** The list's own action (a collection's "Remove"), first in the row; the picked rows are then anyone's. */
  listAction?: (picked: ListBulkTarget) => ReactNode;
}

/** Where focus goes when the bar leaves with the focus in it: the header box, else the page. */
function focusAfterBar() {
  if (document.activeElement && document.activeElement !== document.body) return;
  (document.getElementById('select-loaded') ?? document.getElementById('main-content'))?.focus({ preventScroll: true });
}

/**
 * The sticky bar over a selection of prompts: its count, "select all N matching", the list's own action
 * if it has one, the five bulk actions and Clear. Escape in the bar clears the selection.
 */
export function BulkActionBar({ selection, view, total, totalIsLowerBound, items, listAction }: Props) {
  const { data: user } = useCurrentUser();
  const slots = useContext(PromptSlotsContext);
  const admin = user?.role === 'admin';
  // The server limits an editor's "all matching" to their own prompts, so that is the number to show.
  const own = useOwnMatchingCount({ ...view }, !admin);
  const matching = admin ? { total, lowerBound: totalIsLowerBound } : own.data && { total: own.data.total, lowerBound: own.data.totalIsLowerBound };
  const [dialog, setDialog] = useState<BulkAction | null>(null);

  // The bar goes when the selection is cleared (Escape, Clear, a finished action): focus must not be lost with it.
  useEffect(() => {
    void loadDialogs();
    void loadVisibilityDialog();
    return () => void setTimeout(focusAfterBar);
  }, []);

  const count = selection.all ? (matching?.total ?? 0) : selection.ids.size;
  const countLabel = (n: number) => `${n.toLocaleString('en-US')}${matching?.lowerBound ? '+' : ''}`;
  const yours = admin ? '' : ' of yours';
  const target: Pick<BulkActionInput, 'ids' | 'filter'> = selection.all
    ? {
        filter: {
          search: view.search,
          businessUnits: view.businessUnits,
          aiModels: view.aiModels,
          tags: view.tags,
          visibility: view.visibility ?? [],
          // As the list: with deprecated prompts, every status it may hold.
          status: view.deprecated ? ['draft', 'published', 'verified', 'deprecated'] : [],
          verified: Boolean(view.verified),
          favorites: Boolean(view.favorites),
          mine: !admin,
        },
      }
    : { ids: [...selection.ids] };
  const picked = items.filter((p) => selection.ids.has(p.id));
  const pickedTags = [...new Set(picked.flatMap((p) => p.tags))].sort((a, b) => a.localeCompare(b));
  // Where any row can be picked, the prompt actions are for a selection of the member's own only: the
  // server refuses the whole request otherwise.
  const others = picked.filter((p) => !p.canEdit).length;
  // A collection's own action takes picked rows, and its rows may be others': no "all matching" there.
  const canAllMatching = !view.collection;

  // Escape anywhere in the bar clears the selection. A listener on the bar's own element, so an Escape in
  // a dialog (rendered elsewhere in the page) only closes the dialog.
  const barRef = useRef<HTMLDivElement>(null);
  const { clear } = selection;
  useEffect(() => {
    const bar = barRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      clear();
    };
    bar?.addEventListener('keydown', onKeyDown);
    return () => bar?.removeEventListener('keydown', onKeyDown);
  }, [clear]);
  const done = () => {
    setDialog(null);
    selection.clear();
  };
  const shared = { count, target, onClose: () => setDialog(null), onDone: done };
  // Picked rows go at once (the toast's Undo puts them back); a whole filtered list is confirmed first.
  const bulkTrash = useBulkTrash();
  const moveToTrash = () =>
    selection.all
      ? setDialog('trash')
      : bulkTrash.trash(target, {
          onDone: done,
          onError: (err) =>
            toast({ title: 'Error', description: errorMessage(err, 'The prompts could not be moved to the trash. Try again.'), variant: 'destructive' }),
        });

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      ref={barRef}
      className="sticky bottom-4 z-30 mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
    >
      <p className="text-sm font-medium text-slate-900" aria-live="polite">
        {selection.all ? `All ${countLabel(count)} matching${yours} selected` : `${count.toLocaleString('en-US')} selected`}
      </p>
      {canAllMatching && !selection.all && matching && matching.total > count ? (
        <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
          Select all {countLabel(matching.total)} matching{yours}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={selection.clear}>
        <X className="h-4 w-4" aria-hidden="true" /> <span className="max-sm:sr-only">Clear selection</span>
      </Button>
      {/* On a phone the actions stay one row that scrolls sideways, so the bar covers little of the list. */}
      <div className="-mx-3 flex w-[calc(100%+1.5rem)] gap-2 overflow-x-auto px-3 pb-0.5 sm:mx-0 sm:w-full sm:flex-wrap sm:px-0">
        {listAction?.({ ids: [...selection.ids], onDone: done })}
        {others ? null : (
          <>
            <Button variant="secondary" size="sm" onClick={() => setDialog('moveToBusinessUnit')}>
              <FolderInput className="h-4 w-4" aria-hidden="true" /> Move to business unit…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('addTag')}>
              <TagIcon className="h-4 w-4" aria-hidden="true" /> Add tag…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('removeTag')}>
              <TagsIcon className="h-4 w-4" aria-hidden="true" /> Remove tag…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('changeVisibility')}>
              <Eye className="h-4 w-4" aria-hidden="true" /> Change visibility…
            </Button>
          </>
        )}
        {/* Another feature's action (adding to a collection), supplied by the app shell. */}
        {slots.bulkAction?.({
          ids: selection.all ? null : [...selection.ids],
          count,
          list: listKey(admin ? ALL_PROMPTS_URL : MY_PROMPTS_URL, view),
          onDone: done,
        })}
        {others ? null : (
          <Button variant="secondary" size="sm" className="text-red-700 hover:bg-red-50" disabled={bulkTrash.pending} onClick={moveToTrash}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Move to trash
          </Button>
        )}
      </div>
      {others ? (
        <p className="w-full text-xs text-slate-500">
          {`Only your own prompts can be changed here: ${others.toLocaleString('en-US')} selected ${others === 1 ? 'belongs' : 'belong'} to others.`}
        </p>
      ) : null}
      <Suspense>
        {dialog === 'trash' ? (
          <BulkTrashDialog {...shared} />
        ) : dialog === 'changeVisibility' ? (
          <BulkVisibilityDialog {...shared} defaultUnit={user?.businessUnit ?? ''} />
        ) : dialog ? (
          <BulkValueDialog key={dialog} kind={dialog} {...shared} removable={selection.all ? undefined : pickedTags} />
        ) : null}
      </Suspense>
    </div>
  );
}
