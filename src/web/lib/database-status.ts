import { useEffect, useSyncExternalStore } from 'react';
import type { ErrorCode } from '../../shared/error-codes';

/** What the app says while the server answers 503 database_unavailable (queries retry meanwhile). */
export const DATABASE_UNAVAILABLE: ErrorCode = 'database_unavailable';
export const DATABASE_UNAVAILABLE_TEXT = 'The server cannot reach its database. Retrying…';
/** A read got no answer at all (offline, connection refused, nothing behind a proxy): reads retry meanwhile. */
export const SERVER_UNREACHABLE_TEXT = "Can't reach the server. Check your connection; we'll retry.";

/** How the server last answered: normally, without its database, or not at all. */
export type ServerStatus = 'answering' | 'databaseUnavailable' | 'unreachable';

let status: ServerStatus = 'answering';
// Pages that tell of an unreachable server where their content goes; the bottom strip stays quiet then.
let noticesInPage = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function set(value: ServerStatus): void {
  if (status === value) return;
  status = value;
  emit();
}

/** The server answered that it cannot reach its database. */
export const reportDatabaseUnavailable = () => set('databaseUnavailable');
/** The server answered normally again. */
export const reportDatabaseAnswered = () => set('answering');
/** A read got no answer from the server. */
export const reportServerUnreachable = () => set('unreachable');

/** Whether the last answer from the server said its database was unreachable. */
export function useDatabaseUnavailable(): boolean {
  return useSyncExternalStore(subscribe, () => status === 'databaseUnavailable');
}

/** What the bottom strip should tell: nothing while a page already says the server is unreachable. */
export function useServerStatusForStrip(): ServerStatus {
  return useSyncExternalStore(subscribe, () => (status === 'unreachable' && noticesInPage > 0 ? 'answering' : status));
}

/** Marks that this component shows the unreachable-server message itself, while `shown` holds. */
export function useUnreachableNoticeInPage(shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    noticesInPage += 1;
    emit();
    return () => {
      noticesInPage -= 1;
      emit();
    };
  }, [shown]);
}
