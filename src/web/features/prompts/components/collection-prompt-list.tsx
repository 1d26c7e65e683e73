import type { ReactNode } from 'react';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { useDebouncedValue } from '../../../lib/text-input';
import { ALL_PROMPTS_URL } from '../api/prompt-queries';
import { ActiveFilterChips } from '../filters/active-filter-chips';
import { FiltersButton } from '../filters/filters-button';
import { useFilters } from '../filters/filter-context';
import { listParamsOf } from './all-prompts-page';
import { NoMatchingPrompts } from './no-matching-prompts';
import { PromptListView } from './prompt-list-view';
import type { ListBulkTarget } from './use-bulk-selection';

// The collection screens borrow the form's "Who can see this" from here, with the list: one chunk for both.
export { VisibilityField } from '../form/visibility-field';

/** The state of a collection's list that decides whether its own order can be changed. */
export interface CollectionListState {
  /** In the collection's order, with no search and no filter: every prompt, in place. */
  inOrder: boolean;
  /** Back to that: the search, the filters and another sort cleared. */
  reset: () => void;
}

interface Props {
  collectionId: string;
  /** Shown when the collection holds no prompt the member may see (nothing searched or filtered). */
  empty: ReactNode;
  /** Above the list: given whether it is in the collection's order. */
  toolbar?: (state: CollectionListState) => ReactNode;
  /** One more action on each prompt (taking it out of the collection). */
  rowAction?: (prompt: PromptListItem) => ReactNode;
  /** One more action of the bulk bar (taking the picked prompts out): given, any row can be picked. */
  bulkAction?: (picked: ListBulkTarget) => ReactNode;
}

/**
 * A collection's prompts as All Prompts shows a list: search, the sidebar filters, the column sorts and
 * the selection with its bulk bar, in the collection's order unless another sort is chosen (the server's
 * default with a collection).
 */
export function CollectionPromptList({ collectionId, empty, toolbar, rowAction, bulkAction }: Props) {
  const filters = useFilters();
  const { search, setSearch, sort, setSort } = filters;
  const debounced = useDebouncedValue(search);
  const narrowed = Boolean(debounced.trim()) || filters.active > 0;
  const inOrder = !narrowed && !search.trim() && (!sort.sort || sort.sort === 'position');
  const reset = () => {
    filters.clearFilters();
    setSearch('');
    setSort({});
  };
  return (
    <PromptListView
      url={ALL_PROMPTS_URL}
      params={{ ...listParamsOf(filters, debounced), collection: collectionId }}
      search={search}
      setSearch={setSearch}
      searchLabel="Search this collection"
      onSortChange={setSort}
      narrowed={narrowed}
      loadingLabel="Loading the collection's prompts..."
      errorLabel="Error loading the collection's prompts"
      filterChips={
        <>
          <ActiveFilterChips />
          {toolbar?.({ inOrder, reset })}
        </>
      }
      searchAside={<FiltersButton />}
      rowAction={rowAction}
      bulk
      bulkAction={bulkAction}
      empty={(isNarrowed) => (isNarrowed ? <NoMatchingPrompts title="No prompt of this collection matches." search={debounced} /> : empty)}
    />
  );
}
