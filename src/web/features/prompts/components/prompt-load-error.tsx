import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage, isServerUnreachable } from '../../../lib/api-client';
import { useUnreachableNoticeInPage } from '../../../lib/database-status';

/** A prompt that is gone (404) is told apart from one that could not be fetched (network, server down). */
export function promptLoadFailure(error: unknown): 'missing' | 'unreachable' {
  return error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'missing' : 'unreachable';
}

/** What the view dialog and the prompt page say when a prompt cannot be shown, with Retry when retrying can help. */
export function PromptLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useUnreachableNoticeInPage(isServerUnreachable(error));
  if (promptLoadFailure(error) === 'missing') {
    return (
      <div role="alert" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p className="font-medium text-slate-900">Prompt not found</p>
        <p className="mt-1">It may have been deleted, or the link is incomplete.</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">Could not load this prompt</p>
      <p className="mt-1">{errorMessage(error, 'The server could not be reached or did not answer. Check your connection and try again.')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCw className="h-4 w-4" aria-hidden="true" /> Retry
      </Button>
    </div>
  );
}
