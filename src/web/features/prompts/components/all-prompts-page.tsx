import { lazy, Suspense } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-title';
import { ALL_PROMPTS_URL, type ListParams } from '../api/prompt-queries';
import { FiltersButton } from '../filters/filters-button';
import { type FilterState, useFilters } from '../filters/filter-context';
import { NewPromptLink } from './new-prompt-link';
import { PromptListView } from './prompt-list-view';
import { useDebouncedValue } from '../../../lib/text-input';

export { totalLabel } from './prompt-list-view';

/** A list's parameters from the view in the page's address: its search (debounced), filters and sort. */
export function listParamsOf(filters: FilterState, search: string): ListParams {
  const { businessUnits, aiModels, tags, visibility, collection, sort, verifiedOnly: verified, showDeprecated: deprecated } = filters;
  return { search, businessUnits, aiModels, tags, visibility, collection, verified, deprecated, ...sort };
}

// Shown only with filters on, and never needed before the list's first page has come: loaded on demand,
// which keeps the first page within its budget.
const ActiveFilterChips = lazy(() => import('../filters/active-filter-chips').then((m) => ({ default: m.ActiveFilterChips })));
// Shown only after a search or filters that match nothing: it loads then, not with the first page.
const NoMatchingPrompts = lazy(() => import('./no-matching-prompts').then((m) => ({ default: m.NoMatchingPrompts })));
// Shown only while the library is empty (or nothing in it is shared with this member): loaded then, not with the first page.
const EmptyLibrary = lazy(() => import('./empty-library').then((m) => ({ default: m.EmptyLibrary })));

export function AllPromptsPage() {
  usePageTitle('All Prompts');
  const filters = useFilters();
  const { search, setSearch, setSort } = filters;
  const debounced = useDebouncedValue(search);
  const narrowed = Boolean(debounced.trim()) || filters.active > 0;
  return (
    <>
      <PageHeader title="All Prompts" description="Browse, search and reuse the prompts your organization shares." actions={<NewPromptLink />} />
      <PromptListView
        url={ALL_PROMPTS_URL}
        params={listParamsOf(filters, debounced)}
        search={search}
        setSearch={setSearch}
        searchLabel="Search prompts"
        onSortChange={setSort}
        narrowed={narrowed}
        loadingLabel="Loading prompts..."
        errorLabel="Error loading prompts"
        filterChips={
          <Suspense>
            <ActiveFilterChips />
          </Suspense>
        }
        searchAside={<FiltersButton />}
        bulk
        empty={(isNarrowed) =>
          isNarrowed ? (
            <Suspense>
              <NoMatchingPrompts title="No prompts found." search={debounced} />
            </Suspense>
          ) : (
            <Suspense>
              <EmptyLibrary />
            </Suspense>
          )
        }
      />
    </>
  );
}
