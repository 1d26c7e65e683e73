import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prompt, PromptListItem, PromptListResponse } from '../../../../shared/schemas/prompts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

type Patch = Partial<Pick<PromptListItem, 'isFavorite' | 'useCount' | 'votes' | 'myVote'>>;
type Cached = InfiniteData<PromptListResponse> | Prompt | undefined;

/** The lists and details that show a prompt's star, use count and votes. */
const SHOWING_PROMPTS = [queryKeys.prompts, queryKeys.myPrompts, queryKeys.recentPrompts];

/**
 * Changes one prompt's star, use count or votes in every cached list and detail at once, so the screen
 * answers the click without refetching every page of a long list.
 */
export function patchPrompt(qc: QueryClient, id: string, patch: (p: Patch) => Patch) {
  const apply = <T extends PromptListItem | Prompt>(p: T): T => (p.id === id ? { ...p, ...patch(p) } : p);
  for (const queryKey of SHOWING_PROMPTS) {
    qc.setQueriesData<Cached>({ queryKey }, (data): Cached => {
      if (!data) return data;
      if ('pages' in data) return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) };
      return 'content' in data ? apply<Prompt>(data) : data;
    });
  }
}

/** Every favourites-only list (`favorites=true`), which gains or loses a prompt with each star. */
const isFavoritesList = (key: readonly unknown[]) => (key[1] as { favorites?: string } | undefined)?.favorites === 'true';

export function useToggleFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) => apiRequest<undefined>(favorite ? 'PUT' : 'DELETE', `/api/prompts/${id}/favorite`),
    onMutate: ({ id, favorite }) => patchPrompt(qc, id, () => ({ isFavorite: favorite })),
    onError: (_err, { id, favorite }) => {
      patchPrompt(qc, id, () => ({ isFavorite: !favorite }));
      toast({ title: 'Error', description: favorite ? 'Could not add to favorites' : 'Could not remove from favorites', variant: 'destructive' });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.prompts, predicate: (q) => isFavoritesList(q.queryKey) }),
  });
}

/** Set once the member used the prompt in this tab: its page and dialog then ask "Did it work?". */
export const usedJustNowKey = (id: string) => ['used-just-now', id] as const;

/**
 * Records that the member used a prompt (copied it or opened it in an AI application). It never
 * stands in the way of the use itself: a failure is only logged.
 */
/** A use recorded (by this page, or by the server for a test run): its count, Recently Used and the prompt. */
export function showUse(qc: QueryClient, id: string): void {
  patchPrompt(qc, id, (p) => ({ useCount: (p.useCount ?? 0) + 1 }));
  qc.setQueryData(usedJustNowKey(id), true);
  void qc.invalidateQueries({ queryKey: queryKeys.recentPrompts });
  void qc.invalidateQueries({ queryKey: queryKeys.prompt(id), exact: true });
}

export function useRecordUse() {
  const qc = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: 'copy' | 'launch' }) => apiRequest<undefined>('POST', `/api/prompts/${id}/uses`, { kind }),
    onSuccess: (_data, { id }) => showUse(qc, id),
    onError: (err) => console.warn('Could not record the use of a prompt', err),
  });
  return (id: string, kind: 'copy' | 'launch') => mutate({ id, kind });
}
