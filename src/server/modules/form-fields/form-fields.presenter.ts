import type { FormField } from '../../../shared/schemas/form-fields';
import type { FormFieldRow } from '../../db/schema';

/** A field as the API shows it; business-units fields list the unit names instead of stored options. */
export function toFormField(row: FormFieldRow, unitNames: string[]): FormField {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    type: row.type,
    required: row.required,
    enabled: row.enabled,
    order: row.order,
    placeholder: row.placeholder,
    options: row.type === 'business-units' ? unitNames : row.options,
  };
}
