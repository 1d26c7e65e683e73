import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (the error body's `errors`) under the form's own fields.
 * `fieldOf` maps a server field name to the form's path (or undefined to skip it); by default names
 * are the same on both sides. Returns how many fields got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldOf: (serverName: string) => Path<T> | undefined = (name) => fields.find((f) => f === name),
): number {
  if (!(err instanceof ApiError) || !err.fieldErrors) return 0;
  let applied = 0;
  for (const [serverName, message] of Object.entries(err.fieldErrors)) {
    const path = fieldOf(serverName);
    if (!path) continue;
    setError(path, { type: 'server', message });
    applied += 1;
  }
  return applied;
}
