import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/constants';
import type { Ownership } from '../../../shared/schemas/owners';
import { promptFilterKeys, prompts } from '../../db/schema';

// Who may see a prompt, as every list, count, filter value and export asks it. A prompt's `audience`
// (a generated column, migration 0022) holds "o" when the whole organization sees it, else one
// "p:<id>" key for its owner and each co-owner and, for unit prompts, one "u:<unit>" key per unit. A
// viewer holds "o", "u:<their unit>" and "p:<their id>": the prompt is visible when the two share a
// key. canViewPrompt (shared/policies/prompts.ts) is the same rule for one prompt in hand.

/** A viewer's keys; null for an admin, who sees every prompt. */
export type Audience = readonly string[] | null;

export interface AudienceViewer {
  id: string;
  role: Role;
  businessUnit: string;
}

export function audienceOf(viewer: AudienceViewer): Audience {
  if (viewer.role === 'admin') return null;
  return ['o', `u:${viewer.businessUnit}`, `p:${viewer.id}`];
}

/**
 * The condition on an `audience` column (of prompts, or of the narrow prompt_filter_keys), for lists
 * without a search. The organization's key is written into the statement and the viewer's own two are
 * parameters, so one prepared statement serves every member, and PostgreSQL can estimate it: "o" is in
 * its statistics (most prompts hold it), so the statement's generic plan is costed like the plans made
 * for each member's keys, and is kept. With all three keys as parameters, the generic plan assumed a
 * handful of rows would pass, looked ten times dearer than it is, and every list was planned anew
 * (1.5 ms of a 3 ms first page).
 */
export function visibleTo(audience: readonly string[], column: AnyPgColumn | SQL = prompts.audience): SQL {
  const own = audience.filter((key) => key !== 'o');
  return sql`(${column} @> '{o}'::text[] or ${column} && ${keyArray(own)})`;
}

/**
 * The same condition as one overlap, for searches: inside the search's GIN index on
 * (search_vector, audience) it is one index condition, where the OR above would scan the index twice.
 */
export function visibleInSearch(audience: readonly string[]): SQL {
  return sql`${prompts.audience} && ${keyArray(audience)}`;
}

/**
 * How many prompts a member sees in all, up to `cap` + 1, from prompt_filter_keys: the organization's
 * rows first, through their partial index (an index-only scan, like an admin's count), then the others
 * that hold one of the member's own keys, through the GIN index of the rows without "o" (migration
 * 0025). Where the organization's rows alone pass the cap, as in most libraries, the second part is
 * never read. Counted as one condition instead, every row on the way had its audience array tested:
 * 1,644 rows and 2.8-3.8 ms for 1,001 at 1M prompts, against 0.65 ms in two parts.
 *
 * The member's keys reach the second part as a sub-select's value, which the planner estimates the same
 * whatever they are. Given as parameters, the plan made for one member's keys was costed a little below
 * the prepared statement's generic plan, so PostgreSQL planned the whole first page again on every call
 * (2-5 ms at 1M prompts, more than the statement's run) instead of keeping the generic plan.
 */
export function cappedVisibleCount(audience: readonly string[], cap: number): SQL<number> {
  const own = audience.filter((key) => key !== 'o');
  const limit = sql.raw(String(cap + 1));
  const column = promptFilterKeys.audience;
  return sql<number>`(select count(*)::int from (
    (select 1 from ${promptFilterKeys} where ${column} @> '{o}'::text[] limit ${limit})
    union all
    (select 1 from ${promptFilterKeys} where not ${column} @> '{o}'::text[] and ${column} && (select ${keyArray(own)}) limit ${limit})
    limit ${limit}) capped)`;
}

const keyArray = (keys: readonly string[]) =>
  sql`array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;

/**
 * The prompts `userId` owns, co-owns, or (no `ownership`) either: the owner's index and the co-owners'
 * GIN index, ORed in one bitmap. Every such prompt is visible to them.
 */
export function ownedBy(userId: string, ownership?: Ownership): SQL {
  const owns = eq(prompts.userId, userId);
  const coOwns = sql`${prompts.coOwnerIds} @> array[${userId}::uuid]`;
  if (ownership === 'owned') return owns;
  // An owner is never a co-owner too (owners.service refuses it); said here as well, so that the two
  // halves of one's own prompts never hold a prompt twice.
  if (ownership === 'coOwned') return sql`${coOwns} and ${prompts.userId} <> ${userId}::uuid`;
  return sql`(${owns} or ${coOwns})`;
}

/**
 * The prompts a viewer sees, as disjoint parts that other viewers share: the organization's (everyone
 * shares them), their unit's (the unit shares them), and the few they own or co-own beyond those.
 * Aggregates over every visible prompt (the sidebar's value counts) are summed from the parts, so a
 * cached part serves every member of the organization or of a unit. An admin's one part is every prompt.
 */
export function audienceParts(viewer: AudienceViewer): Array<{ key: string; where: SQL | undefined }> {
  if (!audienceOf(viewer)) return [{ key: 'all', where: undefined }];
  const unit = `u:${viewer.businessUnit}`;
  return [
    { key: 'o', where: sql`${prompts.audience} @> array['o']::text[]` },
    { key: unit, where: sql`${prompts.audience} @> array[${unit}]::text[]` },
    // Read through the owner's and co-owners' indexes: "p:<id>" is in a prompt's audience exactly when
    // they own or co-own it and it is not the organization's.
    { key: `p:${viewer.id} ${unit}`, where: sql`${ownedBy(viewer.id)} and not ${prompts.audience} && array['o', ${unit}]::text[]` },
  ];
}

/** The condition on `prompts` for what `viewer` sees; `true` for an admin. */
export function seenBy(viewer: AudienceViewer): SQL {
  const audience = audienceOf(viewer);
  return audience ? visibleTo(audience) : sql`true`;
}
