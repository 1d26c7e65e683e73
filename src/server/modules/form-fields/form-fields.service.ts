import type { Database } from '../../db/client';
import type { FormFieldRow } from '../../db/schema';
import { listEnabledFormFields, listFormFields } from './form-fields.repo';

/** The enabled fields in configured order: what the prompt form shows and the prompt service validates. */
export function getEnabledFormFields(db: Database): Promise<FormFieldRow[]> {
  return listEnabledFormFields(db);
}

/** Every field, enabled or not, in configured order: what an export of the settings holds. */
export function getAllFormFields(db: Database): Promise<FormFieldRow[]> {
  return listFormFields(db);
}
