import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { PromptListResponse } from '../../../../shared/schemas/prompts';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeStatus } from './status-queries';

/** The prompts a search finds, to name as the replacement (published and verified ones: what lists show). */
function useReplacementCandidates(search: string, exceptId: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['/api/prompts', { search: q, limit: '6', purpose: 'replacement' }],
    queryFn: () => apiRequest<PromptListResponse>('GET', `/api/prompts?search=${encodeURIComponent(q)}&limit=6`),
    enabled: q.length > 1,
    select: (page) => page.items.filter((item) => item.id !== exceptId),
  });
}

/**
 * "Deprecate": the prompt leaves everyone's default lists and searches, and its page points to the
 * prompt to use instead, if one is chosen here.
 */
export function DeprecateDialog({ prompt, onClose }: { prompt: { id: string; title: string }; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [replacementId, setReplacementId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useReplacementCandidates(search, prompt.id);
  const change = useChangeStatus(prompt.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(
      { status: 'deprecated', ...(replacementId ? { replacementId } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Prompt deprecated', description: 'It no longer shows in lists and searches unless someone asks for deprecated prompts.' });
          onClose();
        },
        onError: (err) => setError(errorMessage(err, 'The prompt could not be deprecated. Try again.')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Deprecate prompt"
        description={`“${prompt.title}” stays available to those who open it, but leaves lists and searches. You can name the prompt to use instead.`}
        size="md"
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Use instead (optional)" hint="Search for the prompt that replaces it.">
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search prompts" autoComplete="off" />
          </FormField>
          {candidates.data?.length ? (
            <fieldset className="space-y-1">
              <legend className="sr-only">Replacement</legend>
              {[{ id: '', title: 'No replacement' }, ...candidates.data].map((item) => (
                <label key={item.id || 'none'} className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input
                    type="radio"
                    name="replacement"
                    checked={(replacementId ?? '') === item.id}
                    onChange={() => setReplacementId(item.id || null)}
                    className="h-4 w-4 shrink-0 accent-brand-600"
                  />
                  <span className="truncate" dir="auto" title={item.title}>
                    {item.title}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : search.trim().length > 1 && candidates.isSuccess ? (
            <p className="text-sm text-slate-500">No published prompt matches.</p>
          ) : null}
          {error ? (
            <ErrorBox compact>
              <p>{error}</p>
            </ErrorBox>
          ) : null}
          <FormDialogFooter onCancel={onClose} pending={change.isPending} submitLabel="Deprecate" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
