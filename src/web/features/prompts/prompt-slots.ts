import { createContext, type ReactNode } from 'react';
import type { Prompt } from '../../../shared/schemas/prompts';

/** A bulk selection as another feature's bulk action sees it. */
export interface BulkTarget {
  /** The picked prompts, or null for "all matching" (then read `list` page by page). */
  ids: string[] | null;
  count: number;
  /** The selection's list as a query key: its URL and query parameters. */
  list: readonly [string, Record<string, string>];
  /** Ends the selection (the bar goes). */
  onDone: () => void;
}

/**
 * What other features put on the prompt screens. This feature may not import them, so the app shell
 * supplies these (see signed-in-composition); left out, the screens show nothing in their place.
 */
export interface PromptSlots {
  /** One more action on a prompt: in a table row, on a card, on the prompt's page. */
  promptAction?: (prompt: { id: string; title: string }, place: 'row' | 'card' | 'page') => ReactNode;
  /** One more action of the bulk bar. */
  bulkAction?: (target: BulkTarget) => ReactNode;
  /** The name of the collection a list is filtered by, for its chip. */
  collectionName?: (id: string) => ReactNode;
  /** "Suggest an edit" on the prompt's page, for those who may see it but not edit it. */
  suggestEdit?: (prompt: Prompt) => ReactNode;
  /** The Suggestions tab's panel on the prompt's page. */
  suggestionsTab?: (prompt: Prompt) => ReactNode;
}

export const PromptSlotsContext = createContext<PromptSlots>({});
