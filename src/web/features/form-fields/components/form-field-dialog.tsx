import { useEffect, useState } from 'react';
import { FORM_FIELD_TYPES, type FormFieldType } from '../../../../shared/constants';
import { FIELD_TYPE_LABELS, type FormField, fieldNameFromLabel, formFieldInputSchema } from '../../../../shared/schemas/form-fields';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField as Field } from '../../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveFormField } from '../api/form-field-admin';

interface Props {
  field: FormField | null;
  nextOrder: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}

/** "Create New Form Field" / "Edit Form Field" (§2). */
export function FormFieldDialog({ field, nextOrder, open, onOpenChange }: Props) {
  const save = useSaveFormField();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<FormFieldType>('text');
  const [required, setRequired] = useState(false);
  const [enabled, setEnabled] = useState(true);
  const [placeholder, setPlaceholder] = useState('');
  const [options, setOptions] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open) return;
    setLabel(field?.label ?? '');
    setType(field?.type ?? 'text');
    setRequired(field?.required ?? false);
    setEnabled(field?.enabled ?? true);
    setPlaceholder(field?.placeholder ?? '');
    setOptions(field && (field.type === 'select' || field.type === 'multiselect') ? field.options.join('\n') : '');
    setErrors({});
  }, [open, field]);

  const hasOptions = type === 'select' || type === 'multiselect';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      name: field?.name ?? fieldNameFromLabel(label),
      label,
      type,
      required,
      enabled,
      order: field?.order ?? nextOrder,
      placeholder,
      options: hasOptions ? options.split('\n') : [],
    };
    const parsed = formFieldInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await save.mutateAsync({ id: field?.id, input });
      toast({ title: field ? 'Form field updated successfully!' : 'Form field created successfully!' });
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, field ? 'Failed to update form field' : 'Failed to create form field'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={field ? 'Edit Form Field' : 'Create New Form Field'} size="lg">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Display Label" error={errors.label ?? errors.name}>
            <Input value={label} placeholder="e.g. Title, Content, Notes" onChange={(e) => setLabel(e.target.value)} />
          </Field>
          <Field label="Field Type" error={errors.type}>
            <NativeSelect value={type} onChange={(e) => setType(e.target.value as FormFieldType)}>
              {FORM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="space-y-3 rounded-lg border border-slate-200 p-4">
            <Switch label="Required" checked={required} onCheckedChange={setRequired} />
            <Switch label="Enabled" checked={enabled} onCheckedChange={setEnabled} />
          </div>
          <Field label="Placeholder Text (Optional)">
            <Input value={placeholder} onChange={(e) => setPlaceholder(e.target.value)} />
          </Field>
          {hasOptions ? (
            <Field label="Options (one per line)" error={errors.options}>
              <Textarea
                rows={6}
                value={options}
                onChange={(e) => setOptions(e.target.value)}
                onBlur={() => setOptions(options.split('\n').map((o) => o.trim()).filter(Boolean).join('\n'))}
              />
            </Field>
          ) : null}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel={field ? 'Update' : 'Create'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
