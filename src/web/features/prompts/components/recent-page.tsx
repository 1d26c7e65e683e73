import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPageState } from '../../../components/ui/list-page-state';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/page-title';
import { useLoadMoreWhenVisible } from '../../../lib/use-load-more-when-visible';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { usePromptList } from '../api/prompt-queries';
import { LazyPromptRunner } from '../runner/lazy-prompt-runner';
import { LazyPromptViewDialog as PromptViewDialog } from './lazy-prompt-view-dialog';
import { PromptCard } from './prompt-card';
import { useDeletePromptWithUndo } from './use-delete-prompt';

const NO_FILTERS = { search: '', businessUnits: [], aiModels: [], tags: [] };

/** /recent: the prompts the member copied or opened in an AI application, the latest first. */
export function RecentPage() {
  usePageTitle('Recently Used');
  const [viewing, setViewing] = useState<string | null>(null);
  const [using, setUsing] = useState<string | null>(null);
  const list = usePromptList(queryKeys.recentPrompts[0], NO_FILTERS);
  const deleteWithUndo = useDeletePromptWithUndo();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Load the next page when the end of the grid scrolls into view.
  const sentinel = useLoadMoreWhenVisible(Boolean(list.hasNextPage), list.isFetchingNextPage, list.fetchNextPage);

  return (
    <>
      <PageHeader title="Recently Used" description="The prompts you copied or opened in an AI application, the latest first." />
      <ListPageState
        query={list}
        itemCount={items.length}
        loadingLabel="Loading recently used prompts..."
        errorLabel="Error loading recently used prompts"
        empty={
          <EmptyState
            icon={History}
            title="Nothing used yet."
            description="Prompts you copy or open in an AI application appear here, so you can find them again."
            action={
              <Link to={paths.allPrompts} className={buttonClass('secondary')}>
                Browse All Prompts
              </Link>
            }
          />
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
          {items.map((p) => (
            <li key={p.id} className="min-w-0">
              <PromptCard item={p} search="" onView={setViewing} onUse={setUsing} onDelete={deleteWithUndo} />
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
