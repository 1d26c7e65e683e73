import type { ReactNode } from 'react';
import { FilterProvider } from '../features/prompts/filters/filter-context';
import { PromptFilters } from '../features/prompts/filters/prompt-filters';

/**
 * Where the app shell composes features that other features must not import directly: the prompt
 * list view state (kept in the page's URL) wraps every signed-in route, and its panel sits in the sidebar.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return <FilterProvider>{children}</FilterProvider>;
}

export const sidebarFilters: ReactNode = <PromptFilters />;
