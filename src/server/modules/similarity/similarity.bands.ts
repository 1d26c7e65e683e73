import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { startPeriodicTask } from '../../lib/periodic-task';
import { similarityBands } from './similarity.minhash';
import { uuidArray } from '../../db/sql-arrays';

// Keeps prompt_similarity_bands in step with the prompts' contents. A trigger (migration 0029) queues
// every prompt whose content is written; these passes take queued prompts, oldest first, and write
// their band keys. Each batch is one transaction that claims its prompts with FOR UPDATE SKIP LOCKED,
// so instances running side by side share the queue and never write a prompt's keys twice, and a crash
// mid-batch leaves the prompts queued. A prompt written again meanwhile is queued again by the trigger.

/** Prompts summarised per transaction: about 0.1 ms of hashing each. */
const BATCH = 500;

/** An integer[] literal (the keys are integers, so nothing needs quoting). */
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/**
 * Writes the band keys of up to `limit` queued prompts; answers how many were done. The upkeep takes the
 * oldest first; a lookup takes the newest (`newestFirst`), those just written, ahead of any backlog (an
 * upgrade queues every prompt of the library).
 */
export async function writeQueuedBands(db: Database, { limit = BATCH, newestFirst = false } = {}): Promise<number> {
  const order = newestFirst ? sql`queued_at desc` : sql`queued_at`;
  return db.transaction(async (tx) => {
    const claimed = (await queryRows(
      tx,
      sql`with claimed as (
            delete from prompt_similarity_pending
            where prompt_id in (select prompt_id from prompt_similarity_pending order by ${order} limit ${limit} for update skip locked)
            returning prompt_id
          )
          select p.id::text as id, p.content from claimed c join prompts p on p.id = c.prompt_id`,
    )) as Array<{ id: string; content: string }>;
    if (!claimed.length) return 0;
    const bands: number[] = [];
    const owners: string[] = [];
    for (const prompt of claimed) {
      for (const band of similarityBands(prompt.content)) {
        bands.push(band);
        owners.push(prompt.id);
      }
    }
    const ids = uuidArray(claimed.map((p) => p.id));
    await queryRows(tx, sql`delete from prompt_similarity_bands where prompt_id = any(${ids})`);
    if (bands.length) {
      await queryRows(
        tx,
        sql`insert into prompt_similarity_bands (band, prompt_id)
            select band, prompt_id from unnest(${intArray(bands)}, ${uuidArray(owners)}) as k(band, prompt_id)
            on conflict do nothing`,
      );
    }
    return claimed.length;
  });
}

/** Empties the queue batch by batch (a fresh database's migration queues every prompt it had). */
export async function writeAllQueuedBands(db: Database): Promise<number> {
  let done = 0;
  for (let batch = await writeQueuedBands(db); batch > 0; batch = await writeQueuedBands(db)) done += batch;
  return done;
}

/** Empties the queue every few seconds, on every instance (they share it without overlap). */
export function startBandUpkeep(options: { db: Database; log: Pick<FastifyBaseLogger, 'warn'>; everyMs?: number }) {
  return startPeriodicTask({
    everyMs: options.everyMs ?? 5_000,
    run: () => writeAllQueuedBands(options.db),
    log: options.log,
    failure: 'writing prompts’ similarity keys failed; tried again shortly',
  });
}
