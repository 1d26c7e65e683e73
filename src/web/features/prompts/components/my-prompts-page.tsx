import { FileText, Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPageState } from '../../../components/ui/list-page-state';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { MY_PROMPTS_URL, usePromptList } from '../api/prompt-queries';
import { ActiveFilterChips } from '../filters/active-filter-chips';
import { FiltersButton } from '../filters/filters-button';
import { useFilters } from '../filters/filter-context';
import { OwnershipFilter } from '../filters/ownership-filter';
import { useRestoredScroll } from '../filters/use-restored-scroll';
import { totalLabel } from './all-prompts-page';
import { NoMatchingPrompts } from './no-matching-prompts';
import { LazyPromptRunner } from '../runner/lazy-prompt-runner';
import { PromptCard } from './prompt-card';
import { NewPromptLink, useCanCreatePrompt } from './new-prompt-link';
import { LazyPromptViewDialog as PromptViewDialog } from './lazy-prompt-view-dialog';
import { SearchBox } from './search-box';
import { useDebouncedValue } from '../../../lib/text-input';
import { useDeletePromptWithUndo } from './use-delete-prompt';
import { usePageTitle } from '../../../lib/page-title';
import { useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';

export function MyPromptsPage() {
  usePageTitle('My Prompts');
  // A member moved down to read keeps their prompts but may no longer create or change them.
  const canCreate = useCanCreatePrompt();
  const filters = useFilters();
  const { search, setSearch } = filters;
  const [viewing, setViewing] = useState<string | null>(null);
  const [using, setUsing] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const list = usePromptList(MY_PROMPTS_URL, {
    search: debounced,
    businessUnits: filters.businessUnits,
    aiModels: filters.aiModels,
    tags: filters.tags,
    visibility: filters.visibility,
    ownership: filters.ownership,
    collection: filters.collection,
    verified: filters.verifiedOnly,
    deprecated: filters.showDeprecated,
  });
  const deleteWithUndo = useDeletePromptWithUndo();
  // Prompts one co-owns belong to someone else: their cards say whose they are.
  const coOwnedOnly = filters.ownership === 'coOwned';
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useRestoredScroll(items.length > 0);
  const first = list.data?.pages[0];
  const narrowed = Boolean(debounced.trim()) || filters.active > 0;
  // Load the next page when the end of the grid scrolls into view.
  const sentinel = useLoadMoreWhenVisible(Boolean(list.hasNextPage), list.isFetchingNextPage, list.fetchNextPage);

  return (
    <>
      <PageHeader title="My Prompts" description="The prompts you own, and those shared with you as a co-owner." actions={<NewPromptLink />} />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search} onChange={setSearch} label="Search my prompts">
          <FiltersButton />
        </SearchBox>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:justify-end">
          <OwnershipFilter value={filters.ownership} onChange={filters.setOwnership} />
          <p className="text-sm text-slate-500">{first ? totalLabel(first.total, first.totalIsLowerBound) : ''}</p>
        </div>
      </div>
      <ActiveFilterChips />
      <ListPageState
        query={list}
        itemCount={items.length}
        loadingLabel="Loading your prompts..."
        errorLabel="Error loading your prompts"
        empty={
          narrowed ? (
            <NoMatchingPrompts title="No prompts match your search." search={debounced} />
          ) : coOwnedOnly ? (
            <EmptyState
              icon={Users}
              title="No prompts are shared with you as a co-owner yet"
              description="When someone adds you as a co-owner of their prompt, it shows here and you can edit it."
            />
          ) : (
            <EmptyState
              icon={FileText}
              title="You haven't created any prompts yet."
              description={
                canCreate
                  ? 'Share a prompt that works well for you, so others can reuse it.'
                  : 'Your account can browse and copy prompts; ask an administrator for edit access to share your own.'
              }
              action={canCreate ? <NewPromptLink label="Create your first prompt" /> : undefined}
            />
          )
        }
      >
        {/* While a new search or filter loads, the current cards stay, dimmed and marked busy. */}
        <ul
          aria-busy={list.isPlaceholderData}
          className={cn('grid gap-4 sm:grid-cols-2 2xl:grid-cols-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          {items.map((p) => (
            <li key={p.id} className="min-w-0">
              <PromptCard item={p} search={debounced} onView={setViewing} onUse={setUsing} onDelete={deleteWithUndo} showAuthor={coOwnedOnly} />
            </li>
          ))}
        </ul>
      </ListPageState>
      <div ref={sentinel} aria-hidden="true" className="h-4" />
      {list.isFetchingNextPage ? <Spinner label="Loading more..." /> : null}
      <PromptViewDialog id={viewing} onClose={() => setViewing(null)} />
      <LazyPromptRunner id={using} onClose={() => setUsing(null)} />
    </>
  );
}
