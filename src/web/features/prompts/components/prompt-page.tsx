import { ArrowLeft, Pencil } from 'lucide-react';
import { lazy, Suspense, useContext, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useLoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useFormFields, usePrompt } from '../api/prompt-queries';
import { usePageTitle } from '../../../lib/page-title';
import { UsePromptButton } from '../runner/lazy-prompt-runner';
import { useRecordUse } from '../api/prompt-usage-queries';
import { CopyButton } from '../../../components/ui/copy-button';
import { FavoriteButton } from './favorite-button';
import { MakeCopyLink } from './make-copy-link';
import { PromptLoadError, promptLoadFailure } from './prompt-load-error';
import { PromptDetails } from './prompt-details';
import { PromptOwnersLine } from './prompt-owners-line';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { PromptSlotsContext } from '../prompt-slots';
import { VoteButtons } from '../feedback/vote-buttons';
import { StatusBadge } from '../status/status-badge';
import { StatusPanel } from '../status/status-panel';
import { FeedbackNotes } from '../feedback/feedback-notes';

// The history (and its diff library) loads when someone opens the tab.
const PromptHistory = lazy(() => import('../history/prompt-history').then((m) => ({ default: m.PromptHistory })));

type Tab = 'prompt' | 'history' | 'feedback' | 'suggestions';

/**
 * The tabs a viewer gets: Feedback and the open-suggestion count for those who decide suggested edits
 * (editors and curators); Suggestions also for anyone who may suggest one (their own), drafts aside.
 */
function tabsOf(prompt: { canDecideSuggestions: boolean; status: string }): Tab[] {
  const suggests = prompt.canDecideSuggestions || prompt.status !== 'draft';
  return ['prompt', 'history', ...(prompt.canDecideSuggestions ? (['feedback'] as const) : []), ...(suggests ? (['suggestions'] as const) : [])];
}

// Whole class names, for Tailwind to find.
const GRID_COLS = ['', '', 'sm:grid-cols-2', 'sm:grid-cols-3', 'sm:grid-cols-4'];

/** /prompts/{id}: one prompt as a page people can send each other, with its history; `?tab=` opens a tab. */
export function PromptPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const query = usePrompt(id);
  const { data: prompt, isLoading, isError, refetch } = query;
  // A prompt that cannot be fetched yet (no answer, retrying) is said so at once, not after the retries.
  const failure = useLoadFailure(query);
  const { data: fields = [] } = useFormFields();
  const recordUse = useRecordUse();
  const { promptAction, suggestEdit, suggestionsTab } = useContext(PromptSlotsContext);
  usePageTitle(prompt?.title ?? 'Prompt');
  const navigate = useNavigate();
  // A prompt merged into another answers with the prompt kept: the address follows it.
  const movedTo = prompt && id && prompt.id !== id ? prompt.id : null;
  useEffect(() => {
    if (movedTo) void navigate(paths.prompt(movedTo), { replace: true });
  }, [movedTo, navigate]);
  if (failure && promptLoadFailure(failure) === 'unreachable') {
    return (
      <div className="mx-auto max-w-3xl">
        <PromptLoadError error={failure} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isLoading) return <Spinner label="Loading prompt..." />;
  if (isError || !prompt) {
    return (
      <EmptyState
        title="Prompt not found"
        description="It may have been deleted, or the link is incomplete."
        action={
          <Link to={paths.allPrompts} className={buttonClass('secondary')}>
            Back to All Prompts
          </Link>
        }
      />
    );
  }
  const tabs = tabsOf(prompt);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'prompt';
  // The tab is kept in the address (replacing it, not adding to the history), so a link can open one.
  const chooseTab = (value: string) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (value === 'prompt') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="mx-auto max-w-4xl">
      <Link to={paths.allPrompts} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All Prompts
      </Link>
      <Card className="p-6 sm:p-8">
        <div className="mb-6 flex flex-col gap-4">
          <div className="flex flex-col items-start gap-2">
            <h1 dir="auto" className="text-2xl font-semibold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
              {prompt.title}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={prompt.status} needsReview={prompt.needsReview} />
              <VisibilityBadge visibility={prompt.visibility} units={prompt.units} />
            </div>
            <PromptOwnersLine prompt={prompt} />
          </div>
          <div className="flex flex-wrap gap-2">
            <UsePromptButton id={prompt.id} title={prompt.title} />
            <CopyButton text={prompt.expandedContent} label="Copy prompt" onCopied={() => recordUse(prompt.id, 'copy')} />
            <FavoriteButton prompt={prompt} withLabel />
            <MakeCopyLink id={prompt.id} />
            <CopyButton text={window.location.href} label="Copy link" copiedLabel="Link copied!" />
            {promptAction?.(prompt, 'page')}
            {prompt.canEdit ? (
              <Link to={paths.editPrompt(prompt.id)} className={buttonClass('secondary', 'sm')}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
              </Link>
            ) : prompt.status !== 'draft' ? (
              suggestEdit?.(prompt)
            ) : null}
          </div>
          <StatusPanel prompt={prompt} />
          <VoteButtons key={prompt.id} prompt={prompt} />
        </div>
        <Tabs value={tab} onValueChange={chooseTab}>
          {/* Four tabs do not fit a phone's width in one row: there they wrap, each row filled, and line up as equal columns from the small breakpoint. */}
          <TabsList className={cn('mb-5 flex w-full flex-wrap *:flex-auto sm:inline-grid sm:w-auto', GRID_COLS[tabs.length])}>
            <TabsTrigger value="prompt">Prompt</TabsTrigger>
            <TabsTrigger value="history">History</TabsTrigger>
            {tabs.includes('feedback') ? <TabsTrigger value="feedback">Feedback</TabsTrigger> : null}
            {tabs.includes('suggestions') ? (
              <TabsTrigger value="suggestions" className="inline-flex items-center justify-center gap-1.5">
                Suggestions
                {prompt.openSuggestions > 0 ? (
                  <>
                    <span aria-hidden="true" className="rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
                      {prompt.openSuggestions}
                    </span>
                    <span className="sr-only">({prompt.openSuggestions} open)</span>
                  </>
                ) : null}
              </TabsTrigger>
            ) : null}
          </TabsList>
          <TabsContent value="prompt" className="mt-0">
            <PromptDetails prompt={prompt} fields={fields} />
          </TabsContent>
          {tabs.includes('feedback') ? (
            <TabsContent value="feedback" className="mt-0">
              <FeedbackNotes promptId={prompt.id} />
            </TabsContent>
          ) : null}
          {tabs.includes('suggestions') ? (
            <TabsContent value="suggestions" className="mt-0">
              {suggestionsTab ? suggestionsTab(prompt) : <Spinner label="Loading suggestions..." />}
            </TabsContent>
          ) : null}
          <TabsContent value="history" className="mt-0">
            <Suspense fallback={<Spinner label="Loading history..." />}>
              <PromptHistory prompt={prompt} fields={fields} />
            </Suspense>
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
