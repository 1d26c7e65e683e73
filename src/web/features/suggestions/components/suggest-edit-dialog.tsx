import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentType, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { promptInputSchema } from '../../../../shared/schemas/prompts';
import {
  SUGGESTED_FIELDS,
  SUGGESTION_MESSAGES,
  type SuggestedField,
  type SuggestionInput,
  suggestionInputSchema,
} from '../../../../shared/schemas/suggestions';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { type ControlProps, FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateSuggestion } from '../api/suggestion-queries';

/** The tag chips control, which belongs to the prompts feature: handed in by the app. */
export type TagsControl = ComponentType<Partial<ControlProps> & { value: string[]; onChange: (tags: string[]) => void }>;

// Every field filled in (the form starts from the prompt's text); the request then keeps only those changed.
const formSchema = suggestionInputSchema.extend({
  title: promptInputSchema.shape.title,
  content: promptInputSchema.shape.content,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export interface SuggestablePrompt {
  id: string;
  title: string;
  content: string;
  notes: string | null;
  tags: string[];
}

const FIELDS = [...SUGGESTED_FIELDS, 'message'] as const;

/** What differs from the prompt's text, as the request carries it; empty when nothing does. */
export function changedFields(prompt: SuggestablePrompt, values: FormOutput): Partial<Pick<SuggestionInput, SuggestedField>> {
  const now = { title: prompt.title, content: prompt.content, notes: prompt.notes, tags: prompt.tags };
  const changes: Partial<Pick<SuggestionInput, SuggestedField>> = {};
  for (const field of SUGGESTED_FIELDS) {
    const value = values[field] ?? null;
    if (JSON.stringify(value) !== JSON.stringify(now[field])) Object.assign(changes, { [field]: value });
  }
  return changes;
}

/**
 * "Suggest an edit": the prompt's title, content, notes and tags to change, and a message saying what the
 * change improves. Only the changed fields are sent; the prompt's owners decide.
 */
export function SuggestEditDialog({ prompt, TagInput, onClose }: { prompt: SuggestablePrompt; TagInput: TagsControl; onClose: () => void }) {
  const create = useCreateSuggestion(prompt.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: { title: prompt.title, content: prompt.content, notes: prompt.notes ?? '', tags: prompt.tags, message: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const changes = changedFields(prompt, values);
    if (Object.keys(changes).length === 0) {
      setRefusal(SUGGESTION_MESSAGES.nothingChanged);
      return;
    }
    try {
      await create.mutateAsync({ ...changes, message: values.message });
      toast({ title: 'Suggestion sent', description: 'The prompt’s owners will accept or decline it.' });
      onClose();
    } catch (err) {
      if (applyServerFieldErrors(err, form.setError, [...FIELDS])) {
        const first = FIELDS.find((f) => form.getFieldState(f).error);
        if (first) form.setFocus(first);
      } else {
        setRefusal(errorMessage(err, 'The suggestion could not be sent. Try again.'));
      }
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Suggest an edit"
        description={
          <>
            Change what should be different in <span className="break-words [overflow-wrap:anywhere]">“{prompt.title}”</span>. Its owners see your suggestion
            and accept or decline it.
          </>
        }
        size="xl"
        // The content first, rather than the dialog's close button: it is what most suggestions change.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.setFocus('content');
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-5">
          <FormField label="Title" error={errors.title?.message} required>
            <Input autoComplete="off" dir="auto" {...form.register('title')} />
          </FormField>
          <FormField label="Content" error={errors.content?.message} required>
            <Textarea rows={8} dir="auto" className="font-mono" {...form.register('content')} />
          </FormField>
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} dir="auto" {...form.register('notes')} />
          </FormField>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <FormField label="Tags" error={errors.tags?.message}>
                {(control) => <TagInput {...control} value={field.value ?? []} onChange={field.onChange} />}
              </FormField>
            )}
          />
          <FormField label="Message" error={errors.message?.message} hint="What does your change improve?" required>
            <Textarea rows={3} dir="auto" {...form.register('message')} />
          </FormField>
          {refusal ? (
            <ErrorBox compact>
              <p>{refusal}</p>
            </ErrorBox>
          ) : null}
          <FormDialogFooter onCancel={onClose} pending={create.isPending} submitLabel="Send suggestion" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
