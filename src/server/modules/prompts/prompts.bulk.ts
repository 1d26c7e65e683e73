import { canEditPrompt } from '../../../shared/policies/prompts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { BULK_MAX_PROMPTS, type BulkActionInput, type BulkResult } from '../../../shared/schemas/bulk';
import { type Database, queryRows } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { AppError, forbidden, invalidFields } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { findBusinessUnit } from '../business-units/business-units.service';
import { canonicalTags } from '../catalog/catalog.service';
import { getEnabledFormFields } from '../form-fields/form-fields.service';
import { moveToTrash } from '../trash/trash.service';
import { audienceOf, resolvePromptWhere, seenBy } from '../prompt-query';
import { listedStatuses } from '../../../shared/schemas/status';
import { changeVisibility } from './prompts.bulk-visibility';
import { assertCollectionVisible } from '../collections/collections.service';
import { uuidArray } from '../../db/sql-arrays';

// Bulk actions over a selection or a whole filtered list: one request, one transaction, one version per
// changed prompt and one audit event for the lot. The writes are set-based (a handful of statements
// whatever the count), except the trash, which keeps a snapshot per prompt.

/** Ids as one array parameter (a PostgreSQL array literal: uuids need no quoting), whatever their number. */

const plural = (n: number) => `${n.toLocaleString('en')} prompt${n === 1 ? '' : 's'}`;

/** The prompts a request names: its ids, or its filter as the list reads it (own prompts only for non-admins). */
async function selectionWhere(db: Database, viewer: UserRow, input: BulkActionInput): Promise<SQL | undefined> {
  // Named ids the caller may not see are not selected: they do not exist for them.
  if (input.ids) return and(inArray(prompts.id, input.ids), seenBy(viewer));
  const f = input.filter!;
  const ownerId = viewer.role !== 'admin' || f.mine ? viewer.id : undefined;
  const query = {
    search: f.search,
    businessUnits: f.businessUnits,
    aiModels: f.aiModels,
    tags: f.tags,
    visibility: f.visibility,
    favoritesOf: f.favorites ? viewer.id : undefined,
    audience: audienceOf(viewer),
    statuses: listedStatuses(f.status, f.verified, ownerId !== undefined),
    collection: f.collection,
  };
  await assertCollectionVisible(db, viewer, f.collection);
  return (await resolvePromptWhere(db, query, ownerId)).where;
}

/** What one action changes: which of the selected prompts it touches, and the new values it sets. */
interface Change {
  /** Of the selected prompts, those this action changes (the others already have the value). */
  needs: SQL;
  set: SQL;
  field: 'userBusinessUnit' | 'tags';
  note: string;
  message: (n: number) => string;
}

const tagKey = (name: string) => sql`array[${`t:${name}`}]::text[]`;

async function changeFor(tx: Database, input: BulkActionInput, ids: string[]): Promise<Change> {
  const value = input.value!;
  switch (input.action) {
    case 'moveToBusinessUnit': {
      const unit = await findBusinessUnit(tx, value);
      if (!unit) throw invalidFields(`There is no business unit “${value}”`, { value: 'Choose an existing business unit' });
      return {
        needs: sql`${prompts.userBusinessUnit} <> ${unit.name}`,
        set: sql`user_business_unit = ${unit.name}`,
        field: 'userBusinessUnit',
        note: `Moved to business unit “${unit.name}”`,
        message: (n) => `Moved ${plural(n)} to “${unit.name}”`,
      };
    }
    case 'addTag': {
      const [tag] = await canonicalTags(tx, [value]);
      return {
        needs: sql`not (${prompts.facets} @> ${tagKey(tag!)})`,
        set: sql`tags = tags || ${tag!}::text`,
        field: 'tags',
        note: `Tag “${tag}” added`,
        message: (n) => `Added “${tag}” to ${plural(n)}`,
      };
    }
    case 'removeTag': {
      const [tag] = await canonicalTags(tx, [value]);
      const needs = sql`${prompts.facets} @> ${tagKey(tag!)}`;
      const required = (await getEnabledFormFields(tx)).some((f) => f.name === 'tags' && f.required);
      if (required) {
        const [only] = await queryRows(
          tx,
          sql`select count(*)::int as n from ${prompts} where id = any(${uuidArray(ids)}) and ${needs} and cardinality(tags) = 1`,
        );
        const blocking = Number(only?.n ?? 0);
        if (blocking) {
          throw new AppError(409, 'tag_is_only_tag', `“${tag}” is the only tag of ${plural(blocking)} in the selection, and prompts need at least one tag.`, {
            blocking: String(blocking),
          });
        }
      }
      return {
        needs,
        set: sql`tags = array_remove(tags, ${tag!}::text)`,
        field: 'tags',
        note: `Tag “${tag}” removed`,
        message: (n) => `Removed “${tag}” from ${plural(n)}`,
      };
    }
    case 'trash':
    case 'changeVisibility':
      throw new Error('these have their own paths');
  }
}

/** Version 1 (the state before) for prompts saved before versions existed, as a single edit would add. */
const baselineVersions = (ids: SQL) => sql`
  insert into prompt_versions (prompt_id, number, title, content, notes, ai_models, tags, user_business_unit, custom_fields,
    editor_id, editor_first_name, editor_last_name, created_at, note, changed_fields)
  select p.id, 1, p.title, p.content, p.notes, p.ai_models, p.tags, p.user_business_unit, p.custom_fields,
    u.id, coalesce(u.first_name, ''), coalesce(u.last_name, ''), p.updated_at, null,
    array['title', 'content'] || case when coalesce(p.notes, '') <> '' then array['notes'] else '{}'::text[] end
      || case when cardinality(p.ai_models) > 0 then array['aiModels'] else '{}'::text[] end
      || case when cardinality(p.tags) > 0 then array['tags'] else '{}'::text[] end
      || case when p.user_business_unit <> '' then array['userBusinessUnit'] else '{}'::text[] end
  from prompts p left join users u on u.id = p.user_id
  where p.id = any(${ids}) and not exists (select 1 from prompt_versions v where v.prompt_id = p.id)`;

async function applyChange(tx: Database, viewer: UserRow, change: Change, ids: string[]): Promise<string[]> {
  const idArray = uuidArray(ids);
  const toChange = (await queryRows(tx, sql`select id from ${prompts} where id = any(${idArray}) and ${change.needs}`)).map((r) => String(r.id));
  if (toChange.length === 0) return [];
  const changedArray = uuidArray(toChange);
  await tx.execute(baselineVersions(changedArray));
  await tx.execute(sql`update prompts set ${change.set}, updated_at = now() where id = any(${changedArray})`);
  await tx.execute(sql`
    insert into prompt_versions (prompt_id, number, title, content, notes, ai_models, tags, user_business_unit, custom_fields,
      editor_id, editor_first_name, editor_last_name, note, changed_fields)
    select p.id, (select max(v.number) from prompt_versions v where v.prompt_id = p.id) + 1, p.title, p.content, p.notes, p.ai_models,
      p.tags, p.user_business_unit, p.custom_fields, ${viewer.id}::uuid, ${viewer.firstName}, ${viewer.lastName}, ${change.note},
      array[${change.field}]::text[]
    from prompts p where p.id = any(${changedArray})`);
  return toChange;
}

/**
 * Moves every prompt of one business unit to another (deleting a unit that is still in use), with a
 * version per prompt like any bulk move. Returns how many moved.
 */
export async function movePromptsBetweenUnits(tx: Database, viewer: UserRow, from: string, to: string): Promise<number> {
  const ids = (await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.userBusinessUnit, from)).for('update')).map((r) => r.id);
  if (ids.length === 0) return 0;
  const change: Change = {
    needs: sql`${prompts.userBusinessUnit} <> ${to}`,
    set: sql`user_business_unit = ${to}`,
    field: 'userBusinessUnit',
    note: `Moved to business unit “${to}” (“${from}” was deleted)`,
    message: (n) => `Moved ${plural(n)} to “${to}”`,
  };
  return (await applyChange(tx, viewer, change, ids)).length;
}

/**
 * Runs one bulk action. Editors may act on the prompts they own or co-own only (canEditPrompt); a
 * selection holding others' is refused whole.
 */
export async function runBulkAction(db: Database, viewer: UserRow, input: BulkActionInput): Promise<BulkResult> {
  const where = await selectionWhere(db, viewer, input);
  return promptWriteTransaction(db, async (tx) => {
    const selected = await tx
      .select({ id: prompts.id, userId: prompts.userId, coOwnerIds: prompts.coOwnerIds })
      .from(prompts)
      .where(where)
      .orderBy(prompts.id)
      .limit(BULK_MAX_PROMPTS + 1)
      .for('update');
    if (selected.length > BULK_MAX_PROMPTS) {
      throw invalidFields(`More than ${BULK_MAX_PROMPTS.toLocaleString('en')} prompts match: narrow the list first`, { filter: 'Too many prompts' });
    }
    if (viewer.role !== 'admin') {
      const others = selected.filter((p) => !canEditPrompt(viewer, p)).length;
      if (others) throw forbidden(`You can only change your own prompts: ${plural(others)} of the selection ${others === 1 ? 'belongs' : 'belong'} to others`);
    }
    const ids = selected.map((p) => p.id);
    let changed: string[] = [];
    let message: string;
    if (input.action === 'trash') {
      for (const id of ids) {
        const [row] = await tx.select().from(prompts).where(eq(prompts.id, id));
        await moveToTrash(tx, row!, viewer, { audit: false });
      }
      changed = ids;
      message = `Moved ${plural(ids.length)} to the trash`;
    } else if (input.action === 'changeVisibility') {
      const result = await changeVisibility(tx, viewer, input, ids);
      changed = result.changed;
      message = `Changed who can see ${plural(changed.length)} to ${result.described}`;
    } else {
      const change = await changeFor(tx, input, ids);
      changed = ids.length ? await applyChange(tx, viewer, change, ids) : [];
      message = change.message(changed.length);
    }
    if (changed.length) {
      await recordAudit(tx, {
        actor: viewer,
        action: input.action === 'trash' ? 'prompt.trashed' : input.action === 'changeVisibility' ? 'prompt.visibility_changed' : 'prompt.updated',
        target: { type: 'prompt' },
        summary: `Bulk action: ${message}`,
        after: {
          action: input.action,
          value: input.value ?? null,
          ...(input.action === 'changeVisibility' ? { units: input.units ?? null } : {}),
          selection: input.ids ? 'ids' : input.filter,
          count: changed.length,
          // Enough to find them again without making one event the size of the selection.
          promptIds: changed.slice(0, 100),
        },
      });
    }
    return { action: input.action, matched: ids.length, changed: changed.length, message };
  });
}
