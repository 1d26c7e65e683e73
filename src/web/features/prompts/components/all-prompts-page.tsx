import { lazy, Suspense } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-title';
import { ALL_PROMPTS_URL } from '../api/prompt-queries';
import { ActiveFilterChips } from '../filters/active-filter-chips';
import { FiltersButton } from '../filters/filters-button';
import { useFilters } from '../filters/filter-context';
import { NewPromptLink } from './new-prompt-link';
import { PromptListView } from './prompt-list-view';
import { useDebouncedValue } from '../../../lib/text-input';

export { totalLabel } from './prompt-list-view';

// Shown only after a search or filters that match nothing: it loads then, not with the first page.
const NoMatchingPrompts = lazy(() => import('./no-matching-prompts').then((m) => ({ default: m.NoMatchingPrompts })));
// Shown only while the library is empty (or nothing in it is shared with this member): loaded then, not with the first page.
const EmptyLibrary = lazy(() => import('./empty-library').then((m) => ({ default: m.EmptyLibrary })));

export function AllPromptsPage() {
  usePageTitle('All Prompts');
  const filters = useFilters();
  const { search, setSearch, sort, setSort } = filters;
  const debounced = useDebouncedValue(search);
  const narrowed = Boolean(debounced.trim()) || filters.active > 0;
  return (
    <>
      <PageHeader title="All Prompts" description="Browse, search and reuse the prompts your organization shares." actions={<NewPromptLink />} />
      <PromptListView
        url={ALL_PROMPTS_URL}
        params={{
          search: debounced,
          businessUnits: filters.businessUnits,
          aiModels: filters.aiModels,
          tags: filters.tags,
          visibility: filters.visibility,
          ...sort,
        }}
        search={search}
        setSearch={setSearch}
        searchLabel="Search prompts"
        onSortChange={setSort}
        narrowed={narrowed}
        loadingLabel="Loading prompts..."
        errorLabel="Error loading prompts"
        filterChips={<ActiveFilterChips />}
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
