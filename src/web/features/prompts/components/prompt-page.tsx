import { ArrowLeft, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useFormFields, usePrompt } from '../api/prompt-queries';
import { usePageTitle } from '../../../lib/page-title';
import { UsePromptButton } from '../runner/lazy-prompt-runner';
import { CopyButton } from './copy-button';
import { PromptLoadError, promptLoadFailure } from './prompt-load-error';
import { PromptDetails } from './prompt-details';

/** /prompts/{id}: one prompt as a page people can send each other. */
export function PromptPage() {
  const { id } = useParams();
  const { data: prompt, isLoading, isError, error, refetch } = usePrompt(id);
  const { data: fields = [] } = useFormFields();
  usePageTitle(prompt?.title ?? 'Prompt');
  if (isLoading) return <Spinner label="Loading prompt..." />;
  if (isError && promptLoadFailure(error) === 'unreachable') {
    return (
      <div className="mx-auto max-w-3xl">
        <PromptLoadError error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
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
  return (
    <div className="mx-auto max-w-4xl">
      <Link to={paths.allPrompts} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All Prompts
      </Link>
      <Card className="p-6 sm:p-8">
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <h1 dir="auto" className="text-2xl font-semibold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
            {prompt.title}
          </h1>
          <div className="flex shrink-0 flex-wrap gap-2">
            <UsePromptButton id={prompt.id} title={prompt.title} />
            <CopyButton text={prompt.content} label="Copy prompt" />
            <CopyButton text={window.location.href} label="Copy link" copiedLabel="Link copied!" />
            {prompt.canEdit ? (
              <Link to={paths.editPrompt(prompt.id)} className={buttonClass('secondary', 'sm')}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
              </Link>
            ) : null}
          </div>
        </div>
        <PromptDetails prompt={prompt} fields={fields} />
      </Card>
    </div>
  );
}
