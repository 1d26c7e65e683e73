import { useRef, useState } from 'react';
import type { Suggestion } from '../../../../shared/schemas/suggestions';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { type SuggestionFilter, usePromptSuggestions } from '../api/suggestion-queries';
import type { RenderSuggestionDiff } from './suggestion-parts';
import { SuggestionItem } from './suggestion-item';

const ORDER = { open: 0, accepted: 1, declined: 1 } as const;
/** Open ones first, each group newest first (the server's order, which a stable sort keeps). */
const openFirst = (items: Suggestion[]) => [...items].sort((a, b) => ORDER[a.status] - ORDER[b.status]);

function emptyText(decides: boolean, filter: SuggestionFilter): string {
  if (!decides) return 'You have not suggested an edit to this prompt. “Suggest an edit” sends one to its owners.';
  return filter === 'open' ? 'No open suggestions. Members who cannot edit this prompt can suggest edits; they appear here.' : 'No suggestions yet.';
}

/**
 * The prompt's Suggestions tab: for its owners and curators every suggested edit, to accept or decline;
 * for anyone else the suggestions they made, and what became of them.
 */
export function PromptSuggestions({ prompt, renderDiff }: { prompt: { id: string; canDecideSuggestions: boolean }; renderDiff: RenderSuggestionDiff }) {
  const decides = prompt.canDecideSuggestions;
  const [filter, setFilter] = useState<SuggestionFilter>(decides ? 'open' : 'all');
  const list = usePromptSuggestions(prompt.id, filter);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = openFirst(list.data?.pages.flatMap((p) => p.items) ?? []);

  return (
    <section aria-labelledby="suggestions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="suggestions-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          {decides ? 'Suggested edits' : 'Your suggested edits'}
        </h2>
        <div role="group" aria-label="Show" className="inline-flex rounded-md bg-slate-100 p-0.5">
          {(['open', 'all'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={cn(
                'rounded px-3 py-1 text-sm font-medium text-slate-600 hover:text-slate-900',
                filter === value && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {value === 'open' ? 'Open' : 'All'}
            </button>
          ))}
        </div>
      </div>
      {list.isLoading ? (
        <Spinner label="Loading suggestions..." />
      ) : list.isError && items.length === 0 ? (
        <ErrorBox onRetry={() => void list.refetch()}>{errorMessage(list.error, 'Could not load the suggestions')}</ErrorBox>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText(decides, filter)}</p>
      ) : (
        <ul aria-label="Suggestions" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {items.map((s) => (
            <SuggestionItem
              key={s.id}
              suggestion={s}
              renderDiff={renderDiff}
              // The decided suggestion may leave the list (Open): focus goes to the list's heading, not the page's body.
              onDecided={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button variant="secondary" size="sm" onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()} aria-disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? <Spinner label="Loading more suggestions..." /> : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}
