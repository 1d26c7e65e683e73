import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/constants';
import type { PromptStatus } from '../../../shared/schemas/status';
import type { Ownership } from '../../../shared/schemas/owners';
import { promptFilterKeys, prompts } from '../../db/schema';

// Who may see a prompt, as every list, count, filter value and export asks it. A prompt's `audience`
// (a generated column, migration 0022) holds "o" when the whole organization sees it, else one
// "p:<id>" key for its owner and each co-owner and, for unit prompts, one "u:<unit>" key per unit. A
// viewer holds "o", "u:<their unit>" and "p:<their id>": the prompt is visible when the two share a
// key. canViewPrompt (shared/policies/prompts.ts) is the same rule for one prompt in hand.
//
// The status is folded into the same keys (migration 0027): a draft holds "d" and "dp:<owner or
// co-owner>", a deprecated prompt "x" and its keys prefixed with "x". A list matches the keys of the
// statuses it shows (listingKeys), so drafts and deprecated prompts leave every list, count and search
// of everyone's prompts without a condition of their own; the test of who may open a prompt matches all
// of a viewer's keys (accessKeys). Admins hold no keys: their lists leave out the rows marked "d" or "x".

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

/** Published and verified prompts hold the plain keys. */
const showsLive = (statuses: readonly PromptStatus[]) => statuses.includes('published') || statuses.includes('verified');

/** A member's keys for a list of `statuses` (drafts are listed only among one's own, which test no keys). */
export function listingKeys(keys: readonly string[], statuses: readonly PromptStatus[]): string[] {
  return [...(showsLive(statuses) ? keys : []), ...(statuses.includes('deprecated') ? keys.map((key) => `x${key}`) : [])];
}

/** Every key that opens a prompt to the viewer: any status, drafts of their own included. */
export function accessKeys(viewer: AudienceViewer): Audience {
  const keys = audienceOf(viewer);
  return keys && [...listingKeys(keys, ['published', 'deprecated']), `dp:${viewer.id}`];
}

/**
 * An admin's list of `statuses`: every prompt but those whose markers say they are not shown ("d" for
 * drafts, which are listed only among one's own and in exports; "x" unless deprecated prompts are asked for).
 */
export function adminListed(statuses: readonly PromptStatus[], column: AnyPgColumn | SQL = prompts.audience): SQL {
  const markers = (list: string[]) => sql.raw(`'{${list.join(',')}}'::text[]`);
  const hidden = [...(statuses.includes('draft') ? [] : ['d']), ...(statuses.includes('deprecated') ? [] : ['x'])];
  if (!showsLive(statuses)) {
    const shown = ['d', 'x'].filter((marker) => !hidden.includes(marker));
    return shown.length ? sql`${column} && ${markers(shown)}` : sql`false`;
  }
  return hidden.length ? sql`not ${column} && ${markers(hidden)}` : sql`true`;
}

/**
 * The audience condition of a list of everyone's prompts (with `searched`, in the form a search's GIN
 * index answers), on the prompts or on the narrow prompt_filter_keys.
 */
export function listedFor(audience: Audience, statuses: readonly PromptStatus[], column: AnyPgColumn = prompts.audience, searched = false): SQL {
  if (!audience) return adminListed(statuses, column);
  const keys = listingKeys(audience, statuses);
  if (!keys.length) return sql`false`;
  return searched ? visibleInSearch(keys) : visibleTo(keys, column);
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
  const own = audience.filter((key) => key !== 'o' && key !== 'xo');
  const everyone = audience.filter((key) => key === 'o' || key === 'xo');
  if (!everyone.length) return sql`${column} && ${keyArray(own)}`;
  // Constants too: PostgreSQL keeps statistics of the common keys.
  const organization =
    everyone.length === 1 && everyone[0] === 'o' ? sql`${column} @> '{o}'::text[]` : sql`${column} && ${sql.raw(`'{${everyone.join(',')}}'`)}::text[]`;
  return sql`(${organization} or ${column} && ${keyArray(own)})`;
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
  const others = sql`select 1 from ${promptFilterKeys} where not ${column} @> '{o}'::text[] and ${column} && (select ${keyArray(own)}) limit ${limit}`;
  // Deprecated prompts ("xo" and the like) never hold "o": a list of those alone reads the second part only.
  if (!audience.includes('o')) return sql<number>`(select count(*)::int from (${others}) capped)`;
  return sql<number>`(select count(*)::int from (
    (select 1 from ${promptFilterKeys} where ${column} @> '{o}'::text[] limit ${limit})
    union all
    (${others})
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
  if (!audienceOf(viewer)) return [{ key: 'listed', where: adminListed(['published', 'verified']) }];
  const unit = `u:${viewer.businessUnit}`;
  const own = `p:${viewer.id}`;
  return [
    { key: 'o', where: sql`${prompts.audience} @> array['o']::text[]` },
    { key: unit, where: sql`${prompts.audience} @> array[${unit}]::text[]` },
    // Read through the owner's and co-owners' indexes: "p:<id>" is in a prompt's audience exactly when
    // they own or co-own it, it is not the organization's, and it is neither a draft nor deprecated.
    {
      key: `${own} ${unit}`,
      where: sql`${ownedBy(viewer.id)} and ${prompts.audience} @> array[${own}]::text[] and not ${prompts.audience} && array['o', ${unit}]::text[]`,
    },
  ];
}

/** The condition on `prompts` for what `viewer` may open, whatever its status; `true` for an admin. */
export function seenBy(viewer: AudienceViewer): SQL {
  const keys = accessKeys(viewer);
  return keys ? visibleTo(keys) : sql`true`;
}
