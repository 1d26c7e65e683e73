import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { canEditPrompt } from '../../../shared/policies/prompts';
import { FEEDBACK_MESSAGES, type FeedbackNotes, type VoteResult, type VoteValue } from '../../../shared/schemas/feedback';
import type { Database } from '../../db/client';
import { prompts, promptVoteCounts, promptVotes, type UserRow, users } from '../../db/schema';
import { forbidden, pgErrorCode } from '../../errors';
import { afterViewerChange } from '../../lib/prompt-derived-cache';
import { promptNotFound, visibleOr404 } from './prompts.visibility';

// Feedback: anyone who can see a prompt says whether it worked, one vote each, changeable and removable,
// with an optional note that the prompt's owner, co-owners and administrators read. A prompt one cannot
// see answers 404. The counts and the "Top rated" score live in prompt_vote_counts, recounted from the
// votes by every vote call while it holds that prompt's counts row, so concurrent votes never lose one.
// Like use counts, they are read beside the prompt row, never stored in it.

const PG_FOREIGN_KEY_VIOLATION = '23503';

async function visiblePrompt(db: Database, viewer: UserRow, promptId: string) {
  const [row] = await db.select().from(prompts).where(eq(prompts.id, promptId)).limit(1);
  return visibleOr404(viewer, row);
}

/**
 * Sets (`value`) or removes (null) the viewer's vote and recounts the prompt's, in one transaction that
 * first locks the prompt's counts row: a second vote on the same prompt waits, then counts this one.
 */
export async function setVote(db: Database, viewer: UserRow, promptId: string, vote: { value: VoteValue; note: string | null } | null): Promise<VoteResult> {
  await visiblePrompt(db, viewer, promptId);
  let counts: { up: number; down: number };
  try {
    counts = await db.transaction(async (tx) => {
      await tx.insert(promptVoteCounts).values({ promptId }).onConflictDoNothing();
      await tx.execute(sql`select 1 from ${promptVoteCounts} where ${promptVoteCounts.promptId} = ${promptId}::uuid for update`);
      const mine = and(eq(promptVotes.promptId, promptId), eq(promptVotes.userId, viewer.id));
      if (vote) {
        await tx
          .insert(promptVotes)
          .values({ promptId, userId: viewer.id, value: vote.value, note: vote.note })
          .onConflictDoUpdate({ target: [promptVotes.promptId, promptVotes.userId], set: { value: vote.value, note: vote.note, updatedAt: sql`now()` } });
      } else {
        await tx.delete(promptVotes).where(mine);
      }
      const up = sql<number>`(select count(*)::int from ${promptVotes} where ${promptVotes.promptId} = ${promptId}::uuid and ${promptVotes.value} = 'up')`;
      const down = sql<number>`(select count(*)::int from ${promptVotes} where ${promptVotes.promptId} = ${promptId}::uuid and ${promptVotes.value} = 'down')`;
      const [row] = await tx
        .update(promptVoteCounts)
        .set({ up, down, score: sql`prompt_vote_score(${up}, ${down})` })
        .where(eq(promptVoteCounts.promptId, promptId))
        .returning({ up: promptVoteCounts.up, down: promptVoteCounts.down });
      return row!;
    });
  } catch (err) {
    // Deleted (or its voter removed) between the visibility check and the write.
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw promptNotFound();
    throw err;
  }
  afterViewerChange(viewer.id);
  return { votes: counts, myVote: vote?.value ?? null, myVoteNote: vote?.note ?? null };
}

/** The notes left with votes, newest first: for those who may edit the prompt (403 for other viewers). */
export async function listFeedbackNotes(db: Database, viewer: UserRow, promptId: string): Promise<FeedbackNotes> {
  const prompt = await visiblePrompt(db, viewer, promptId);
  if (!canEditPrompt(viewer, prompt)) throw forbidden(FEEDBACK_MESSAGES.notesForbidden);
  const [counts, notes] = await Promise.all([
    db.select({ up: promptVoteCounts.up, down: promptVoteCounts.down }).from(promptVoteCounts).where(eq(promptVoteCounts.promptId, promptId)),
    db
      .select({
        value: promptVotes.value,
        note: promptVotes.note,
        updatedAt: promptVotes.updatedAt,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(promptVotes)
      .innerJoin(users, eq(users.id, promptVotes.userId))
      .where(and(eq(promptVotes.promptId, promptId), isNotNull(promptVotes.note)))
      .orderBy(desc(promptVotes.updatedAt))
      .limit(200),
  ]);
  return {
    votes: counts[0] ?? { up: 0, down: 0 },
    items: notes.map((n) => ({
      value: n.value as VoteValue,
      note: n.note!,
      user: { id: n.id, firstName: n.firstName, lastName: n.lastName },
      updatedAt: n.updatedAt.toISOString(),
    })),
  };
}
