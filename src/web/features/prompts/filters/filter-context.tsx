import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** §2/§3: the sidebar filter selection — three lists, empty at start, set separately, cleared together. */
export interface FilterState {
  businessUnits: string[];
  tags: string[];
  aiModels: string[];
  setBusinessUnits: (v: string[]) => void;
  setTags: (v: string[]) => void;
  setAiModels: (v: string[]) => void;
  clearFilters: () => void;
}

const FilterContext = createContext<FilterState | null>(null);

export function FilterProvider({ children }: { children: ReactNode }) {
  const [businessUnits, setBusinessUnits] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [aiModels, setAiModels] = useState<string[]>([]);
  const value = useMemo<FilterState>(
    () => ({
      businessUnits,
      tags,
      aiModels,
      setBusinessUnits,
      setTags,
      setAiModels,
      clearFilters: () => {
        setBusinessUnits([]);
        setTags([]);
        setAiModels([]);
      },
    }),
    [businessUnits, tags, aiModels],
  );
  return <FilterContext.Provider value={value}>{children}</FilterContext.Provider>;
}

export function useFilters(): FilterState {
  const ctx = useContext(FilterContext);
  if (!ctx) throw new Error('useFilters must be used within a FilterProvider');
  return ctx;
}
