import { KNOWN_FIELD_NAMES } from '../../../shared/constants';
import { type CustomFieldValue, customFieldValueOf } from '../../../shared/schemas/prompts';
import type { FormFieldRow } from '../../db/schema';

const known = new Set<string>(KNOWN_FIELD_NAMES);

export function isCustomField(field: Pick<FormFieldRow, 'name'>): boolean {
  return !known.has(field.name);
}

function isEmpty(value: CustomFieldValue | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Checks the values of the enabled custom fields against their configuration and returns the clean
 * values plus a message per bad field. Keys that are not enabled custom fields are ignored.
 */
export function validateCustomFields(
  fields: FormFieldRow[],
  input: Record<string, CustomFieldValue | undefined> | undefined,
  businessUnitNames: string[],
): { values: Record<string, CustomFieldValue>; errors: Record<string, string> } {
  // Entries become the object at the end: an assignment to a key such as "__proto__" would set the
  // prototype instead of storing a value.
  const accepted: Array<[string, CustomFieldValue]> = [];
  const errors: Record<string, string> = {};
  const units = new Map(businessUnitNames.map((n) => [n.toLowerCase(), n]));
  for (const field of fields.filter(isCustomField)) {
    const key = `customFields.${field.name}`;
    let value = customFieldValueOf(input, field.name);
    if (typeof value === 'string') value = value.trim();
    if (Array.isArray(value)) value = [...new Set(value.map((v) => v.trim()).filter(Boolean))];
    if (isEmpty(value) || (field.type === 'checkbox' && value === false && field.required)) {
      if (field.required) errors[key] = `${field.label} is required`;
      else if (field.type === 'checkbox') accepted.push([field.name, value === false]);
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'textarea':
        if (typeof value !== 'string') errors[key] = `${field.label} must be text`;
        else if (field.type === 'text' && value.length > 500) errors[key] = `${field.label} must be at most 500 characters`;
        else accepted.push([field.name, value]);
        break;
      case 'checkbox':
        if (typeof value !== 'boolean') errors[key] = `${field.label} must be true or false`;
        else accepted.push([field.name, value]);
        break;
      case 'select':
        if (typeof value !== 'string' || !field.options.includes(value)) errors[key] = `${field.label} must be one of: ${field.options.join(', ')}`;
        else accepted.push([field.name, value]);
        break;
      case 'multiselect':
        if (!Array.isArray(value) || value.some((v) => !field.options.includes(v))) {
          errors[key] = `${field.label} may only contain: ${field.options.join(', ')}`;
        } else accepted.push([field.name, value]);
        break;
      case 'tags':
        if (!Array.isArray(value)) errors[key] = `${field.label} must be a list`;
        else accepted.push([field.name, value]);
        break;
      case 'business-units': {
        const unit = typeof value === 'string' ? units.get(value.toLowerCase()) : undefined;
        if (!unit) errors[key] = `${field.label} must be an existing business unit`;
        else accepted.push([field.name, unit]);
        break;
      }
    }
  }
  return { values: Object.fromEntries(accepted), errors };
}
