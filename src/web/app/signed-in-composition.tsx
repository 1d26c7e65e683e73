import { type ReactNode, useEffect, useState } from 'react';
import { FilterProvider } from '../features/prompts/filters/filter-context';
import { PromptFilters } from '../features/prompts/filters/prompt-filters';
import { type PromptSlots, PromptSlotsContext } from '../features/prompts/prompt-slots';
import { loadCollections } from './pages';

/**
 * Where the app shell composes features that other features must not import directly: the prompt
 * list view state (kept in the page's URL) wraps every signed-in route, and its panel sits in the
 * sidebar. The collection actions on the prompt screens come once their code has loaded, after the
 * first page: they are not part of its download.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const [slots, setSlots] = useState<PromptSlots>({});
  useEffect(() => {
    void loadCollections().then((m) => setSlots(m.promptSlots));
  }, []);
  return (
    <FilterProvider>
      <PromptSlotsContext.Provider value={slots}>{children}</PromptSlotsContext.Provider>
    </FilterProvider>
  );
}

export const sidebarFilters: ReactNode = <PromptFilters />;
