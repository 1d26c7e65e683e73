import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminTag, TagChangeResult } from '../../../shared/schemas/tags';
import { type Database, queryRows } from '../../db/client';
import { prompts, tags, type UserRow } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../errors';
import { promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { recordAudit } from '../audit/audit';
import { usedValues } from '../catalog/catalog.service';
import { getEnabledFormFields } from '../form-fields/form-fields.service';

// The Tags admin screen: every tag with its count, and renames, merges and deletes carried into every
// prompt in one transaction. Prompts keep their updated time: a tag rename is not an edit of theirs.

type TagRow = typeof tags.$inferSelect;
const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** Every known tag with how many prompts carry it, by name. */
export async function listAdminTags(db: Database): Promise<AdminTag[]> {
  const [rows, used] = await Promise.all([db.select({ id: tags.id, name: tags.name }).from(tags), usedValues(db, 'everything')]);
  const counts = new Map(used.tags.map((t) => [t.value, t.count]));
  return rows.map((r) => ({ ...r, count: counts.get(r.name) ?? 0 })).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** The filter keys of tag names: the GIN index on `facets` finds the prompts that carry any of them. */
const tagKeys = (names: string[]) =>
  sql`array[${sql.join(
    names.map((n) => sql`${`t:${n}`}`),
    sql`, `,
  )}]::text[]`;

/**
 * In every prompt carrying one of `from`, replaces them by `to` (at the first one's place, once), or
 * removes them when `to` is null. Returns how many prompts changed.
 */
async function replaceInPrompts(tx: Database, from: string[], to: string | null): Promise<number> {
  if (from.length === 0) return 0;
  const fromList = sql`array[${sql.join(
    from.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  const rows = await queryRows(
    tx,
    sql`update ${prompts} p set tags = (
          select coalesce(array_agg(v order by i), '{}'::text[]) from (
            select v, min(i) as i from (
              select case when u.v = any(${fromList}) then ${to}::text else u.v end as v, u.i
              from unnest(p.tags) with ordinality as u(v, i)
            ) replaced where v is not null group by v
          ) kept)
        where p.facets && ${tagKeys(from)}
        returning p.id`,
  );
  return rows.length;
}

async function lockedTag(tx: Database, id: string): Promise<TagRow> {
  const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
  if (!row) throw notFound('Tag not found', 'tag_not_found');
  return row;
}

const byLowerName = (name: string) => sql`lower(${tags.name}) = ${name.toLowerCase()}`;

/** Renames a tag everywhere; a name another tag has (any case) merges this one into it. */
export async function renameTag(db: Database, actor: UserRow, id: string, name: string): Promise<TagChangeResult> {
  return promptWriteTransaction(db, async (tx) => {
    const tag = await lockedTag(tx, id);
    if (tag.name === name) return { name, prompts: 0, merged: false };
    const [other] = await tx
      .select()
      .from(tags)
      .where(and(byLowerName(name), ne(tags.id, id)))
      .for('update');
    if (other) {
      const changed = await replaceInPrompts(tx, [tag.name], other.name);
      await tx.delete(tags).where(eq(tags.id, id));
      await recordAudit(tx, {
        actor,
        action: 'tag.merged',
        target: { type: 'tag', id: other.id },
        summary: `Merged tag “${tag.name}” into “${other.name}” (${plural(changed, 'prompt')})`,
        before: { tags: [tag.name, other.name] },
        after: { tag: other.name, prompts: changed },
      });
      return { name: other.name, prompts: changed, merged: true };
    }
    await tx.update(tags).set({ name }).where(eq(tags.id, id));
    const changed = await replaceInPrompts(tx, [tag.name], name);
    await recordAudit(tx, {
      actor,
      action: 'tag.renamed',
      target: { type: 'tag', id },
      summary: `Renamed tag “${tag.name}” to “${name}” (${plural(changed, 'prompt')})`,
      before: { name: tag.name },
      after: { name, prompts: changed },
    });
    return { name, prompts: changed, merged: false };
  });
}

/** Merges the chosen tags into `into`: one of them, another existing tag, or a new one. */
export async function mergeTags(db: Database, actor: UserRow, ids: string[], into: string): Promise<TagChangeResult> {
  return promptWriteTransaction(db, async (tx) => {
    const chosen = await tx.select().from(tags).where(inArray(tags.id, ids)).orderBy(tags.id).for('update');
    if (chosen.length !== ids.length) throw invalidFields('One of the chosen tags no longer exists', { ids: 'Reload the list and choose again' });
    let [target] = await tx.select().from(tags).where(byLowerName(into)).for('update');
    // An existing tag spelled differently (case) takes the spelling asked for, in its prompts too.
    const respelled = target && target.name !== into ? [target.name] : [];
    if (!target) [target] = await tx.insert(tags).values({ name: into }).returning();
    else if (respelled.length) [target] = await tx.update(tags).set({ name: into }).where(eq(tags.id, target.id)).returning();
    const sources = chosen.filter((t) => t.id !== target!.id);
    const changed = await replaceInPrompts(tx, [...sources.map((t) => t.name), ...respelled], into);
    if (sources.length)
      await tx.delete(tags).where(
        inArray(
          tags.id,
          sources.map((t) => t.id),
        ),
      );
    await recordAudit(tx, {
      actor,
      action: 'tag.merged',
      target: { type: 'tag', id: target!.id },
      summary: `Merged ${chosen.map((t) => `“${t.name}”`).join(', ')} into “${into}” (${plural(changed, 'prompt')})`,
      before: { tags: chosen.map((t) => t.name) },
      after: { tag: into, prompts: changed },
    });
    return { name: into, prompts: changed, merged: true };
  });
}

/**
 * Removes a tag from every prompt and the catalog. While the form requires tags, a prompt whose only
 * tag this is would be left invalid: the delete is refused with how many prompts that is.
 */
export async function deleteTag(db: Database, actor: UserRow, id: string): Promise<TagChangeResult> {
  const tagsRequired = (await getEnabledFormFields(db)).some((f) => f.name === 'tags' && f.required);
  return promptWriteTransaction(db, async (tx) => {
    const tag = await lockedTag(tx, id);
    if (tagsRequired) {
      const [only] = await queryRows(tx, sql`select count(*)::int as n from ${prompts} where facets && ${tagKeys([tag.name])} and cardinality(tags) = 1`);
      const blocking = Number(only?.n ?? 0);
      if (blocking > 0) {
        throw new AppError(
          409,
          'tag_is_only_tag',
          `“${tag.name}” is the only tag of ${plural(blocking, 'prompt')}, and prompts need at least one tag. Give ${blocking === 1 ? 'it' : 'them'} another tag, or merge “${tag.name}” into another tag instead.`,
          { blocking: String(blocking) },
        );
      }
    }
    const changed = await replaceInPrompts(tx, [tag.name], null);
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAudit(tx, {
      actor,
      action: 'tag.deleted',
      target: { type: 'tag', id },
      summary: `Deleted tag “${tag.name}” (removed from ${plural(changed, 'prompt')})`,
      before: { name: tag.name, prompts: changed },
    });
    return { name: null, prompts: changed, merged: false };
  });
}
