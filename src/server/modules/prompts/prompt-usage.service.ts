import { and, eq, sql } from 'drizzle-orm';
import type { PromptVotes, VoteValue } from '../../../shared/schemas/feedback';
import type { PromptListResponse, PromptUseKind, RecentPromptsQuery } from '../../../shared/schemas/prompts';
import { type Database, queryRows } from '../../db/client';
import { promptFavorites, prompts, promptUseCounts, promptUseDays, promptUserUses, promptVoteCounts, promptVotes, type UserRow } from '../../db/schema';
import { pgErrorCode } from '../../errors';
import { afterViewerChange } from '../../lib/prompt-derived-cache';
import {
  cappedCount,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  ITEM_SOURCES,
  itemJson,
  literalInt,
  pageStatement,
  seenBy,
  toTotal,
} from '../prompt-query';
import { promptNotFound } from './prompts.visibility';

// Favourites and uses: each person's own relation to the prompts. Any signed-in member may keep
// favourites and record uses of any prompt they can see; one they cannot see answers 404, and leaves
// their recently used list (favourites lists go through the query engine, which applies the same rule).

/** A prompt's use and vote counts and the viewer's own state, as GET /api/prompts/{id} shows them. */
export interface PromptUsage {
  useCount: number;
  isFavorite: boolean;
  lastUsedAt: string | null;
  votes: PromptVotes;
  myVote: VoteValue | null;
  myVoteNote: string | null;
}

export const UNUSED: PromptUsage = { useCount: 0, isFavorite: false, lastUsedAt: null, votes: { up: 0, down: 0 }, myVote: null, myVoteNote: null };

const PG_FOREIGN_KEY_VIOLATION = '23503';

export async function promptUsageFor(db: Database, viewerId: string, promptId: string): Promise<PromptUsage> {
  const mine = sql`${promptVotes.promptId} = ${promptId}::uuid and ${promptVotes.userId} = ${viewerId}::uuid`;
  const [row] = await queryRows(
    db,
    sql`select (select ${promptUseCounts.useCount} from ${promptUseCounts} where ${promptUseCounts.promptId} = ${promptId}::uuid) as use_count,
      exists (select 1 from ${promptFavorites} where ${promptFavorites.userId} = ${viewerId}::uuid and ${promptFavorites.promptId} = ${promptId}::uuid) as is_favorite,
      (select ${promptUserUses.lastUsedAt} from ${promptUserUses} where ${promptUserUses.userId} = ${viewerId}::uuid and ${promptUserUses.promptId} = ${promptId}::uuid) as last_used_at,
      (select array[${promptVoteCounts.up}, ${promptVoteCounts.down}] from ${promptVoteCounts} where ${promptVoteCounts.promptId} = ${promptId}::uuid) as votes,
      (select array[${promptVotes.value}, ${promptVotes.note}] from ${promptVotes} where ${mine}) as my_vote`,
  );
  const lastUsed = row?.last_used_at;
  const [up, down] = (row?.votes as number[] | null) ?? [0, 0];
  const [myVote, myVoteNote] = (row?.my_vote as [VoteValue, string | null] | null) ?? [null, null];
  return {
    useCount: Number(row?.use_count ?? 0),
    isFavorite: row?.is_favorite === true,
    lastUsedAt: lastUsed ? new Date(lastUsed as string | Date).toISOString() : null,
    votes: { up: Number(up), down: Number(down) },
    myVote,
    myVoteNote,
  };
}

/**
 * Counts one use, in one statement: the prompt's total and last use (its own narrow row, never the
 * prompt row, whose triggers rebuild derived rows), its uses that day, and the viewer's last use. A missing prompt is a 404.
 */
export async function recordUse(db: Database, viewer: UserRow, promptId: string, kind: PromptUseKind): Promise<void> {
  let recorded: Record<string, unknown>[];
  try {
    recorded = await queryRows(
      db,
      sql`with target as (select ${prompts.id} as id from ${prompts} where ${prompts.id} = ${promptId}::uuid and ${seenBy(viewer)}),
        counted as (
          insert into ${promptUseCounts} (prompt_id, use_count, last_used_at) select id, 1, clock_timestamp() from target
          on conflict (prompt_id) do update set use_count = ${promptUseCounts.useCount} + 1, last_used_at = excluded.last_used_at
        ),
        by_day as (
          insert into ${promptUseDays} (prompt_id, day, uses) select id, (clock_timestamp() at time zone 'UTC')::date, 1 from target
          on conflict (prompt_id, day) do update set uses = ${promptUseDays.uses} + 1
        )
        insert into ${promptUserUses} (user_id, prompt_id, use_count, last_used_at, last_kind)
          select ${viewer.id}::uuid, id, 1, clock_timestamp(), ${kind} from target
        on conflict (user_id, prompt_id) do update
          set use_count = ${promptUserUses.useCount} + 1, last_used_at = excluded.last_used_at, last_kind = excluded.last_kind
        returning prompt_id`,
    );
  } catch (err) {
    // Deleted between the read of `target` and the insert.
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw promptNotFound();
    throw err;
  }
  if (recorded.length === 0) throw promptNotFound();
  afterViewerChange(viewer.id);
}

/** Marks or unmarks a favourite; doing it twice changes nothing. A missing prompt is a 404. */
export async function setFavorite(db: Database, viewer: UserRow, promptId: string, favorite: boolean): Promise<void> {
  const [exists] = await db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), seenBy(viewer)))
    .limit(1);
  if (!exists) throw promptNotFound();
  try {
    if (favorite) await db.insert(promptFavorites).values({ userId: viewer.id, promptId }).onConflictDoNothing();
    else await db.delete(promptFavorites).where(and(eq(promptFavorites.userId, viewer.id), eq(promptFavorites.promptId, promptId)));
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw promptNotFound();
    throw err;
  }
  afterViewerChange(viewer.id);
}

/**
 * The viewer's recently used prompts, newest use first, as the JSON text of PromptListResponse. Its
 * pages walk the viewer's rows down (user_id, last_used_at, prompt_id); items carry `lastUsedAt`.
 */
export async function listRecentPrompts(db: Database, viewer: UserRow, query: RecentPromptsQuery): Promise<string> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor && (cursor.sort !== 'lastUsedAt' || cursor.order !== 'desc')) throw invalidCursor();
  // Uses of prompts the viewer can no longer see are skipped, in the walk and in the count.
  const mine = sql`${promptUserUses.userId} = ${viewer.id}::uuid and ${seenBy(viewer)}`;
  const usesOfPrompts = sql`${promptUserUses} inner join ${prompts} on ${prompts.id} = ${promptUserUses.promptId}`;
  const after = cursor ? sql`and (${promptUserUses.lastUsedAt}, ${promptUserUses.promptId}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const direction = sql`desc nulls last`;
  const item = itemJson(viewer, sql`(',"lastUsedAt":' || to_json(r.last_used_at)::text)`);
  const page = sql`(select row_number() over (order by r.last_used_at ${direction}, r.prompt_id ${direction}) as n,
      r.prompt_id::text as id, r.last_used_at::text as sort_key, ${item} as item
    from (select ${promptUserUses.promptId} as prompt_id, ${promptUserUses.lastUsedAt} as last_used_at from ${usesOfPrompts}
      where ${mine} ${after}
      order by ${promptUserUses.lastUsedAt} ${direction}, ${promptUserUses.promptId} ${direction}
      limit ${literalInt(query.limit + 1)}) r
    inner join ${prompts} on ${prompts.id} = r.prompt_id ${ITEM_SOURCES})`;
  const [row] = await queryRows(db, pageStatement(page, cappedCount(mine, COUNT_CAP, usesOfPrompts), query.limit));
  const { total, lowerBound } = toTotal(Number(row!.total), COUNT_CAP);
  const hasMore = Number(row!.fetched) > query.limit;
  const envelope: Omit<PromptListResponse, 'items'> = {
    total,
    totalIsLowerBound: lowerBound,
    nextCursor: hasMore ? encodeCursor({ sort: 'lastUsedAt', order: 'desc', value: String(row!.last_key), id: String(row!.last_id) }) : null,
    orderedBy: 'lastUsedAt',
  };
  return `{"items":${String(row!.items)},${JSON.stringify(envelope).slice(1)}`;
}
