import { FileText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { ALL_PROMPTS_URL, usePromptList } from '../api/prompt-queries';
import { ActiveFilterChips } from '../filters/active-filter-chips';
import { useFilters } from '../filters/filter-context';
import { useRestoredScroll } from '../filters/use-restored-scroll';
import { NewPromptLink } from './new-prompt-link';
import { LazyPromptViewDialog as PromptViewDialog } from './lazy-prompt-view-dialog';
import { NoMatchingPrompts } from './no-matching-prompts';
import { LazyPromptRunner } from '../runner/lazy-prompt-runner';
import { PromptCardList } from './prompt-card-list';
import { PromptsTable } from './prompts-table';
import { SearchBox } from './search-box';
import { useDebouncedValue } from './use-debounced-value';
import { useConfirmDeletePrompt } from './use-delete-prompt';
import { usePageTitle } from '../../../lib/page-title';
import { useWideLayout } from '../../../lib/use-media-query';

export function totalLabel(total: number, lowerBound: boolean): string {
  const n = total.toLocaleString('en-US');
  return `${n}${lowerBound ? '+' : ''} ${total === 1 && !lowerBound ? 'prompt' : 'prompts'}`;
}

export function AllPromptsPage() {
  usePageTitle('All Prompts');
  const filters = useFilters();
  const { search, setSearch, sort, setSort } = filters;
  const [viewing, setViewing] = useState<string | null>(null);
  const [using, setUsing] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const list = usePromptList(ALL_PROMPTS_URL, {
    search: debounced,
    businessUnits: filters.businessUnits,
    aiModels: filters.aiModels,
    tags: filters.tags,
    ...sort,
  });
  const confirmDelete = useConfirmDeletePrompt();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useRestoredScroll(items.length > 0);
  const first = list.data?.pages[0];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const wide = useWideLayout();
  const narrowed = Boolean(debounced.trim()) || filters.tags.length + filters.aiModels.length + filters.businessUnits.length > 0;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  return (
    <>
      <PageHeader title="All Prompts" description="Browse, search and reuse the prompts your organization shares." actions={<NewPromptLink />} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search} onChange={setSearch} label="Search prompts" />
        <p className="text-sm text-slate-500" aria-live="polite">
          {first ? totalLabel(first.total, first.totalIsLowerBound) : ''}
          {first?.orderedBy === 'relevance' && first.total > 0 ? ' · best matches first' : ''}
        </p>
      </div>
      <ActiveFilterChips />
      {list.isLoading ? (
        <ListSkeleton label="Loading prompts..." />
      ) : list.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Error loading prompts: {errorMessage(list.error, list.error.message)}
        </p>
      ) : items.length === 0 ? (
        narrowed ? (
          <NoMatchingPrompts title="No prompts found." search={debounced} />
        ) : (
          <EmptyState
            icon={FileText}
            title="No prompts found."
            description="Be the first to share a prompt."
            action={<NewPromptLink label="Create a prompt" />}
          />
        )
      ) : (
        // While a new search or filter loads, the current results stay, dimmed and marked busy.
        <div aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {wide ? (
            <PromptsTable
              items={items}
              search={debounced}
              sort={sort}
              orderedBy={first?.orderedBy}
              onSortChange={setSort}
              hasMore={Boolean(hasNextPage)}
              loadMore={loadMore}
              onView={setViewing}
              onUse={setUsing}
              onDelete={confirmDelete}
            />
          ) : (
            <PromptCardList
              items={items}
              search={debounced}
              hasMore={Boolean(hasNextPage)}
              loadMore={loadMore}
              onView={setViewing}
              onUse={setUsing}
              onDelete={confirmDelete}
            />
          )}
        </div>
      )}
      {isFetchingNextPage ? (
        <div className="mt-3">
          <Spinner label="Loading more..." />
        </div>
      ) : null}
      <PromptViewDialog id={viewing} onClose={() => setViewing(null)} />
      <LazyPromptRunner id={using} onClose={() => setUsing(null)} />
    </>
  );
}
