import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilterCounts, FilterGroup, FilterValues } from '../../../../shared/schemas/catalog';
import type { Ownership } from '../../../../shared/ownership';
import type { FormField } from '../../../../shared/schemas/form-fields';
import type { Prompt, PromptDefaults, PromptInput, PromptListResponse, PromptSort } from '../../../../shared/schemas/prompts';
import type { Visibility } from '../../../../shared/visibility';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { queryKeys, refreshAfter } from '../../../lib/query-keys';

export const ALL_PROMPTS_URL = queryKeys.prompts[0];
export const MY_PROMPTS_URL = queryKeys.myPrompts[0];
const PAGE_SIZE = '50';

export interface ListParams {
  search: string;
  businessUnits: string[];
  aiModels: string[];
  tags: string[];
  /** Prompts of any of these visibilities; none given, every prompt the member may see. */
  visibility?: Visibility[];
  sort?: PromptSort;
  order?: 'asc' | 'desc';
  /** Only the member's favourites. */
  favorites?: boolean;
  /** My Prompts: only those the member owns, or only those they co-own (both when left out). */
  ownership?: Ownership;
  /** Only the prompts of this collection. */
  collection?: string;
  /** Only verified prompts ("Verified only"). */
  verified?: boolean;
  /** Deprecated prompts too ("Show deprecated"), which lists leave out otherwise. */
  deprecated?: boolean;
}

/**
 * The API's `status=` for a view: left out by default (published and verified, and in My Prompts drafts
 * too); with deprecated ones, every status the list may hold.
 */
const statusParam = (deprecated: boolean | undefined, mine: boolean) => (deprecated ? `${mine ? 'draft,' : ''}published,verified,deprecated` : '');

/** The list key: the URL, then an object whose non-empty strings become query parameters. */
export function listKey(url: string, p: ListParams) {
  return [
    url,
    {
      search: p.search.trim(),
      businessUnits: p.businessUnits.join(','),
      aiModels: p.aiModels.join(','),
      tags: p.tags.join(','),
      visibility: p.visibility?.join(',') ?? '',
      sort: p.sort ?? '',
      order: p.order ?? '',
      favorites: p.favorites ? 'true' : '',
      ownership: p.ownership ?? '',
      collection: p.collection ?? '',
      verified: p.verified ? 'true' : '',
      status: statusParam(p.deprecated, url === MY_PROMPTS_URL),
    },
  ] as const;
}

/** One continuous list: pages of 50 fetched by keyset cursor as the user scrolls. */
export function usePromptList(url: string, params: ListParams) {
  return useInfiniteQuery({
    queryKey: listKey(url, params),
    initialPageParam: '',
    queryFn: ({ queryKey, pageParam }) => {
      const [path, query] = queryKey;
      return apiRequest<PromptListResponse>('GET', pathFromQueryKey([path, { ...query, limit: PAGE_SIZE, cursor: pageParam }]));
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search or filter keeps the current results on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function usePrompt(id: string | undefined) {
  return useQuery<Prompt>({ queryKey: queryKeys.prompt(id), enabled: Boolean(id) });
}

export const useFormFields = () => useQuery<FormField[]>({ queryKey: queryKeys.formFields });
/** Who a new prompt is shown to unless its writer chooses otherwise (for units: the writer's own). */
export const usePromptDefaults = (enabled: boolean) => useQuery<PromptDefaults>({ queryKey: queryKeys.promptDefaults, enabled });
/** The list a filter panel describes: its search, filters and which list (everyone's or the caller's own). */
export interface FilterScope {
  search: string;
  businessUnits: string[];
  aiModels: string[];
  tags: string[];
  visibility: Visibility[];
  scope: 'all' | 'my';
  /** My Prompts' "I own" / "I co-own" (the counts follow the list). */
  ownership?: Ownership;
  collection?: string;
  verified?: boolean;
  deprecated?: boolean;
}

const scopeParams = (s: FilterScope) => ({
  search: s.search.trim(),
  businessUnits: s.businessUnits.join(','),
  aiModels: s.aiModels.join(','),
  tags: s.tags.join(','),
  visibility: s.visibility.join(','),
  scope: s.scope === 'my' ? 'my' : '',
  ownership: s.scope === 'my' ? (s.ownership ?? '') : '',
  collection: s.collection ?? '',
  verified: s.verified ? 'true' : '',
  status: statusParam(s.deprecated, s.scope === 'my'),
});

/** The sidebar counts of one list view; the previous counts stay shown while the next ones load. */
export const useFilterCounts = (scope: FilterScope) =>
  useQuery<FilterCounts>({ queryKey: [...queryKeys.filterCounts, scopeParams(scope)], placeholderData: keepPreviousData });

/** One group's values containing `q`, for values beyond the top ones the counts call returns. */
export const useFilterValues = (group: FilterGroup, q: string, scope: FilterScope, enabled: boolean) =>
  useQuery<FilterValues>({
    queryKey: [queryKeys.filterValues[0], { ...scopeParams(scope), group, q: q.trim(), limit: '100' }],
    enabled,
    placeholderData: keepPreviousData,
  });
export const useTags = () => useQuery<string[]>({ queryKey: queryKeys.tags });

/** Creates (with an idempotency key, so a resend after a lost answer cannot make a second prompt) or updates one. */
export function useSavePrompt(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    // `publish`: an edited draft is saved, then published (a status of its own, as the API keeps it).
    mutationFn: async ({ input, idempotencyKey, publish }: { input: PromptInput; idempotencyKey: string; publish?: boolean }) => {
      if (!id) return apiRequest<Prompt>('POST', ALL_PROMPTS_URL, input, { idempotencyKey });
      const saved = await apiRequest<Prompt>('PUT', `${ALL_PROMPTS_URL}/${id}`, input);
      return publish ? apiRequest<Prompt>('PUT', `${ALL_PROMPTS_URL}/${id}/status`, { status: 'published' }) : saved;
    },
    onSuccess: (saved) => {
      // The prompt's page opens after a create: it shows the answer at once instead of fetching it.
      qc.setQueryData(queryKeys.prompt(saved.id), saved);
      return refreshAfter.promptChange(qc);
    },
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', `${ALL_PROMPTS_URL}/${id}`),
    onSuccess: () => refreshAfter.promptChange(qc),
  });
}

export function useAddAiModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => apiRequest<{ model: string }>('POST', '/api/ai-models', { model }),
    onSuccess: () => refreshAfter.aiModelChange(qc),
  });
}

export function useAddBusinessUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<{ id: string; name: string }>('POST', '/api/business-units', { name }),
    onSettled: () => {
      refreshAfter.businessUnitChange(qc);
    },
  });
}
