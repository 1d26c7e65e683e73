import { eq } from 'drizzle-orm';
import { KNOWN_FIELD_NAMES } from '../../../shared/constants';
import { type FormField, fieldNameFromLabel, type formFieldInputSchema } from '../../../shared/schemas/form-fields';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type FormFieldRow, formFields, type UserRow } from '../../db/schema';
import { badRequest, conflict, invalidFields, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { changes, recordAudit } from '../audit/audit';
import { listBusinessUnitNames } from '../business-units/business-units.service';
import { toFormField } from './form-fields.presenter';
import { listFormFields } from './form-fields.repo';

type Input = z.output<typeof formFieldInputSchema>;
const CORE = new Set(['title', 'content']);
const KNOWN = new Set<string>(KNOWN_FIELD_NAMES);

export async function presentFields(db: Database, rows: FormFieldRow[]): Promise<FormField[]> {
  const names = await listBusinessUnitNames(db);
  return rows.map((r) => toFormField(r, names));
}

export async function listAllFormFields(db: Database): Promise<FormField[]> {
  return presentFields(db, await listFormFields(db));
}

/** Options belong to select and multiselect only; those two need at least one. */
function cleanOptions(input: Input): string[] {
  if (input.type !== 'select' && input.type !== 'multiselect') return [];
  if (input.options.length === 0) throw invalidFields('Add at least one option', { options: 'Add at least one option, one per line' });
  return input.options;
}

function nameTaken(name: string) {
  return (err: unknown): never => {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(`A form field named "${name}" already exists`, 'field_name_taken');
    throw err;
  };
}

/** What the audit log shows of a field. */
const auditedField = (f: Pick<FormFieldRow, 'name' | 'label' | 'type' | 'enabled' | 'required' | 'placeholder' | 'options'>) => ({
  name: f.name,
  label: f.label,
  type: f.type,
  enabled: f.enabled,
  required: f.required,
  placeholder: f.placeholder,
  options: f.options,
});

export async function createFormField(db: Database, actor: UserRow, input: Input): Promise<FormField> {
  // On create the name comes from the label (lowercase, a-z and 0-9 only).
  const name = fieldNameFromLabel(input.label);
  if (!name) throw invalidFields('Field name is required', { name: 'Field name is required', label: 'The label needs at least one letter or digit' });
  const options = cleanOptions(input);
  const row = await db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(formFields)
        .values({ ...input, name, options })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'form_field.created',
        target: { type: 'form_field', id: inserted!.id },
        summary: `Created form field “${inserted!.label}” (${inserted!.type})`,
        after: auditedField(inserted!),
      });
      return inserted;
    })
    .catch(nameTaken(name));
  return (await presentFields(db, [row!]))[0]!;
}

async function findField(db: Database, id: string): Promise<FormFieldRow> {
  const [row] = await db.select().from(formFields).where(eq(formFields.id, id)).limit(1);
  if (!row) throw notFound('Form field not found', 'form_field_not_found');
  return row;
}

export async function updateFormField(db: Database, actor: UserRow, id: string, input: Input): Promise<FormField> {
  const existing = await findField(db, id);
  if (KNOWN.has(existing.name) && input.type !== existing.type) {
    throw invalidFields(`The type of the built-in field "${existing.label}" cannot change`, { type: 'Built-in fields keep their type' });
  }
  if (CORE.has(existing.name) && (!input.enabled || !input.required)) {
    throw invalidFields(`${existing.label} is always shown and required`, { enabled: 'Title and content are always enabled and required' });
  }
  // On edit the existing name is kept.
  const options = cleanOptions(input);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(formFields)
      .set({ ...input, name: existing.name, options })
      .where(eq(formFields.id, id))
      .returning();
    const changed = changes(auditedField(existing), auditedField(updated!));
    if (changed) {
      await recordAudit(tx, {
        actor,
        action: 'form_field.updated',
        target: { type: 'form_field', id },
        summary: `Updated form field “${updated!.label}”`,
        ...changed,
      });
    }
    return updated;
  });
  return (await presentFields(db, [row!]))[0]!;
}

export async function deleteFormField(db: Database, actor: UserRow, id: string): Promise<void> {
  const existing = await findField(db, id);
  if (CORE.has(existing.name)) throw badRequest(`${existing.label} cannot be deleted`, 'core_field');
  // Values already stored on prompts stay in custom_fields; they simply stop showing.
  await db.transaction(async (tx) => {
    await tx.delete(formFields).where(eq(formFields.id, id));
    await recordAudit(tx, {
      actor,
      action: 'form_field.deleted',
      target: { type: 'form_field', id },
      summary: `Deleted form field “${existing.label}”`,
      before: auditedField(existing),
    });
  });
}

/** Renumbers every field from 1 by its position in `ids`, in one transaction. */
export async function reorderFormFields(db: Database, actor: UserRow, ids: string[]): Promise<FormField[]> {
  const all = await listFormFields(db);
  const known = new Set(all.map((f) => f.id));
  if (new Set(ids).size !== ids.length || ids.length !== all.length || ids.some((id) => !known.has(id))) {
    throw invalidFields('Send every form field exactly once, in the new order', { fields: 'Send every form field exactly once' });
  }
  await db.transaction(async (tx) => {
    for (const [index, id] of ids.entries()) {
      await tx
        .update(formFields)
        .set({ order: index + 1 })
        .where(eq(formFields.id, id));
    }
    const byId = new Map(all.map((f) => [f.id, f.name]));
    const before = all.map((f) => f.name);
    const after = ids.map((id) => byId.get(id)!);
    if (before.join() !== after.join()) {
      await recordAudit(tx, {
        actor,
        action: 'form_field.reordered',
        summary: 'Reordered the form fields',
        before: { order: before },
        after: { order: after },
      });
    }
  });
  return listAllFormFields(db);
}
