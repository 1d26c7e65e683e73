import { SOME_WORDS_NOTICE } from '../../../../shared/constants';
import type { PromptListResponse } from '../../../../shared/schemas/prompts';

interface Props {
  page: Pick<PromptListResponse, 'searchMode' | 'suggestions' | 'total'> | undefined;
  /** Runs the suggested search (the search box takes the corrected text). */
  onSearch: (search: string) => void;
}

/**
 * What a search fell back on, above its list: the prompts with some of the words, or with words close
 * to them, and "Did you mean …?" for words no prompt holds. A search never just ends in an empty list.
 */
export function SearchFallbackNotice({ page, onSearch }: Props) {
  if (!page) return null;
  const mode = page.searchMode;
  const suggestions = page.suggestions ?? [];
  const notice =
    mode === 'some' ? SOME_WORDS_NOTICE : mode === 'similar' && page.total > 0 ? 'No prompt has these words; showing prompts with similar words' : null;
  if (!notice && !suggestions.length) return null;
  return (
    <div className="mb-3 space-y-1 text-sm" data-testid="search-fallback">
      {notice ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {notice}
        </p>
      ) : null}
      {suggestions.map((s) => (
        <p key={s.word} className="text-slate-700 dark:text-slate-300">
          Did you mean{' '}
          <button
            type="button"
            className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200"
            onClick={() => onSearch(s.search)}
          >
            {s.search}
          </button>
          ?
        </p>
      ))}
    </div>
  );
}
