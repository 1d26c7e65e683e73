import { Inbox, MessageSquarePlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { Suggestion } from '../../../../shared/schemas/suggestions';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailure, useLoadFailure } from '../../../components/ui/load-failure';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { useSuggestionList } from '../api/suggestion-queries';
import { SuggestionByline, SuggestionMessage, SuggestionStatusBadge } from './suggestion-parts';

const TITLE = 'Suggestions';

/** Editors decide the suggestions on their prompts, curators those of their units' prompts. */
const decidesSome = (user: { role: string; curatorUnits: readonly string[] } | null | undefined) =>
  Boolean(user && (user.role !== 'read' || user.curatorUnits.length > 0));

function SuggestionRow({ suggestion }: { suggestion: Suggestion }) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <Link
          to={paths.promptSuggestions(suggestion.promptId)}
          className="block font-medium break-words text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline"
          dir="auto"
        >
          {suggestion.current.title}
        </Link>
        <SuggestionMessage message={suggestion.message} />
        <SuggestionByline suggestion={suggestion} />
      </div>
      <div className="shrink-0">
        <SuggestionStatusBadge status={suggestion.status} />
      </div>
    </li>
  );
}

/** One of the page's lists: the open suggestions the member decides, or every one they made. */
function SuggestionList({ mine }: { mine: boolean }) {
  const list = useSuggestionList(mine);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const failure = useLoadFailure(list);
  const label = mine ? 'Error loading your suggestions' : 'Error loading the suggestions to decide';
  const retry = () => void list.refetch();
  if (failure && items.length === 0) return <LoadFailure failure={failure} label={label} onRetry={retry} />;
  if (list.isLoading) return <ListSkeleton label="Loading suggestions..." rows={3} />;
  if (items.length === 0) {
    return mine ? (
      <EmptyState
        icon={MessageSquarePlus}
        title="You have not suggested any edits."
        description="On a prompt you cannot edit, “Suggest an edit” sends a change to its owners. Your suggestions and their answers appear here."
      />
    ) : (
      <EmptyState icon={Inbox} title="Nothing to decide." description="Edits suggested to the prompts you own or curate appear here." />
    );
  }
  return (
    <>
      <ul
        aria-label={mine ? 'Your suggestions' : 'Suggestions to decide'}
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {items.map((s) => (
          <SuggestionRow key={s.id} suggestion={s} />
        ))}
      </ul>
      {list.hasNextPage ? (
        // The button stays while its page loads (only marked busy), so keyboard focus is not lost.
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()} aria-disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner label="Loading more suggestions..." /> : 'Load more'}
          </Button>
        </div>
      ) : null}
      {failure ? <LoadFailure failure={failure} label={label} onRetry={retry} className="mt-3" /> : null}
    </>
  );
}

/**
 * /suggestions: the open suggested edits the member decides (on prompts they own or curate), and those
 * they made with what became of them. Members who decide nothing see only their own.
 */
export function SuggestionsPage() {
  usePageTitle(TITLE);
  const { data: user } = useCurrentUser();
  const decides = decidesSome(user);
  const [params, setParams] = useSearchParams();
  const view = decides && params.get('view') !== 'mine' ? 'decide' : 'mine';
  return (
    <>
      <div className="mb-6 min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{TITLE}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {decides ? 'Edits suggested to the prompts you own or curate, and the ones you suggested.' : 'The edits you suggested, and what became of them.'}
        </p>
      </div>
      {decides ? (
        <Tabs value={view} onValueChange={(v) => setParams(v === 'mine' ? { view: 'mine' } : {}, { replace: true })}>
          <TabsList className="mb-5 inline-grid w-auto grid-cols-2">
            <TabsTrigger value="decide">To decide</TabsTrigger>
            <TabsTrigger value="mine">Mine</TabsTrigger>
          </TabsList>
          <TabsContent value="decide" className="mt-0">
            <SuggestionList mine={false} />
          </TabsContent>
          <TabsContent value="mine" className="mt-0">
            <SuggestionList mine />
          </TabsContent>
        </Tabs>
      ) : (
        <SuggestionList mine />
      )}
    </>
  );
}
