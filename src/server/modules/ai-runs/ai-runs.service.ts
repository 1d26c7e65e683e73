import { sql } from 'drizzle-orm';
import { AI_MESSAGES, type AiOptions } from '../../../shared/schemas/ai-runs';
import { type Database, queryRows } from '../../db/client';
import type { PromptRow, UserRow } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import type { AiSettings } from './ai-gateway';

// The bookkeeping of test runs: which model, how many a member has left today, and the record each
// run leaves (an audit event without the prompt's or the answer's text).

export const aiNotConfigured = () => notFound(AI_MESSAGES.notConfigured, 'ai_not_configured');

/** The model asked for, or the first offered; one not offered is a 400. */
export function chosenModel(ai: AiSettings, asked: string | undefined): string {
  const model = asked?.trim() || ai.models[0]!;
  if (!ai.models.includes(model)) throw invalidFields(AI_MESSAGES.unknownModel(ai.models), { model: AI_MESSAGES.unknownModel(ai.models) });
  return model;
}

const today = sql`(now() at time zone 'UTC')::date`;

/**
 * Counts one run against the member's day before it is sent, in one statement: every run sent counts,
 * whether it then fails or not, and two instances cannot both take the last one. Beyond the limit, 429.
 */
export async function claimRun(db: Database, user: UserRow, ai: AiSettings): Promise<void> {
  const claimed = await queryRows(
    db,
    sql`insert into ai_run_counts (user_id, day, runs) values (${user.id}::uuid, ${today}, 1)
      on conflict (user_id, day) do update set runs = ai_run_counts.runs + 1 where ai_run_counts.runs < ${ai.runsPerUserPerDay}
      returning runs`,
  );
  if (claimed.length === 0) throw new AppError(429, 'ai_run_limit', AI_MESSAGES.limit(ai.runsPerUserPerDay));
}

/** Seconds until the next UTC day, when the daily count starts again (a 429's Retry-After). */
export function secondsUntilTomorrow(now = new Date()): number {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((tomorrow - now.getTime()) / 1000);
}

export async function aiOptions(db: Database, user: UserRow, ai: AiSettings): Promise<AiOptions> {
  const [row] = await queryRows(db, sql`select runs from ai_run_counts where user_id = ${user.id}::uuid and day = ${today}`);
  const used = Number(row?.runs ?? 0);
  return { models: ai.models, runsPerDay: ai.runsPerUserPerDay, runsLeftToday: Math.max(0, ai.runsPerUserPerDay - used) };
}

export interface RunOutcome {
  model: string;
  outcome: 'completed' | 'stopped' | 'failed' | 'timed out';
  durationMs: number;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** The run's audit event: which prompt, model, outcome, time and tokens; never the text sent or received. */
export function auditRun(db: Database, user: UserRow, prompt: Pick<PromptRow, 'id' | 'title'>, run: RunOutcome): Promise<void> {
  return recordAudit(db, {
    actor: user,
    action: 'prompt.run',
    target: { type: 'prompt', id: prompt.id },
    summary: `Ran “${prompt.title}” on ${run.model}: ${run.outcome}`,
    after: { ...run },
  });
}
