import { eq, sql } from 'drizzle-orm';
import type { BusinessUnit } from '../../../shared/schemas/business-units';
import { type Database, queryRows } from '../../db/client';
import { businessUnits, prompts, snippets, type UserRow, users } from '../../db/schema';
import { AppError, conflict, invalidFields, notFound } from '../../errors';
import { afterPromptWrite, promptWriteTransaction } from '../../lib/prompt-derived-cache';
import { afterUserWrite } from '../../lib/user-derived-cache';
import { plural } from '../../../shared/plural';
import { recordAudit } from '../audit/audit';
import { movePromptsBetweenUnits } from '../prompts/prompts.bulk';
import { replaceCollectionUnit } from '../collections/collections.lifecycle';
import { replaceSharedUnit } from '../../db/visible-units';
import { type BusinessUnitRow, findBusinessUnitByName } from './business-units.repo';
import { toBusinessUnit } from './business-units.service';

// An administrator's changes to a unit that reach users and prompts: renaming it and deleting it (moving
// what names it to another unit). Kept apart from business-units.service.ts, which the prompts module
// reads, because these call into the prompts module in turn.

/** "1 user", "1200 users": the raw count, as these messages have always printed it. */
const countWord = (n: number, word: string) => `${n} ${plural(n, word)}`;

/**
 * Prompts (and collections and snippets) shared with unit `from` are shared with `to` instead (once, if they already were), or, when
 * the unit goes without a successor, no longer with it: one left with no unit becomes private, never
 * wider than its owner chose.
 */
async function replaceVisibleUnit(tx: Database, from: string, to: string | null): Promise<void> {
  await replaceCollectionUnit(tx, from, to);
  await replaceSharedUnit(tx, snippets, from, to);
  // Drafts and deprecated prompts hold the unit's key with their marker before it (migration 0027).
  const holds = sql`${prompts.audience} && array[${`u:${from}`}, ${`xu:${from}`}, ${`du:${from}`}]::text[]`;
  if (to === null) {
    await queryRows(
      tx,
      sql`update ${prompts} set visible_units = array_remove(visible_units, ${from}),
            visibility = case when cardinality(array_remove(visible_units, ${from})) = 0 then 'private' else visibility end
          where ${holds}`,
    );
    return;
  }
  await queryRows(
    tx,
    sql`update ${prompts} set visible_units = case when visible_units @> array[${to}]::text[] then array_remove(visible_units, ${from})
          else array_replace(visible_units, ${from}, ${to}) end
        where ${holds}`,
  );
}

/**
 * Curators of unit `from` curate `to` instead (a rename), or no longer curate it (a delete: curating
 * the unit that takes its members is an administrator's choice, not a side effect).
 */
async function replaceCuratorUnit(tx: Database, from: string, to: string | null): Promise<void> {
  const next =
    to === null ? sql`array_remove(curator_units, ${from})` : sql`array(select distinct unnest(array_replace(curator_units, ${from}, ${to})) order by 1)`;
  await queryRows(tx, sql`update ${users} set curator_units = ${next} where curator_units @> array[${from}]::text[]`);
}

/**
 * Renames a unit and carries the new name to users and prompts in the same transaction; the derived
 * prompt values are dropped once it has committed.
 */
export async function renameBusinessUnit(db: Database, actor: UserRow, id: string, name: string): Promise<BusinessUnit> {
  return db
    .transaction(async (tx) => {
      const [unit] = await tx.select().from(businessUnits).where(eq(businessUnits.id, id)).limit(1);
      if (!unit) throw notFound('Business unit not found', 'business_unit_not_found');
      const clash = await findBusinessUnitByName(tx, name);
      if (clash && clash.id !== id) throw conflict(`Business unit "${clash.name}" already exists`, 'business_unit_exists');
      const [renamed] = await tx.update(businessUnits).set({ name }).where(eq(businessUnits.id, id)).returning();
      if (unit.name !== name) {
        await tx.update(users).set({ businessUnit: name }).where(eq(users.businessUnit, unit.name));
        await tx.update(prompts).set({ userBusinessUnit: name }).where(eq(prompts.userBusinessUnit, unit.name));
        await replaceVisibleUnit(tx, unit.name, name);
        await replaceCuratorUnit(tx, unit.name, name);
        await recordAudit(tx, {
          actor,
          action: 'business_unit.renamed',
          target: { type: 'business_unit', id },
          summary: `Renamed business unit “${unit.name}” to “${name}”`,
          before: { name: unit.name },
          after: { name },
        });
      }
      return toBusinessUnit(renamed!);
    })
    .finally(() => {
      afterUserWrite(db);
      afterPromptWrite(db);
    });
}

/**
 * Deletes a unit. One that users or prompts still name is refused with the counts, unless `moveToId`
 * names another unit: then its users and prompts move there (each prompt gets a version) and it goes,
 * all in one transaction.
 */
export async function deleteBusinessUnit(db: Database, actor: UserRow, id: string, moveToId?: string): Promise<{ users: number; prompts: number }> {
  const result = await promptWriteTransaction(db, async (tx) => {
    const [unit] = await tx.select().from(businessUnits).where(eq(businessUnits.id, id)).for('update');
    if (!unit) throw notFound('Business unit not found', 'business_unit_not_found');
    let target: BusinessUnitRow | undefined;
    if (moveToId) {
      if (moveToId === id) throw invalidFields('Choose another business unit to move them to', { moveTo: 'Choose another business unit' });
      [target] = await tx.select().from(businessUnits).where(eq(businessUnits.id, moveToId)).for('share');
      if (!target) throw invalidFields('The business unit to move them to does not exist', { moveTo: 'Unknown business unit' });
    }
    const [counts] = await queryRows(
      tx,
      sql`select (select count(*)::int from ${users} where business_unit = ${unit.name}) as users,
                 (select count(*)::int from ${prompts} where user_business_unit = ${unit.name}) as prompts`,
    );
    const userCount = Number(counts?.users ?? 0);
    const promptCount = Number(counts?.prompts ?? 0);
    if ((userCount || promptCount) && !target) {
      throw new AppError(
        409,
        'business_unit_referenced',
        `Business unit "${unit.name}" is referenced by ${countWord(userCount, 'user')} and ${countWord(promptCount, 'prompt')}. Move them to another unit first.`,
        { users: String(userCount), prompts: String(promptCount) },
      );
    }
    let moved = { users: 0, prompts: 0 };
    if (target) {
      const movedUsers = await tx.update(users).set({ businessUnit: target.name }).where(eq(users.businessUnit, unit.name)).returning({ id: users.id });
      moved = { users: movedUsers.length, prompts: await movePromptsBetweenUnits(tx, actor, unit.name, target.name) };
    }
    await replaceVisibleUnit(tx, unit.name, target?.name ?? null);
    await replaceCuratorUnit(tx, unit.name, null);
    await tx.delete(businessUnits).where(eq(businessUnits.id, id));
    await recordAudit(tx, {
      actor,
      action: 'business_unit.deleted',
      target: { type: 'business_unit', id },
      summary: target
        ? `Deleted business unit “${unit.name}”, moving ${countWord(moved.prompts, 'prompt')} and ${countWord(moved.users, 'user')} to “${target.name}”`
        : `Deleted business unit “${unit.name}”`,
      before: { name: unit.name },
      after: target ? { movedTo: target.name, ...moved } : null,
    });
    return moved;
  });
  // Moved members' sessions hold their old unit.
  if (result.users) afterUserWrite(db);
  return result;
}
