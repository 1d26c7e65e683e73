import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { canDecideSuggestions } from '../../../shared/policies/prompt-status';
import { keepersOf, notify } from '../inbox/inbox.notify';
import { FEEDBACK_MESSAGES, type FeedbackNotes, type VoteResult, type VoteValue } from '../../../shared/schemas/feedback';
import type { Database } from '../../db/client';
import { promptVoteCounts, promptVotes, type UserRow, users } from '../../db/schema';
import { forbidden } from '../../errors';
import { afterViewerChange } from '../../lib/prompt-derived-cache';
import { loadVisiblePrompt } from './prompts.visibility';

// Feedback: anyone who can see a prompt says whether it worked, one vote each, changeable and removable,
// with an optional note that the prompt's owner, co-owners, curators and administrators read. A prompt one cannot
// see answers 404. The counts and the "Top rated" score live in prompt_vote_counts, kept by a trigger on
// the votes (migration 0026), so a deleted member's or a restored prompt's votes count as a vote call's.
// Like use counts, they are read beside the prompt row, never stored in it.

/**
 * Sets (`value`) or removes (null) the viewer's vote, in a transaction that first takes the prompt row's
 * key-share lock, as the vote's foreign key would: a trash or delete of the prompt running at the same
 * time (which locks the prompt, then removes its counts) is waited for, and the vote then finds no prompt
 * (404) instead of the two waiting on each other's rows.
 */
export async function setVote(db: Database, viewer: UserRow, promptId: string, vote: { value: VoteValue; note: string | null } | null): Promise<VoteResult> {
  const counts = await db.transaction(async (tx) => {
    const prompt = await loadVisiblePrompt(tx, viewer, promptId, true);
    if (vote) {
      const [previous] = await tx
        .select({ note: promptVotes.note })
        .from(promptVotes)
        .where(and(eq(promptVotes.promptId, promptId), eq(promptVotes.userId, viewer.id)));
      // A new or changed note reaches the prompt's keepers; the same vote sent again does not.
      if (vote.note && vote.note !== previous?.note) {
        await notify(tx, keepersOf(prompt), { type: 'feedback_note', actorId: viewer.id, promptId, detail: vote.note });
      }
      await tx
        .insert(promptVotes)
        .values({ promptId, userId: viewer.id, value: vote.value, note: vote.note })
        .onConflictDoUpdate({ target: [promptVotes.promptId, promptVotes.userId], set: { value: vote.value, note: vote.note, updatedAt: sql`now()` } });
    } else {
      await tx.delete(promptVotes).where(and(eq(promptVotes.promptId, promptId), eq(promptVotes.userId, viewer.id)));
    }
    const [row] = await tx
      .select({ up: promptVoteCounts.up, down: promptVoteCounts.down })
      .from(promptVoteCounts)
      .where(eq(promptVoteCounts.promptId, promptId));
    return row ?? { up: 0, down: 0 };
  });
  afterViewerChange(viewer.id);
  return { votes: counts, myVote: vote?.value ?? null, myVoteNote: vote?.note ?? null };
}

/** The notes left with votes, newest first: for those who may edit the prompt (403 for other viewers). */
export async function listFeedbackNotes(db: Database, viewer: UserRow, promptId: string): Promise<FeedbackNotes> {
  const prompt = await loadVisiblePrompt(db, viewer, promptId);
  if (!canDecideSuggestions(viewer, prompt)) throw forbidden(FEEDBACK_MESSAGES.notesForbidden);
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
