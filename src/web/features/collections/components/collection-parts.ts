import { createContext, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PromptOwners, PromptOwnersInput } from '../../../../shared/schemas/owners';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import type { Visibility } from '../../../../shared/visibility';

/** The collection form's values (the description is Markdown). */
export interface CollectionFormValues {
  name: string;
  description: string;
  visibility: Visibility;
  units: string[];
}

/** What the collection page shows of its list, given by the page. */
export interface CollectionListOptions {
  collectionId: string;
  empty: ReactNode;
  toolbar: (state: { inOrder: boolean; reset: () => void }) => ReactNode;
  rowAction?: (prompt: PromptListItem) => ReactNode;
  /** One more action of the bar over selected rows, given the picked prompts; given, any row can be picked. */
  bulkAction?: (picked: { ids: string[]; onDone: () => void }) => ReactNode;
}

/** The collection's owners line, as the page gives it: what it is called, who owns it, how to change that. */
export interface CollectionOwnersOptions {
  subject: { id: string; title: string; visibility: Visibility; units: readonly string[] };
  owners: PromptOwners | undefined;
  failed: boolean;
  save: (input: PromptOwnersInput) => Promise<PromptOwners>;
  saving: boolean;
  onLostAccess: () => void;
}

/**
 * The prompts feature's parts a collection uses: its Markdown renderer, its "Who can see this" field,
 * its list and its owners line (people are owned and picked the same way for both). This feature may not import them, so the app shell supplies them (signed-in-composition).
 */
export interface CollectionParts {
  markdown: (source: string) => ReactNode;
  visibilityField: (form: UseFormReturn<CollectionFormValues>, ownerUnit: string) => ReactNode;
  promptList: (options: CollectionListOptions) => ReactNode;
  ownersLine: (options: CollectionOwnersOptions) => ReactNode;
}

const none = () => null;

export const CollectionPartsContext = createContext<CollectionParts>({
  markdown: (source) => source,
  visibilityField: none,
  promptList: none,
  ownersLine: none,
});
