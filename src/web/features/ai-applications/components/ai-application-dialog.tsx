import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type AiModel, type AiModelUpdate, aiModelUpdateSchema } from '../../../../shared/schemas/catalog';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { hasErrorCode } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveAiApplication } from '../api/ai-application-admin';

type Values = { name: string; launchUrl: string };

/** "Edit AI Application": its name (carried to every prompt) and the launch URL of "Open in …". */
export function AiApplicationDialog({ model, onOpenChange }: { model: AiModel; onOpenChange: (open: boolean) => void }) {
  const save = useSaveAiApplication();
  const form = useForm<Values, unknown, AiModelUpdate>({
    resolver: zodResolver(aiModelUpdateSchema) as never,
    mode: 'onChange',
    defaultValues: { name: model.name, launchUrl: model.launchUrl ?? '' },
  });
  const submit = form.handleSubmit(async (change) => {
    try {
      await save.mutateAsync({ id: model.id, ...change });
      toast({ title: 'AI application updated successfully!' });
      onOpenChange(false);
    } catch (err) {
      if (hasErrorCode(err, 'ai_model_exists')) form.setError('name', { type: 'server', message: err.serverMessage });
      else applyServerFieldErrors(err, form.setError, ['name', 'launchUrl']);
      toast({ title: 'Error', description: 'Failed to update the AI application', variant: 'destructive' });
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Edit AI Application">
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Name" error={errors.name?.message} hint="Renaming changes every prompt that names this application.">
            <Input {...form.register('name')} />
          </FormField>
          <FormField
            label="Launch URL"
            error={errors.launchUrl?.message}
            hint={
              <>
                Optional. An https address with <code>{'{prompt}'}</code> where the prompt text goes, e.g. <code>https://chatgpt.com/?q={'{prompt}'}</code>.
              </>
            }
          >
            <Input placeholder="https://…?q={prompt}" spellCheck={false} {...form.register('launchUrl')} />
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel="Save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
