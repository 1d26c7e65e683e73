import { useId } from 'react';
import type { FormField } from '../../../../shared/schemas/form-fields';
import type { CustomFieldValue } from '../../../../shared/schemas/prompts';
import { Checkbox } from '../../../components/ui/checkbox';
import type { ControlProps } from '../../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { TagInput } from './tag-input';

interface Props {
  field: FormField;
  control: ControlProps;
  value: CustomFieldValue | undefined;
  onChange: (v: CustomFieldValue) => void;
}

/** Renders an admin-defined field by its type. */
export function CustomFieldInput({ field, control, value, onChange }: Props) {
  const placeholder = field.placeholder ?? undefined;
  const list = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'text':
      return <Input {...control} placeholder={placeholder} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />;
    case 'textarea':
      return (
        <Textarea {...control} rows={4} placeholder={placeholder} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
      );
    case 'checkbox':
      // Drawn by CustomCheckboxField, which labels the box itself; kept here so every type has a control.
      return <Checkbox id={control.id} label={field.label} checked={value === true} onCheckedChange={onChange} />;
    case 'select':
    case 'business-units':
      return (
        <NativeSelect {...control} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder ?? `Select ${field.label.toLowerCase()}`}</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect>
      );
    case 'multiselect':
      return (
        <fieldset
          id={control.id}
          aria-labelledby={`${control.id}-label`}
          aria-describedby={control['aria-describedby']}
          className="grid gap-2 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2"
        >
          {field.options.map((o) => (
            <Checkbox key={o} label={o} checked={list.includes(o)} onCheckedChange={(on) => onChange(on ? [...list, o] : list.filter((v) => v !== o))} />
          ))}
        </fieldset>
      );
    case 'tags':
      return <TagInput {...control} value={list} onChange={onChange} known={[]} placeholder={placeholder} />;
  }
}

/**
 * A checkbox field: the box with the field's label beside it, said once (not a heading above and the
 * same words again beside the box). The placeholder, if any, explains it under the box.
 */
export function CustomCheckboxField({
  field,
  value,
  onChange,
  error,
}: {
  field: FormField;
  value: CustomFieldValue | undefined;
  onChange: (v: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const hintId = field.placeholder ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Checkbox
        id={id}
        label={
          <span className="font-medium text-slate-800">
            {field.label}
            {field.required ? (
              <span className="ml-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            ) : null}
          </span>
        }
        checked={value === true}
        onCheckedChange={onChange}
        describedBy={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        invalid={Boolean(error)}
      />
      {field.placeholder ? (
        <p id={hintId} className="pl-6 text-xs text-slate-500">
          {field.placeholder}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="pl-6 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
