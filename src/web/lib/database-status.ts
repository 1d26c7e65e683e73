import { useSyncExternalStore } from 'react';

/** What the app says while the server answers 503 database_unavailable (queries retry meanwhile). */
export const DATABASE_UNAVAILABLE = 'database_unavailable';
export const DATABASE_UNAVAILABLE_TEXT = 'The server cannot reach its database. Retrying…';

let unavailable = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (unavailable === value) return;
  unavailable = value;
  for (const listener of listeners) listener();
}

/** The server answered that it cannot reach its database. */
export const reportDatabaseUnavailable = () => set(true);
/** The server answered normally again. */
export const reportDatabaseAnswered = () => set(false);

/** Whether the last answer from the server said its database was unreachable. */
export function useDatabaseUnavailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unavailable,
  );
}
