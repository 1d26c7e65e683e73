import type { Database } from '../../db/client';
import type { FormFieldRow } from '../../db/schema';
import { listEnabledFormFields } from './form-fields.repo';

/** The enabled fields in configured order: what the prompt form shows and the prompt service validates. */
export function getEnabledFormFields(db: Database): Promise<FormFieldRow[]> {
  return listEnabledFormFields(db);
}
