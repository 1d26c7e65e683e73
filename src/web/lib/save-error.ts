import { errorMessage, isServerUnreachable } from './api-client';

/** A change the server may not have received: nothing typed is lost, and sending it again is safe. */
export const SAVE_UNREACHABLE_TEXT = "Can't reach the server. Your changes are kept; try again.";

/**
 * For a form whose values stay after a failed save: a lost connection says so (the network's fault,
 * safe to send again), else the server's words about the input, as errorMessage gives them.
 * Kept out of api-client so that only the forms, loaded on demand, carry it.
 */
export function saveErrorMessage(err: unknown, fallback: string): string {
  return isServerUnreachable(err) ? SAVE_UNREACHABLE_TEXT : errorMessage(err, fallback);
}
