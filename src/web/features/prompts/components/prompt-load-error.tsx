import { ErrorBox } from '../../../components/ui/error-box';
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
      <ErrorBox tone="neutral" title="Prompt not found">
        <p>It may have been deleted, or the link is incomplete.</p>
      </ErrorBox>
    );
  }
  return (
    <ErrorBox title="Could not load this prompt" onRetry={onRetry}>
      <p>{errorMessage(error, 'The server could not be reached or did not answer. Check your connection and try again.')}</p>
    </ErrorBox>
  );
}
