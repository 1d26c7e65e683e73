import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewQueue } from '../../../shared/schemas/status';
import type { Database } from '../../db/client';
import { prompts, type UserRow, users } from '../../db/schema';
import { invalidFields } from '../../errors';
import { seenBy } from '../prompt-query';
import type { ReviewClock } from '../prompts/prompt-status.service';

// A curator's review queue: the verified prompts they curate whose verification has run out, the
// oldest first, read down prompts_review_idx (status = 'verified', by review date).

const INVALID_CURSOR = 'Invalid cursor';

/** The prompts `viewer` curates (canCuratePrompt in SQL): all for admins, else by their units. */
function curatedBy(viewer: UserRow) {
  if (viewer.role === 'admin') return sql`true`;
  const units = sql`array[${sql.join(
    viewer.curatorUnits.map((unit) => sql`${unit}`),
    sql`, `,
  )}]::text[]`;
  return sql`(${prompts.userBusinessUnit} = any(${units}) or (${prompts.visibility} = 'units' and ${prompts.visibleUnits} && ${units}))`;
}

function decodeCursor(text: string): { reviewBy: Date; id: string } {
  try {
    const [reviewBy, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(reviewBy);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad');
    return { reviewBy: date, id };
  } catch {
    throw invalidFields(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
}

export async function reviewQueue(db: Database, viewer: UserRow, query: { limit: number; cursor?: string }, review: ReviewClock): Promise<ReviewQueue> {
  if (viewer.role !== 'admin' && !viewer.curatorUnits.length) return { items: [], nextCursor: null };
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const verifier = alias(users, 'verifier');
  const rows = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      userBusinessUnit: prompts.userBusinessUnit,
      firstName: users.firstName,
      lastName: users.lastName,
      verifierId: verifier.id,
      verifierFirstName: verifier.firstName,
      verifierLastName: verifier.lastName,
      verifiedAt: prompts.verifiedAt,
      reviewBy: prompts.reviewBy,
    })
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.userId))
    .leftJoin(verifier, eq(verifier.id, prompts.verifiedBy))
    .where(
      and(
        eq(prompts.status, 'verified'),
        lte(prompts.reviewBy, review.clock()),
        after ? or(gt(prompts.reviewBy, after.reviewBy), and(eq(prompts.reviewBy, after.reviewBy), gt(prompts.id, after.id))) : undefined,
        curatedBy(viewer),
        seenBy(viewer),
      ),
    )
    .orderBy(asc(prompts.reviewBy), asc(prompts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      userBusinessUnit: r.userBusinessUnit,
      user: { firstName: r.firstName, lastName: r.lastName },
      verifiedBy: r.verifierId ? { id: r.verifierId, firstName: r.verifierFirstName!, lastName: r.verifierLastName! } : null,
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      reviewBy: r.reviewBy!.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.reviewBy!.toISOString(), last.id])).toString('base64url') : null,
  };
}
