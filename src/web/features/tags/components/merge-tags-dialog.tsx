import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type AdminTag, tagRenameSchema } from '../../../../shared/schemas/tags';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useMergeTags } from '../api/tag-admin';
import { existingTag, mergedText, promptCount, tagCount } from './tag-wording';

/** The radio value of "A new name" (tag ids are UUIDs, so it cannot clash with one). */
const NEW = 'new';

// The typed name obeys the same rules as a rename, but only when it is the chosen option.
const mergeFormSchema = z.object({ choice: z.string(), newName: z.string() }).superRefine((v, ctx) => {
  if (v.choice !== NEW) return;
  const checked = tagRenameSchema.shape.name.safeParse(v.newName);
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['newName'], message: checked.error.issues[0]?.message ?? 'Invalid name' });
});
type Values = z.infer<typeof mergeFormSchema>;

const optionClass = (checked: boolean) =>
  cn(
    'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
    checked ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
  );

interface Props {
  /** The tags to merge (two or more). */
  selected: readonly AdminTag[];
  /** Every tag, to say when a typed name is already taken. */
  tags: readonly AdminTag[];
  onOpenChange: (open: boolean) => void;
  onMerged: () => void;
}

/** "Merge tags": the selected tags become one, named after one of them or given a new name. */
export function MergeTagsDialog({ selected, tags, onOpenChange, onMerged }: Props) {
  const merge = useMergeTags();
  // The most used tag first: keeping its name changes the fewest prompts, so it is the default.
  const options = useMemo(() => [...selected].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)), [selected]);
  const form = useForm<Values>({ resolver: zodResolver(mergeFormSchema), mode: 'onChange', defaultValues: { choice: options[0]?.id ?? NEW, newName: '' } });
  const [choice, newName] = useWatch({ control: form.control, name: ['choice', 'newName'] });
  const selectedIds = useMemo(() => new Set(selected.map((t) => t.id)), [selected]);
  const taken = choice === NEW ? existingTag(tags, newName, selectedIds) : undefined;
  const newNameError = form.formState.errors.newName?.message;
  // A complaint about the typed name is moot once one of the tags' own names is chosen instead.
  const chooseProps = form.register('choice', { onChange: (e: { target: { value: string } }) => e.target.value !== NEW && form.clearErrors('newName') });

  const submit = form.handleSubmit(async (values) => {
    const into = values.choice === NEW ? values.newName.trim() : (selected.find((t) => t.id === values.choice)?.name ?? '');
    try {
      const result = await merge.mutateAsync({ ids: selected.map((t) => t.id), into });
      const sources = selected.filter((t) => t.name.toLowerCase() !== into.toLowerCase()).map((t) => t.name);
      toast({ title: mergedText(sources, result.name ?? into, result.prompts) });
      onMerged();
      onOpenChange(false);
    } catch (err) {
      const intoError = err instanceof ApiError ? err.fieldErrors?.into : undefined;
      if (intoError && values.choice === NEW) form.setError('newName', { type: 'server', message: intoError });
      else toast({ title: 'Error', description: errorMessage(err, 'Failed to merge the tags'), variant: 'destructive' });
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Merge ${tagCount(selected.length)}`}
        description="Every prompt that carries any of them gets the name you choose, once; the other tags go away."
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Resulting name</legend>
            <div className="max-h-64 space-y-2 overflow-y-auto">
              {options.map((t) => (
                <label key={t.id} className={optionClass(choice === t.id)}>
                  <input type="radio" value={t.id} className="shrink-0 accent-brand-600" {...chooseProps} />
                  <span className="min-w-0 flex-1 font-medium break-words [overflow-wrap:anywhere]" dir="auto">
                    {t.name}
                  </span>
                  <span className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums">{promptCount(t.count)}</span>
                </label>
              ))}
            </div>
            <div className={cn(optionClass(choice === NEW), 'mt-2 block cursor-default')}>
              <label className="flex cursor-pointer items-center gap-3">
                <input type="radio" value={NEW} className="shrink-0 accent-brand-600" {...chooseProps} />
                <span className="font-medium">A new name</span>
              </label>
              <Input
                className="mt-2"
                aria-label="New name"
                placeholder="Type a name"
                autoComplete="off"
                spellCheck={false}
                dir="auto"
                aria-invalid={newNameError ? true : undefined}
                aria-describedby={newNameError ? 'merge-new-name-error' : undefined}
                {...form.register('newName', {
                  // Typing a name means choosing it.
                  onChange: () => form.setValue('choice', NEW, { shouldValidate: true }),
                })}
              />
              {newNameError ? (
                <p id="merge-new-name-error" role="alert" className="mt-1.5 text-sm text-red-600">
                  {newNameError}
                </p>
              ) : null}
            </div>
          </fieldset>
          <div aria-live="polite">
            {taken ? (
              <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900 [overflow-wrap:anywhere]">
                “{taken.name}” already exists: the selected tags will be merged into it.
              </p>
            ) : null}
          </div>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={merge.isPending} submitLabel="Merge" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
