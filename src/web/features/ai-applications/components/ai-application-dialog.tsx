import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AiModel, type AiModelCreate, aiModelCreateSchema } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveAiApplication } from '../api/ai-application-admin';

type Values = { name: string; launchUrl: string; homeUrl: string };

interface Props {
  /** The application to change; none to add one. */
  model?: AiModel;
  /** Every application, to offer merging when a rename meets another's name. */
  models: readonly AiModel[];
  onOpenChange: (open: boolean) => void;
  onMergeInstead: (source: AiModel, into: AiModel) => void;
}

/**
 * "Add AI Application" / "Edit AI Application": its name (a rename is carried to every prompt), the
 * launch URL of "Open in …" and the home URL of "Copy & open".
 */
export function AiApplicationDialog({ model, models, onOpenChange, onMergeInstead }: Props) {
  const save = useSaveAiApplication();
  const form = useForm<Values, unknown, AiModelCreate>({
    resolver: zodResolver(aiModelCreateSchema) as never,
    mode: 'onChange',
    defaultValues: { name: model?.name ?? '', launchUrl: model?.launchUrl ?? '', homeUrl: model?.homeUrl ?? '' },
  });
  // A rename onto another application's name: offered as a merge into it, beside the message.
  const [mergeTarget, setMergeTarget] = useState<AiModel | null>(null);
  const submit = form.handleSubmit(async (change) => {
    setMergeTarget(null);
    try {
      await save.mutateAsync({ id: model?.id, ...change });
      toast({ title: model ? `Saved “${change.name}”` : `Added “${change.name}”` });
      onOpenChange(false);
    } catch (err) {
      if (hasErrorCode(err, 'ai_model_exists')) {
        form.setError('name', { type: 'server', message: err.serverMessage });
        const other = models.find((m) => m.id !== model?.id && m.name.toLowerCase() === change.name.toLowerCase());
        if (model && other) setMergeTarget(other);
      } else if (!applyServerFieldErrors(err, form.setError, ['name', 'launchUrl', 'homeUrl'])) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the AI application'), variant: 'destructive' });
      }
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={model ? 'Edit AI Application' : 'Add AI Application'}
        // The name first, rather than the dialog's close button: it is what there is to type.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.setFocus('name');
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Name" required error={errors.name?.message} hint={model ? 'Renaming changes every prompt that names this application.' : undefined}>
            <Input autoComplete="off" dir="auto" {...form.register('name')} />
          </FormField>
          {model && mergeTarget ? (
            <Button variant="secondary" size="sm" onClick={() => onMergeInstead(model, mergeTarget)}>
              Merge into “{mergeTarget.name}” instead…
            </Button>
          ) : null}
          <FormField
            label="Launch URL"
            error={errors.launchUrl?.message}
            hint={
              <>
                Optional, for applications that document a prefill address: https, with <code>{'{prompt}'}</code> where the prompt text goes. Used by “Open in
                …”.
              </>
            }
          >
            <Input type="url" placeholder="https://…?q={prompt}" spellCheck={false} {...form.register('launchUrl')} />
          </FormField>
          <FormField
            label="Home URL"
            error={errors.homeUrl?.message}
            hint="Optional. Where “Copy & open” goes when there is no launch URL: the prompt is copied, then this address opens."
          >
            <Input type="url" placeholder="https://…" spellCheck={false} {...form.register('homeUrl')} />
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel={model ? 'Save' : 'Add Application'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
