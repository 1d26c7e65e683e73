import type { ReactNode } from 'react';
import { LoadFailure, useLoadFailure } from './load-failure';
import { ListSkeleton } from './skeleton';

/** The parts of a list query (paged or not) that decide what its page shows. */
interface ListQuery {
  error: unknown;
  failureReason: unknown;
  dataUpdatedAt: number;
  isLoading: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface Props {
  query: ListQuery;
  /** How many rows have arrived so far. */
  itemCount: number;
  /** Read out while the skeleton shows, e.g. "Loading your prompts...". */
  loadingLabel: string;
  /** Put before the server's words when the load fails, e.g. "Error loading the trash". */
  errorLabel: string;
  /** What an empty list shows. */
  empty: ReactNode;
  /** Above the rows or the empty state only: never over a skeleton or a failure. */
  notice?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * What a list page shows in place of its rows: a skeleton while the first page loads, the failure
 * with Retry, the empty state, or the rows. A server that does not answer is told here at once, in
 * the page (the first load keeps retrying meanwhile), rather than behind an endless skeleton. A failed
 * first load, or a new search that failed, takes the rows' place; a failed next page or refresh is
 * told under the rows already shown.
 */
export function ListPageState({ query, itemCount, loadingLabel, errorLabel, empty, notice, children }: Props) {
  const failure = useLoadFailure(query);
  const failedInPlace = Boolean(failure) && (itemCount === 0 || Boolean(query.isPlaceholderData));
  const retry = () => void query.refetch();
  if (failedInPlace) return <LoadFailure failure={failure} label={errorLabel} onRetry={retry} />;
  if (query.isLoading) return <ListSkeleton label={loadingLabel} />;
  return (
    <>
      {notice}
      {itemCount === 0 ? empty : children}
      {failure ? <LoadFailure failure={failure} label={errorLabel} onRetry={retry} className="mt-3" /> : null}
    </>
  );
}
