import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { ALL_PROMPTS_URL } from '../api/prompt-queries';
import { useFilters } from '../filters/filter-context';
import { NoMatchingPrompts } from './no-matching-prompts';
import { PromptListView } from './prompt-list-view';
import { useDebouncedValue } from '../../../lib/text-input';

/** /favorites: the prompts the member starred, searchable and sortable like All Prompts. */
export function FavoritesPage() {
  usePageTitle('Favorites');
  const { search, setSearch, sort, setSort } = useFilters();
  const debounced = useDebouncedValue(search);
  return (
    <>
      <PageHeader title="Favorites" description="The prompts you starred, to keep them at hand." />
      <PromptListView
        url={ALL_PROMPTS_URL}
        params={{ search: debounced, businessUnits: [], aiModels: [], tags: [], favorites: true, ...sort }}
        search={search}
        setSearch={setSearch}
        searchLabel="Search favorites"
        onSortChange={setSort}
        narrowed={Boolean(debounced.trim())}
        loadingLabel="Loading favorites..."
        errorLabel="Error loading favorites"
        empty={(narrowed) =>
          narrowed ? (
            <NoMatchingPrompts title="No favorites match your search." search={debounced} />
          ) : (
            <EmptyState
              icon={Star}
              title="No favorites yet."
              description="Star a prompt in any list, or on its page, and it appears here."
              action={
                <Link to={paths.allPrompts} className={buttonClass('secondary')}>
                  Browse All Prompts
                </Link>
              }
            />
          )
        }
      />
    </>
  );
}
