import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type FormFieldRow, formFields } from '../../db/schema';

export function listFormFields(db: Database): Promise<FormFieldRow[]> {
  return db.select().from(formFields).orderBy(asc(formFields.order), asc(formFields.name));
}

export function listEnabledFormFields(db: Database): Promise<FormFieldRow[]> {
  return db.select().from(formFields).where(eq(formFields.enabled, true)).orderBy(asc(formFields.order), asc(formFields.name));
}
