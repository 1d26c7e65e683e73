import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PROMPT_SORTS, type PromptSort } from '../../../../shared/prompt-rules';
import type { Ownership } from '../../../../shared/ownership';
import { VISIBILITIES, type Visibility } from '../../../../shared/visibility';

/**
 * A list view (search text, the sidebar filters and the sort) lives in the page's query string, e.g.
 * `/all-prompts?q=contract&tags=legal,nda&sort=title&order=asc`, so a reload, Back and a shared link
 * show the same view. Typing replaces the history entry (Back does not step through keystrokes); a
 * filter or sort change adds one. Values are comma-separated, as the API takes them; empty ones are
 * left out of the URL.
 */
export interface FilterState {
  search: string;
  businessUnits: string[];
  tags: string[];
  aiModels: string[];
  /** "Only me", "My units", "Organization": prompts of any of these visibilities. */
  visibility: Visibility[];
  /**
   * My Prompts only: the prompts one owns, or those one co-owns (both when undefined). A choice of view
   * like the sort, so neither counted among the filters nor cleared with them.
   */
  ownership: Ownership | undefined;
  /** Only the prompts of this collection (its id), or ''. */
  collection: string;
  /** "Verified only": only prompts a curator verified. */
  verifiedOnly: boolean;
  /** "Show deprecated": deprecated prompts too, which lists leave out otherwise. */
  showDeprecated: boolean;
  /** How many filter values are on, in every group (the search and sort are not filters). */
  active: number;
  sort: { sort?: PromptSort; order?: 'asc' | 'desc' };
  setSearch: (v: string) => void;
  setBusinessUnits: (v: string[]) => void;
  setTags: (v: string[]) => void;
  setAiModels: (v: string[]) => void;
  setVisibility: (v: Visibility[]) => void;
  setCollection: (id: string) => void;
  setVerifiedOnly: (on: boolean) => void;
  setShowDeprecated: (on: boolean) => void;
  setSort: (v: { sort?: PromptSort; order?: 'asc' | 'desc' }) => void;
  setOwnership: (v: Ownership | undefined) => void;
  clearFilters: () => void;
}

/** Query-string names of the list view. */
export const VIEW_PARAMS = {
  search: 'q',
  businessUnits: 'businessUnits',
  aiModels: 'aiModels',
  tags: 'tags',
  visibility: 'visibility',
  collection: 'collection',
  sort: 'sort',
  order: 'order',
  ownership: 'ownership',
  verified: 'verified',
  deprecated: 'deprecated',
} as const;

const FilterContext = createContext<FilterState | null>(null);

const listOf = (value: string | null) =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ]
    : [];

function sortOf(params: URLSearchParams): FilterState['sort'] {
  const sort = params.get(VIEW_PARAMS.sort);
  const order = params.get(VIEW_PARAMS.order);
  if (!sort || !(PROMPT_SORTS as readonly string[]).includes(sort)) return {};
  return { sort: sort as PromptSort, ...(order === 'asc' || order === 'desc' ? { order } : {}) };
}

/** The known visibilities of a query string, in their own order: a hand-edited link cannot make the list call fail. */
const visibilitiesOf = (value: string | null) => {
  const asked = listOf(value);
  return VISIBILITIES.filter((v) => asked.includes(v));
};

/**
 * A known ownership, or none: a hand-edited link cannot make the list call fail. Spelled out rather than
 * read from OWNERSHIPS, whose module would be one more file for every page to load; the type keeps the
 * two in step.
 */
const ownershipOf = (value: string | null): Ownership | undefined => (value === 'owned' || value === 'coOwned' ? value : undefined);

export function FilterProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const value = useMemo<FilterState>(() => {
    /** Applies changes to the current query string; `replace` for typing, a new entry otherwise. */
    const update = (changes: Record<string, string | undefined>, replace = false) => {
      // Start from the address bar, not this render's params: two quick changes (a click, then typing)
      // would otherwise each start from the same old query and the second would undo the first.
      const next = new URLSearchParams(window.location.search);
      for (const [name, v] of Object.entries(changes)) {
        if (v) next.set(name, v);
        else next.delete(name);
      }
      setParams(next, { replace });
    };
    const setList = (name: string) => (v: string[]) => update({ [name]: v.join(',') });
    const businessUnits = listOf(params.get(VIEW_PARAMS.businessUnits));
    const aiModels = listOf(params.get(VIEW_PARAMS.aiModels));
    const tags = listOf(params.get(VIEW_PARAMS.tags));
    const visibility = visibilitiesOf(params.get(VIEW_PARAMS.visibility));
    const collection = params.get(VIEW_PARAMS.collection) ?? '';
    const verifiedOnly = params.get(VIEW_PARAMS.verified) === 'true';
    const showDeprecated = params.get(VIEW_PARAMS.deprecated) === 'true';
    return {
      search: params.get(VIEW_PARAMS.search) ?? '',
      businessUnits,
      aiModels,
      tags,
      visibility,
      ownership: ownershipOf(params.get(VIEW_PARAMS.ownership)),
      collection,
      verifiedOnly,
      showDeprecated,
      active: businessUnits.length + aiModels.length + tags.length + visibility.length + (collection ? 1 : 0) + Number(verifiedOnly) + Number(showDeprecated),
      sort: sortOf(params),
      setSearch: (v) => update({ [VIEW_PARAMS.search]: v }, true),
      setBusinessUnits: setList(VIEW_PARAMS.businessUnits),
      setAiModels: setList(VIEW_PARAMS.aiModels),
      setTags: setList(VIEW_PARAMS.tags),
      setVisibility: setList(VIEW_PARAMS.visibility),
      setOwnership: (o) => update({ [VIEW_PARAMS.ownership]: o }),
      setCollection: (id) => update({ [VIEW_PARAMS.collection]: id }),
      setVerifiedOnly: (on) => update({ [VIEW_PARAMS.verified]: on ? 'true' : undefined }),
      setShowDeprecated: (on) => update({ [VIEW_PARAMS.deprecated]: on ? 'true' : undefined }),
      setSort: (s) => update({ [VIEW_PARAMS.sort]: s.sort, [VIEW_PARAMS.order]: s.sort ? s.order : undefined }),
      clearFilters: () =>
        update({
          [VIEW_PARAMS.businessUnits]: undefined,
          [VIEW_PARAMS.aiModels]: undefined,
          [VIEW_PARAMS.tags]: undefined,
          [VIEW_PARAMS.visibility]: undefined,
          [VIEW_PARAMS.collection]: undefined,
          [VIEW_PARAMS.verified]: undefined,
          [VIEW_PARAMS.deprecated]: undefined,
        }),
    };
  }, [params, setParams]);
  return <FilterContext.Provider value={value}>{children}</FilterContext.Provider>;
}

export function useFilters(): FilterState {
  const ctx = useContext(FilterContext);
  if (!ctx) throw new Error('useFilters must be used within a FilterProvider');
  return ctx;
}
