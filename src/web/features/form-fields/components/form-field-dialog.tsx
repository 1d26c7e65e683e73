import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, type FieldError, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FORM_FIELD_TYPES } from '../../../../shared/constants';
import { FIELD_TYPE_LABELS, type FormField, type FormFieldInput, fieldNameFromLabel, formFieldInputSchema } from '../../../../shared/schemas/form-fields';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField as Field } from '../../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveFormField } from '../api/form-field-admin';

interface Props {
  field: FormField | null;
  nextOrder: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}

/** What the dialog edits: the options as one text box, one per line; name and order are not shown. */
const dialogValuesSchema = z.object({
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  enabled: z.boolean(),
  placeholder: z.string(),
  options: z.string(),
});
type DialogValues = z.infer<typeof dialogValuesSchema>;
type FieldName = keyof DialogValues;

const hasOptions = (type: DialogValues['type']) => type === 'select' || type === 'multiselect';

/**
 * The dialog's values become the shared form-field input (name from the label on create, the order kept
 * or appended) and are checked by the same schema the server uses, so the messages match.
 */
function dialogSchema(field: FormField | null, nextOrder: number) {
  return dialogValuesSchema
    .transform((v): FormFieldInput => ({
      name: field?.name ?? fieldNameFromLabel(v.label),
      label: v.label,
      type: v.type,
      required: v.required,
      enabled: v.enabled,
      order: field?.order ?? nextOrder,
      placeholder: v.placeholder,
      options: hasOptions(v.type) ? v.options.split('\n') : [],
    }))
    .pipe(formFieldInputSchema);
}

function defaultsFor(field: FormField | null): DialogValues {
  return {
    label: field?.label ?? '',
    type: field?.type ?? 'text',
    required: field?.required ?? false,
    enabled: field?.enabled ?? true,
    placeholder: field?.placeholder ?? '',
    options: field && hasOptions(field.type) ? field.options.join('\n') : '',
  };
}

/** The dialog field that shows an error found at a path of the saved input ("name" comes from the label). */
function dialogFieldOf(path: string): FieldName | undefined {
  const head = path.split('.')[0] ?? '';
  if (head === 'name') return 'label';
  return head in dialogValuesSchema.shape ? (head as FieldName) : undefined;
}

/** The first message under a field, also when the schema reported it on one line of the options. */
function messageOf(errors: FieldErrors<DialogValues>, name: FieldName): string | undefined {
  const entry = (errors as Record<string, unknown>)[name];
  if (!entry || typeof entry !== 'object') return undefined;
  if ('message' in entry && typeof entry.message === 'string') return entry.message;
  for (const nested of Object.values(entry)) {
    if (nested && typeof nested === 'object' && 'message' in nested && typeof nested.message === 'string') return nested.message;
  }
  return undefined;
}

/** "Create New Form Field" / "Edit Form Field". */
export function FormFieldDialog({ field, nextOrder, open, onOpenChange }: Props) {
  const save = useSaveFormField();
  const schema = useMemo(() => dialogSchema(field, nextOrder), [field, nextOrder]);
  const form = useForm<DialogValues, unknown, z.output<typeof schema>>({
    resolver: async (values, context, options) => {
      // The name is made from the label, so a problem with the name is shown (and re-checked) on the label.
      const result = await zodResolver(schema)(values, context, options);
      const errors = result.errors as Record<string, FieldError | undefined>;
      if (errors.name) {
        errors.label ??= errors.name;
        delete errors.name;
      }
      return result;
    },
    mode: 'onChange',
    defaultValues: defaultsFor(field),
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const switchError = messageOf(errors, 'required') ?? messageOf(errors, 'enabled');

  // Filled once each time the dialog opens for a field: the list it came from may be fetched again
  // while the dialog is open, and that must not undo what the admin has typed.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = open ? (field?.id ?? 'new') : null;
    if (key !== null && key !== filledFor.current) form.reset(defaultsFor(field));
    filledFor.current = key;
  }, [open, field, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: field?.id, input });
      toast({ title: field ? 'Form field updated successfully!' : 'Form field created successfully!' });
      onOpenChange(false);
    } catch (err) {
      // The server's per-field messages go under the fields they concern.
      for (const [path, message] of Object.entries(err instanceof ApiError ? (err.fieldErrors ?? {}) : {})) {
        const name = dialogFieldOf(path);
        if (name) form.setError(name, { type: 'server', message });
      }
      toast({ title: 'Error', description: errorMessage(err, field ? 'Failed to update form field' : 'Failed to create form field'), variant: 'destructive' });
    }
  });

  const options = form.register('options', {
    // Blank lines go when the box loses focus, so what is shown is what will be saved.
    onBlur: (e: React.FocusEvent<HTMLTextAreaElement>) =>
      form.setValue(
        'options',
        e.target.value
          .split('\n')
          .map((o) => o.trim())
          .filter(Boolean)
          .join('\n'),
        { shouldValidate: true },
      ),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={field ? 'Edit Form Field' : 'Create New Form Field'} size="lg">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Display Label" error={messageOf(errors, 'label')}>
            <Input placeholder="e.g. Title, Content, Notes" {...form.register('label')} />
          </Field>
          <Field label="Field Type" error={messageOf(errors, 'type')}>
            <NativeSelect {...form.register('type')}>
              {FORM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="space-y-3 rounded-lg border border-slate-200 p-4">
            <Controller
              control={form.control}
              name="required"
              render={({ field: f }) => <Switch label="Required" checked={f.value} onCheckedChange={f.onChange} />}
            />
            <Controller
              control={form.control}
              name="enabled"
              render={({ field: f }) => <Switch label="Enabled" checked={f.value} onCheckedChange={f.onChange} />}
            />
            {switchError ? (
              <p role="alert" className="text-sm text-red-600">
                {switchError}
              </p>
            ) : null}
          </div>
          <Field label="Placeholder Text (Optional)" error={messageOf(errors, 'placeholder')}>
            <Input {...form.register('placeholder')} />
          </Field>
          {hasOptions(type) ? (
            <Field label="Options (one per line)" error={messageOf(errors, 'options')}>
              <Textarea rows={6} {...options} />
            </Field>
          ) : null}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel={field ? 'Update' : 'Create'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
