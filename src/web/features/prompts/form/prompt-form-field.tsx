import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { KNOWN_FIELD_NAMES } from '../../../../shared/constants';
import type { FormField as FieldConfig } from '../../../../shared/schemas/form-fields';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { AiModelsField } from './ai-models-field';
import { BusinessUnitField } from './business-unit-field';
import { CustomCheckboxField, CustomFieldInput } from './custom-field-input';
import { PromptContentEditor } from './prompt-content-editor';
import { TagInput } from './tag-input';
import type { PromptFormValues } from './use-prompt-form-state';

function errorOf(errors: FieldErrors<PromptFormValues>, name: string): string | undefined {
  if (name.startsWith('customFields.')) {
    const key = name.slice('customFields.'.length);
    return (errors.customFields as Record<string, { message?: string }> | undefined)?.[key]?.message;
  }
  return (errors as Record<string, { message?: string } | undefined>)[name]?.message;
}

interface Props {
  /** The field as the administrator configured it: label, type, placeholder, whether it is required. */
  field: FieldConfig;
  form: UseFormReturn<PromptFormValues>;
  /** Tags already in use, offered as the member types. */
  knownTags: string[];
}

/**
 * One configured field of the prompt form, rendered by what it is: the built-in fields by name (title,
 * content, notes, AI applications, tags, business unit), the administrator's own by their type.
 */
export function PromptFormField({ field: f, form, knownTags }: Props) {
  const name = (KNOWN_FIELD_NAMES as readonly string[]).includes(f.name) ? f.name : `customFields.${f.name}`;
  const error = errorOf(form.formState.errors, name);
  const required = f.required || f.name === 'title' || f.name === 'content';
  const placeholder = f.placeholder ?? undefined;
  if (f.type === 'checkbox' && name !== f.name) {
    return (
      <Controller
        control={form.control}
        name={`customFields.${f.name}`}
        render={({ field }) => <CustomCheckboxField field={f} value={field.value} onChange={field.onChange} error={error} />}
      />
    );
  }
  return (
    <FormField label={f.label} error={error} required={required}>
      {(control) => {
        switch (f.name) {
          case 'title':
            return <Input {...control} placeholder={placeholder} {...form.register('title')} />;
          case 'content':
            return (
              <Controller
                control={form.control}
                name="content"
                render={({ field }) => (
                  <PromptContentEditor
                    control={control}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    fieldRef={field.ref}
                    placeholder={placeholder}
                  />
                )}
              />
            );
          case 'notes':
            return <Textarea {...control} rows={4} placeholder={placeholder} {...form.register('notes')} />;
          case 'aiModels':
            return (
              <Controller
                control={form.control}
                name="aiModels"
                render={({ field }) => <AiModelsField {...control} value={field.value} onChange={field.onChange} placeholder={f.placeholder} />}
              />
            );
          case 'tags':
            return (
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => <TagInput {...control} value={field.value} onChange={field.onChange} known={knownTags} placeholder={f.placeholder} />}
              />
            );
          case 'userBusinessUnit':
            return (
              <Controller
                control={form.control}
                name="userBusinessUnit"
                render={({ field }) => <BusinessUnitField {...control} value={field.value} onChange={field.onChange} placeholder={f.placeholder} />}
              />
            );
          default:
            return (
              <Controller
                control={form.control}
                name={`customFields.${f.name}`}
                render={({ field }) => <CustomFieldInput field={f} control={control} value={field.value} onChange={field.onChange} />}
              />
            );
        }
      }}
    </FormField>
  );
}
