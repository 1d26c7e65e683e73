import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilterCounts } from '../../../../shared/schemas/catalog';
import type { FormField } from '../../../../shared/schemas/form-fields';
import type { Prompt, PromptInput, PromptListResponse, PromptSort } from '../../../../shared/schemas/prompts';
import { apiRequest, pathFromQueryKey } from '../../../lib/api-client';
import { BUSINESS_UNITS_KEY } from '../../../lib/shared-queries';

export const ALL_PROMPTS_URL = '/api/prompts';
export const MY_PROMPTS_URL = '/api/prompts/my';
export const FILTER_COUNTS_KEY = ['/api/filter/counts'] as const;
export const FORM_FIELDS_KEY = ['/api/form-fields'] as const;
export const AI_MODELS_KEY = ['/api/ai-models'] as const;
export const TAGS_KEY = ['/api/tags'] as const;
const PAGE_SIZE = '50';

export interface ListParams {
  search: string;
  businessUnits: string[];
  aiModels: string[];
  tags: string[];
  sort?: PromptSort;
  order?: 'asc' | 'desc';
}

/** The list key follows §7: URL, then an object whose non-empty strings become query parameters. */
export function listKey(url: string, p: ListParams) {
  return [
    url,
    {
      search: p.search.trim(),
      businessUnits: p.businessUnits.join(','),
      aiModels: p.aiModels.join(','),
      tags: p.tags.join(','),
      sort: p.sort ?? '',
      order: p.order ?? '',
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
  });
}

export function usePrompt(id: string | undefined) {
  return useQuery<Prompt>({ queryKey: [ALL_PROMPTS_URL, id], enabled: Boolean(id) });
}

export const useFormFields = () => useQuery<FormField[]>({ queryKey: FORM_FIELDS_KEY });
export const useFilterCounts = () => useQuery<FilterCounts>({ queryKey: FILTER_COUNTS_KEY });
/** §7: the AI application list is never cached. */
export const useAiModels = () => useQuery<string[]>({ queryKey: AI_MODELS_KEY, staleTime: 0, gcTime: 0 });
export const useTags = () => useQuery<string[]>({ queryKey: TAGS_KEY });

function refreshPromptData(qc: QueryClient) {
  for (const key of [[ALL_PROMPTS_URL], [MY_PROMPTS_URL], FILTER_COUNTS_KEY, TAGS_KEY, ['/api/filter/tags'], ['/api/filter/ai-models']]) {
    void qc.invalidateQueries({ queryKey: key });
  }
}

export function useSavePrompt(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PromptInput) => (id ? apiRequest<Prompt>('PUT', `${ALL_PROMPTS_URL}/${id}`, input) : apiRequest<Prompt>('POST', ALL_PROMPTS_URL, input)),
    onSuccess: () => refreshPromptData(qc),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${ALL_PROMPTS_URL}/${id}`),
    onSuccess: () => refreshPromptData(qc),
  });
}

export function useAddAiModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => apiRequest<{ model: string }>('POST', '/api/ai-models', { model }),
    onSuccess: () => qc.invalidateQueries({ queryKey: AI_MODELS_KEY }),
  });
}

export function useAddBusinessUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<{ id: string; name: string }>('POST', '/api/business-units', { name }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: BUSINESS_UNITS_KEY });
      void qc.invalidateQueries({ queryKey: ['/api/admin/business-units'] });
    },
  });
}
