import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFilters } from '../filters/filter-context';

/** What to try next, from what narrowed the list: the search words, the filters, or both. */
export function noMatchAdvice(search: string, filterCount: number): string {
  const words = search.trim();
  const filters = filterCount === 1 ? 'the active filter' : `all ${filterCount} active filters`;
  if (words && filterCount > 0) return `Nothing matches “${words}” together with ${filters}. Remove a filter or clear the search to see more.`;
  if (words) return `Nothing matches “${words}”. Check the spelling or try fewer words: search looks in titles, content, notes and tags.`;
  return filterCount === 1 ? 'No prompt matches the active filter. Remove it to see more.' : `No prompt matches ${filters}. Remove one to see more.`;
}

/** The empty list after a search or filters, with the buttons that undo what narrowed it. */
export function NoMatchingPrompts({ title, search }: { title: string; search: string }) {
  const filters = useFilters();
  const filterCount = filters.active;
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={noMatchAdvice(search, filterCount)}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {search.trim() ? (
            <Button variant="secondary" onClick={() => filters.setSearch('')}>
              Clear the search
            </Button>
          ) : null}
          {filterCount > 0 ? (
            <Button variant="secondary" onClick={filters.clearFilters}>
              {filterCount === 1 ? 'Remove the filter' : 'Clear all filters'}
            </Button>
          ) : null}
        </div>
      }
    />
  );
}
