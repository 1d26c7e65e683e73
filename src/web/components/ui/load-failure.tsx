import { useState } from 'react';
import { errorMessage, isServerUnreachable } from '../../lib/api-client';
import { useUnreachableNoticeInPage } from '../../lib/database-status';
import { ErrorBox } from './error-box';

interface QueryState {
  error: unknown;
  failureReason: unknown;
  dataUpdatedAt: number;
}

/**
 * What a query's view should report: its error, or, while it keeps retrying a server that gave no
 * answer, that failure. The failure stays through a retry in flight (the message does not flicker
 * away on Retry) and goes once data arrives.
 */
export function useLoadFailure({ error, failureReason, dataUpdatedAt }: QueryState): unknown {
  const current = error ?? (isServerUnreachable(failureReason) ? failureReason : null);
  const [kept, setKept] = useState<{ failure: unknown; at: number } | null>(null);
  if (current && kept?.failure !== current) setKept({ failure: current, at: dataUpdatedAt });
  if (!current && kept && kept.at !== dataUpdatedAt) setKept(null);
  return current ?? kept?.failure ?? null;
}

/**
 * A load that failed, in place of the content, with Retry: "can't reach the server" in its own words
 * (reads retry meanwhile), any other failure after `label`.
 */
export function LoadFailure({ failure, label, onRetry, className }: { failure: unknown; label: string; onRetry: () => void; className?: string }) {
  const unreachable = isServerUnreachable(failure);
  useUnreachableNoticeInPage(unreachable);
  return (
    <ErrorBox tone={unreachable ? 'warning' : 'error'} onRetry={onRetry} inline className={className}>
      <p>{unreachable ? failure.message : `${label}: ${errorMessage(failure, failure instanceof Error ? failure.message : label)}`}</p>
    </ErrorBox>
  );
}
