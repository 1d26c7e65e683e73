import { notify } from '../inbox/inbox.notify';
import { eq } from 'drizzle-orm';
import { STATUS_MESSAGES } from '../../../shared/schemas/status';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { invalidFields, notFound } from '../../errors';
import { afterUserWrite } from '../../lib/user-derived-cache';
import { recordAudit } from '../audit/audit';
import { listBusinessUnitNames } from '../business-units/business-units.service';

/**
 * PUT /api/admin/users/{id}/curator-units: the business units whose prompts the member curates, by
 * name in any case (stored in the units' own spelling); an empty list ends their curation. Curating
 * opens no prompt: it lets them verify and deprecate the prompts of those units they can already see.
 */
export async function setCuratorUnits(db: Database, actor: UserRow, id: string, asked: string[]): Promise<UserRow> {
  const byLower = new Map((await listBusinessUnitNames(db)).map((name) => [name.toLowerCase(), name]));
  const unknown = asked.filter((name) => !byLower.has(name.toLowerCase()));
  if (unknown.length) {
    const message = `${STATUS_MESSAGES.curatorUnitsUnknown}${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}`;
    throw invalidFields(message, { units: message });
  }
  const units = [...new Set(asked.map((name) => byLower.get(name.toLowerCase())!))].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return db
    .transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target) throw notFound('User not found', 'user_not_found');
      if (target.curatorUnits.join('\n') === units.join('\n')) return target;
      const [updated] = await tx.update(users).set({ curatorUnits: units }).where(eq(users.id, id)).returning();
      await recordAudit(tx, {
        actor,
        action: 'user.curator_units_changed',
        target: { type: 'user', id },
        summary: units.length ? `${target.email} curates ${units.join(', ')}` : `${target.email} no longer curates a business unit`,
        before: { curatorUnits: target.curatorUnits },
        after: { curatorUnits: units },
      });
      const added = units.filter((unit) => !target.curatorUnits.includes(unit));
      if (added.length) await notify(tx, [id], { type: 'curator_assigned', actorId: actor.id, detail: added.join(', ') });
      return updated!;
    })
    .finally(() => afterUserWrite(db));
}
