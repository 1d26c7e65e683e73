import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { SIMILARITY_MIN_CONTENT, type SimilarPrompt } from '../../../../shared/schemas/similar';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDebouncedValue } from '../../../lib/text-input';
import { LazyPromptViewDialog } from '../components/lazy-prompt-view-dialog';
import type { PromptFormValues } from './use-prompt-form-state';

/** How long the writer pauses before the library is asked: a sentence, not every key. */
const ASK_AFTER_MS = 700;

/** "87 %": the share of the text that is alike, as the warning words it. */
const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;

/**
 * Near-copies of the prompt being written, asked while the member writes (never blocking the save):
 * "Similar prompts already exist: {title} (87 %)", each title opening that prompt in a side panel, so
 * the member can reuse or improve it instead of adding a fifth copy. Said politely (a status, not an
 * alert): it is advice, and it changes while they type.
 */
export function SimilarPromptsNotice({ form, excludeId }: { form: UseFormReturn<PromptFormValues>; excludeId?: string }) {
  const [title = '', content = ''] = useWatch({ control: form.control, name: ['title', 'content'] });
  const asked = { title: useDebouncedValue(title.trim(), ASK_AFTER_MS), content: useDebouncedValue(content.trim(), ASK_AFTER_MS) };
  const [open, setOpen] = useState<string | null>(null);
  const enabled = asked.content.length >= SIMILARITY_MIN_CONTENT;
  const { data = [] } = useQuery({
    queryKey: queryKeys.similarPrompts({ ...asked, excludeId }),
    queryFn: () => apiRequest<SimilarPrompt[]>('POST', '/api/prompts/similar', { ...asked, ...(excludeId ? { excludeId } : {}) }),
    enabled,
    placeholderData: keepPreviousData,
    // Advice, not data the member relies on: a failed ask is not retried or shown.
    retry: false,
  });
  const found = enabled ? data : [];
  return (
    <>
      <div role="status" aria-live="polite" className={found.length ? undefined : '!mt-0'}>
        {found.length ? (
          <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <Copy className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 [overflow-wrap:anywhere]">
              Similar prompts already exist:{' '}
              {found.map((p, i) => (
                <span key={p.id}>
                  {i ? ', ' : null}
                  <button
                    type="button"
                    className="font-medium underline decoration-amber-500 underline-offset-2 hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
                    onClick={() => setOpen(p.id)}
                  >
                    <span dir="auto">{p.title}</span>
                  </button>{' '}
                  ({percent(p.similarity)})
                </span>
              ))}
            </p>
          </div>
        ) : null}
      </div>
      <LazyPromptViewDialog id={open} onClose={() => setOpen(null)} placement="side" />
    </>
  );
}
