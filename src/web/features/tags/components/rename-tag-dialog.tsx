import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminTag, tagRenameSchema } from '../../../../shared/schemas/tags';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useRenameTag } from '../api/tag-admin';
import { existingTag, promptCount, renamedText } from './tag-wording';

type Values = z.input<typeof tagRenameSchema>;

/** "Rename tag": the name is carried into every prompt; another tag's name (any case) merges the two. */
export function RenameTagDialog({ tag, tags, onOpenChange }: { tag: AdminTag; tags: readonly AdminTag[]; onOpenChange: (open: boolean) => void }) {
  const rename = useRenameTag();
  const form = useForm<Values, unknown, z.output<typeof tagRenameSchema>>({
    resolver: zodResolver(tagRenameSchema),
    mode: 'onChange',
    defaultValues: { name: tag.name },
  });
  const typed = useWatch({ control: form.control, name: 'name' });
  const self = useMemo(() => new Set([tag.id]), [tag.id]);
  const target = existingTag(tags, typed ?? '', self);

  const submit = form.handleSubmit(async ({ name }) => {
    // The same name again changes nothing: close as if saved rather than bother the server.
    if (name === tag.name) {
      onOpenChange(false);
      return;
    }
    try {
      const result = await rename.mutateAsync({ id: tag.id, name });
      toast({ title: renamedText(tag.name, result.name, result.prompts, result.merged) });
      onOpenChange(false);
    } catch (err) {
      if (!applyServerFieldErrors(err, form.setError, ['name'])) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to rename the tag'), variant: 'destructive' });
      }
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Rename tag"
        description={
          <>
            <span className="font-medium break-words text-slate-700 [overflow-wrap:anywhere]" dir="auto">
              “{tag.name}”
            </span>{' '}
            is on {promptCount(tag.count)}; the new name replaces it in each of them.
          </>
        }
      >
        <form onSubmit={submit} noValidate>
          <FormField label="Name" error={form.formState.errors.name?.message}>
            <Input autoComplete="off" spellCheck={false} dir="auto" {...form.register('name')} />
          </FormField>
          {/* Announced as it appears, so someone typing hears that the name is taken before pressing Merge. */}
          <div aria-live="polite">
            {target ? (
              <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900 [overflow-wrap:anywhere]">
                “{target.name}” already exists: its prompts will be merged into it.
              </p>
            ) : null}
          </div>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={rename.isPending} submitLabel={target ? 'Merge' : 'Rename'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
