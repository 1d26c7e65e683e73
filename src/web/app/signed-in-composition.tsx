import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { FilterProvider } from '../features/prompts/filters/filter-context';
import { type PromptSlots, PromptSlotsContext } from '../features/prompts/prompt-slots';
import { loadCollections, loadSuggestions } from './pages';

/**
 * Where the app shell composes features that other features must not import directly: the prompt
 * list view state (kept in the page's URL) wraps every signed-in route, and its panel sits in the
 * sidebar. The collection actions and suggested edits on the prompt screens come once their code has
 * loaded, after the first page: they are not part of its download.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const [slots, setSlots] = useState<PromptSlots>({});
  useEffect(() => {
    const add = (more: PromptSlots) => setSlots((slots) => ({ ...slots, ...more }));
    void loadCollections().then((m) => add(m.promptSlots));
    void loadSuggestions().then((m) => add(m.promptSlots));
  }, []);
  return (
    <FilterProvider>
      <PromptSlotsContext.Provider value={slots}>{children}</PromptSlotsContext.Provider>
    </FilterProvider>
  );
}

// The sidebar's filter panel shows what the counts call answers, so it is drawn only once that has come:
// its code loads beside the call instead of with every first page.
const PromptFilters = lazy(() => import('../features/prompts/filters/prompt-filters').then((m) => ({ default: m.PromptFilters })));

export const sidebarFilters: ReactNode = (
  <Suspense fallback={null}>
    <PromptFilters />
  </Suspense>
);
