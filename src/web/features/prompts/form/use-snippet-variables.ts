import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { SnippetExpansion } from '../../../../shared/schemas/snippets';
import { includedSnippetNames } from '../../../../shared/snippets';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDebouncedValue } from '../../../lib/text-input';
import type { PromptFormValues } from './use-prompt-form-state';

/** A name edited inside its braces changes with every key: the server is asked once it rests. */
const ASK_AFTER_MS = 400;

/**
 * The variables of the snippets the content includes, asked of the server (which expands them as the
 * writer may see them) whenever the set of included snippets changes, and kept in the form's
 * `snippetVariables`: a snippet added while writing shows its variables to define at once, not only
 * after the prompt is saved and opened again. Answers what keeps the snippets from expanding, if anything.
 */
export function useSnippetVariables(form: UseFormReturn<PromptFormValues>): { problem: string | null } {
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const names = useDebouncedValue(
    includedSnippetNames(content)
      .map((n) => n.toLowerCase())
      .sort()
      .join(' '),
    ASK_AFTER_MS,
  );
  const { data } = useQuery({
    queryKey: [...queryKeys.snippets, 'expand', names],
    // Only the inclusions are sent: the answer depends on which snippets, not on the rest of the text.
    queryFn: () =>
      apiRequest<SnippetExpansion>('POST', '/api/snippets/expand', {
        content: names
          .split(' ')
          .map((n) => `{{> ${n}}}`)
          .join('\n'),
      }),
    enabled: names !== '',
    placeholderData: keepPreviousData,
    // A colleague may create or share a missing snippet meanwhile: coming back to a set asks again.
    staleTime: 0,
    retry: false,
  });
  const variables = names !== '' ? data?.variables : undefined;
  // No input shows the list, but a field must be registered for resetField to act on it.
  useEffect(() => void form.register('snippetVariables'), [form]);
  useEffect(() => {
    // As the form's starting value too: learning a snippet's variables is no change of the writer's.
    if (variables) form.resetField('snippetVariables', { defaultValue: variables });
  }, [form, variables]);
  return { problem: names !== '' ? (data?.problem ?? null) : null };
}
