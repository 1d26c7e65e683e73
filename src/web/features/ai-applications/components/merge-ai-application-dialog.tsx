import { type FormEvent, useRef, useState } from 'react';
import type { AdminAiModel } from '../../../../shared/schemas/catalog';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMergeAiApplication } from '../api/ai-application-admin';
import { promptCount } from './ai-application-wording';

interface Props {
  source: AdminAiModel;
  /** Every application; the others are the choices. */
  models: readonly AdminAiModel[];
  /** The application chosen at first, e.g. the one a rename ran into. */
  initialInto?: string;
  /** Opened from Delete: says why a delete became a merge. */
  fromDelete?: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Merge “X”": the way to retire an application prompts name. Every prompt naming it names the chosen
 * one instead (once, if it named both), and it is deleted; the chosen one keeps its name and addresses.
 */
export function MergeAiApplicationDialog({ source: opened, models, initialInto, fromDelete, onOpenChange }: Props) {
  const merge = useMergeAiApplication();
  // The list refreshes while the dialog is open (a refused delete reloads it): the count is read from it.
  const source = models.find((m) => m.id === opened.id) ?? opened;
  // The most used first: the likeliest home for the same application under another name.
  const others = models.filter((m) => m.id !== source.id).sort((a, b) => b.prompts - a.prompts || a.name.localeCompare(b.name));
  const [into, setInto] = useState(initialInto ?? '');
  const [error, setError] = useState<string | undefined>();
  const target = others.find((m) => m.id === into);
  const select = useRef<HTMLSelectElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) {
      setError('Choose the AI application to merge into');
      return select.current?.focus();
    }
    try {
      const result = await merge.mutateAsync({ id: source.id, into: target.id });
      toast({ title: `Merged “${source.name}” into “${target.name}” in ${promptCount(result.prompts)}` });
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, 'Failed to merge the AI applications'));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Merge “${source.name}”`}
        // The choice first, rather than the dialog's close button: it is what there is to decide.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          select.current?.focus();
        }}
        description={
          source.prompts > 0
            ? `${fromDelete ? `“${source.name}” cannot be deleted while prompts name it. ` : ''}The ${promptCount(source.prompts)} naming it will name the application you choose instead, and “${source.name}” will be deleted.`
            : `“${source.name}” will be deleted; no prompt names it.`
        }
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <FormField label="Merge into" required error={error}>
            <NativeSelect
              ref={select}
              value={into}
              onChange={(e) => {
                setInto(e.target.value);
                setError(undefined);
              }}
            >
              <option value="">Choose an application…</option>
              {others.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({promptCount(m.prompts)})
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {target ? (
            <p className="text-sm break-words text-slate-600 [overflow-wrap:anywhere]" aria-live="polite">
              “{target.name}” keeps its name{target.launchUrl || target.homeUrl ? ' and addresses' : ''}.
            </p>
          ) : null}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={merge.isPending} submitLabel="Merge" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
