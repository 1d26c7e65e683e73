import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type SynonymList, synonymsFromText, synonymsToText } from '../../../../shared/schemas/search';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ErrorBox } from '../../../components/ui/error-box';

const PATH = '/api/admin/search-synonyms';

/**
 * Search synonyms, edited as text: one group a line, terms separated by commas. A search for one term
 * also finds prompts with the others ("soccer" finds "football").
 */
export function SearchSynonymsSection() {
  const qc = useQueryClient();
  const id = useId();
  const { data, isLoading, isError, error } = useQuery<SynonymList>({ queryKey: [PATH], queryFn: () => apiRequest<SynonymList>('GET', PATH) });
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (data && text === null) setText(synonymsToText(data.groups));
  }, [data, text]);
  const save = useMutation({
    mutationFn: (value: string) => apiRequest<SynonymList>('PUT', PATH, { groups: synonymsFromText(value) }),
    onSuccess: (saved) => {
      qc.setQueryData([PATH], saved);
      setText(synonymsToText(saved.groups));
      toast({ title: 'Search synonyms saved' });
    },
  });
  const value = text ?? '';
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 max-w-3xl">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Search synonyms
      </h2>
      <p id={`${id}-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        One group per line, terms separated by commas. Searching for one term also finds prompts with the others.
      </p>
      {isError ? (
        <ErrorBox className="mt-3">
          <p>Error loading synonyms: {errorMessage(error, error.message)}</p>
        </ErrorBox>
      ) : (
        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(value);
          }}
        >
          <label htmlFor={`${id}-text`} className="sr-only">
            Search synonyms
          </label>
          <Textarea
            id={`${id}-text`}
            aria-describedby={`${id}-help`}
            rows={8}
            value={value}
            disabled={isLoading}
            onChange={(e) => setText(e.target.value)}
            className="font-mono text-sm"
          />
          {save.isError ? (
            <ErrorBox compact className="mt-2">
              <p>{errorMessage(save.error, 'Could not save the synonyms')}</p>
            </ErrorBox>
          ) : null}
          <Button type="submit" className="mt-3" disabled={isLoading || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save synonyms'}
          </Button>
        </form>
      )}
    </section>
  );
}
