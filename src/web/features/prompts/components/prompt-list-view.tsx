import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { ListPageState } from '../../../components/ui/list-page-state';
import { Spinner } from '../../../components/ui/spinner';
import { useWideLayout } from '../../../lib/use-media-query';
import { type ListParams, usePromptList } from '../api/prompt-queries';
import { useRestoredScroll } from '../filters/use-restored-scroll';
import { LazyPromptRunner } from '../runner/lazy-prompt-runner';
import { LazyPromptViewDialog as PromptViewDialog } from './lazy-prompt-view-dialog';
import { useCanCreatePrompt } from './new-prompt-link';
import { PromptsTable, type SortState } from './prompts-table';
import { SearchBox } from './search-box';
import { SearchFallbackNotice } from './search-fallback-notice';
import { type ListBulkTarget, useBulkSelection } from './use-bulk-selection';
import { useDeletePromptWithUndo } from './use-delete-prompt';
import { totalOf } from '../../../../shared/plural';
import type { PromptListItem } from '../../../../shared/schemas/prompts';

// The cards are drawn below 768 px only: wide screens never fetch them, and a narrow one fetches them
// while the list's first page is on its way (see the effect below).
const loadCards = () => import('./prompt-card-list');
const PromptCardList = lazy(() => loadCards().then((m) => ({ default: m.PromptCardList })));
// The action bar and its dialogs load with the first ticked row: most visits never select anything.
const BulkActionBar = lazy(() => import('./bulk-action-bar').then((m) => ({ default: m.BulkActionBar })));

export function totalLabel(total: number, lowerBound: boolean): string {
  return totalOf(total, lowerBound, 'prompt');
}

interface Props {
  url: string;
  params: ListParams;
  /** The search as typed (the list follows it once debounced, in `params.search`). */
  search: string;
  setSearch: (value: string) => void;
  searchLabel: string;
  onSortChange: (sort: SortState) => void;
  /** Shown when the list is empty: `narrowed` tells a search or filter from an empty library. */
  empty: (narrowed: boolean) => ReactNode;
  narrowed: boolean;
  loadingLabel: string;
  errorLabel: string;
  /** Under the search box: the active filters, where the list has them. */
  filterChips?: ReactNode;
  /** Beside the search box: the Filters button, where the list has filters. */
  searchAside?: ReactNode;
  /** Rows can be selected for bulk actions (All Prompts, a collection), by members who may change prompts. */
  bulk?: boolean;
  /**
   * The list's own bulk action, first in the bar (a collection's "Remove"). Given, every row can be
   * picked, since it needs no right on the prompts; the prompt actions then show for the member's own only.
   */
  bulkAction?: (picked: ListBulkTarget) => ReactNode;
  /** One more action on each prompt, the list's own (a collection's "Remove"). */
  rowAction?: (prompt: PromptListItem) => ReactNode;
}

/**
 * A list of prompts with its search box and total: a table on wide screens, cards on narrow ones,
 * loaded page by page as it scrolls; with the view dialog and the runner. All Prompts and Favorites.
 */
export function PromptListView({
  url,
  params,
  search,
  setSearch,
  searchLabel,
  onSortChange,
  empty,
  narrowed,
  loadingLabel,
  errorLabel,
  filterChips,
  searchAside,
  bulk,
  bulkAction,
  rowAction,
}: Props) {
  const [viewing, setViewing] = useState<string | null>(null);
  const [using, setUsing] = useState<string | null>(null);
  const list = usePromptList(url, params);
  const deleteWithUndo = useDeletePromptWithUndo();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useRestoredScroll(items.length > 0);
  const first = list.data?.pages[0];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const wide = useWideLayout();
  useEffect(() => {
    if (!wide) void loadCards();
  }, [wide]);
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const { sort, order, ...view } = params;
  const selection = useBulkSelection(items, JSON.stringify(view), Boolean(bulkAction));
  const canSelect = useCanCreatePrompt() && bulk;
  const shared = {
    items,
    search: params.search,
    hasMore: Boolean(hasNextPage),
    loadMore,
    onView: setViewing,
    onUse: setUsing,
    onDelete: deleteWithUndo,
    selection: canSelect ? selection : undefined,
    rowAction,
  };

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search} onChange={setSearch} label={searchLabel}>
          {searchAside}
        </SearchBox>
        <p className="text-sm text-slate-500" aria-live="polite">
          {first ? totalLabel(first.total, first.totalIsLowerBound) : ''}
          {first?.orderedBy === 'relevance' && first.total > 0 ? ' · best matches first' : ''}
        </p>
      </div>
      {filterChips}
      <ListPageState
        query={list}
        itemCount={items.length}
        loadingLabel={loadingLabel}
        errorLabel={errorLabel}
        empty={empty(narrowed)}
        notice={<SearchFallbackNotice page={first} onSearch={setSearch} />}
      >
        {/* While a new search or filter loads, the current results stay, dimmed and marked busy. */}
        <div aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {wide ? (
            <PromptsTable {...shared} sort={{ sort, order }} orderedBy={first?.orderedBy} onSortChange={onSortChange} />
          ) : (
            <Suspense>
              <PromptCardList {...shared} />
            </Suspense>
          )}
        </div>
      </ListPageState>
      {isFetchingNextPage ? (
        <div className="mt-3">
          <Spinner label="Loading more..." />
        </div>
      ) : null}
      {canSelect && first && (selection.all || selection.ids.size > 0) ? (
        <Suspense>
          <BulkActionBar
            selection={selection}
            view={view}
            total={first.total}
            totalIsLowerBound={first.totalIsLowerBound}
            items={items}
            listAction={bulkAction}
          />
        </Suspense>
      ) : null}
      <PromptViewDialog id={viewing} onClose={() => setViewing(null)} />
      <LazyPromptRunner id={using} onClose={() => setUsing(null)} />
    </>
  );
}
