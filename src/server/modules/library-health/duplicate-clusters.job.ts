import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { SIMILARITY_THRESHOLD } from '../../../shared/schemas/similar';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { type Database, queryRows } from '../../db/client';
import { startPeriodicTask } from '../../lib/periodic-task';
import { writeAllQueuedBands } from '../similarity/similarity.bands';

// The near-copy clusters of the whole library, computed in the background so that the health page never
// holds the database: a job walks the published and verified prompts in id order, a batch per
// transaction. Each batch takes a transaction-level advisory lock (instances take turns; one that finds
// it taken leaves the batch to the other), finds each prompt's near-copies among the prompts after it
// (each pair once), keeps them in duplicate_pairs and moves the cursor, all in that transaction: a
// restart resumes at the cursor with the pairs found so far. Once every prompt is walked, the pairs are
// grouped (connected components) and the groups replace the previous ones at once. A prompt written
// while a run walks (its band keys not yet written) is grouped by the next run.

/** Prompts walked per transaction. */
const BATCH = 200;
/** Near-copies compared in full per prompt: those sharing the most band keys with it. */
const CANDIDATES = 10;

const LIVE = sql`status in ('published', 'verified')`;

export interface ClusterJobState {
  state: 'idle' | 'running';
  processed: number;
  total: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Starts a run (unless one is running): the cursor goes back to the first prompt. Answers the job's state. */
export async function startClusterJob(db: Database): Promise<ClusterJobState> {
  await db.transaction(async (tx) => {
    const started = await queryRows(
      tx,
      sql`update duplicate_cluster_job set run_id = ${randomUUID()}, state = 'running', cursor = null, processed = 0,
            total = (select count(*)::int from prompts where ${LIVE}), started_at = now()
          where id = 1 and state = 'idle' returning id`,
    );
    // A run left unfinished keeps its pairs; a new one starts from none.
    if (started.length) await queryRows(tx, sql`delete from duplicate_pairs`);
  });
  return clusterJobState(db);
}

export async function clusterJobState(db: Database): Promise<ClusterJobState> {
  const [row] = await queryRows(db, sql`select state, processed, total, started_at, finished_at from duplicate_cluster_job where id = 1`);
  return {
    state: row!.state as ClusterJobState['state'],
    processed: Number(row!.processed),
    total: Number(row!.total),
    startedAt: row!.started_at ? new Date(String(row!.started_at)) : null,
    finishedAt: row!.finished_at ? new Date(String(row!.finished_at)) : null,
  };
}

/** Groups the pairs into clusters (connected components), each with its closest pair's likeness. */
export function groupPairs(pairs: Array<{ a: string; b: string; similarity: number }>): Array<{ members: string[]; top: number }> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Every node on the way now points at the root, so later finds are short.
    for (let at = x; at !== root;) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(rb, ra);
  }
  const groups = new Map<string, { members: string[]; top: number }>();
  for (const id of parent.keys()) {
    const root = find(id);
    const group = groups.get(root) ?? { members: [], top: 0 };
    group.members.push(id);
    groups.set(root, group);
  }
  for (const { a, similarity } of pairs) {
    const group = groups.get(find(a))!;
    group.top = Math.max(group.top, similarity);
  }
  return [...groups.values()];
}

/** Replaces the clusters with the groups of the finished run's pairs, and ends the run. */
async function finishRun(tx: Database): Promise<void> {
  const pairs = (await queryRows(tx, sql`select a::text as a, b::text as b, similarity from duplicate_pairs`)).map((r) => ({
    a: String(r.a),
    b: String(r.b),
    similarity: Number(r.similarity),
  }));
  await queryRows(tx, sql`delete from duplicate_clusters`);
  for (const group of groupPairs(pairs)) {
    const [cluster] = await queryRows(
      tx,
      sql`insert into duplicate_clusters (size, top_similarity) values (${group.members.length}, ${group.top}) returning id::text as id`,
    );
    await queryRows(
      tx,
      sql`insert into duplicate_cluster_members (cluster_id, prompt_id)
          select ${String(cluster!.id)}::uuid, m from unnest(${`{${group.members.join(',')}}`}::uuid[]) m
          where exists (select 1 from prompts where id = m)`,
    );
  }
  await queryRows(tx, sql`delete from duplicate_pairs`);
  await queryRows(tx, sql`update duplicate_cluster_job set state = 'idle', cursor = null, finished_at = now() where id = 1`);
}

export interface BatchOptions {
  /** Prompts per batch (tests walk a small library in several). */
  size?: number;
  /** Called as the batch's transaction is about to commit: a test throws here to stand for a crash. */
  beforeCommit?: () => void;
}

/**
 * One batch of the running job, if any and if no other instance holds the job's lock: the next prompts
 * after the cursor, their near-copies after them kept as pairs, the cursor moved; or, past the last
 * prompt, the clusters written. Answers whether there is more to do.
 */
export async function runClusterBatch(db: Database, options: BatchOptions = {}): Promise<boolean> {
  const size = options.size ?? BATCH;
  return db.transaction(async (tx) => {
    const [locked] = await queryRows(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.duplicateClusters}) as ok`);
    if (!locked!.ok) return false;
    const [job] = await queryRows(tx, sql`select state, cursor::text as cursor from duplicate_cluster_job where id = 1 for update`);
    if (job!.state !== 'running') return false;
    const after = job!.cursor ? sql`and id > ${String(job!.cursor)}::uuid` : sql``;
    const batch = (await queryRows(tx, sql`select id::text as id from prompts where ${LIVE} ${after} order by id limit ${size}`)).map((r) => String(r.id));
    if (!batch.length) {
      await finishRun(tx);
      return false;
    }
    const ids = sql`${`{${batch.join(',')}}`}::uuid[]`;
    await queryRows(
      tx,
      sql`with shared as (
            select s.prompt_id as a, b.prompt_id as b, count(*) as n
            from prompt_similarity_bands s
            cross join lateral (select prompt_id from prompt_similarity_bands where band = s.band limit 200) b
            where s.prompt_id = any(${ids}) and b.prompt_id > s.prompt_id
            group by 1, 2
          ), ranked as (
            select a, b, row_number() over (partition by a order by n desc, b) as r from shared
          ), compared as (
            select r.a, r.b, similarity(pa.content, pb.content) as similarity
            from ranked r join prompts pa on pa.id = r.a join prompts pb on pb.id = r.b
            where r.r <= ${sql.raw(String(CANDIDATES))} and pb.status in ('published', 'verified')
          )
          insert into duplicate_pairs (a, b, similarity)
          select a, b, similarity from compared where similarity >= ${SIMILARITY_THRESHOLD}
          on conflict do nothing`,
    );
    await queryRows(tx, sql`update duplicate_cluster_job set cursor = ${batch[batch.length - 1]!}::uuid, processed = processed + ${batch.length} where id = 1`);
    options.beforeCommit?.();
    return true;
  });
}

/** Runs batches of a running job until it is done, `maxBatches` are done, or another instance holds the lock. */
export async function runClusterJob(db: Database, options: BatchOptions & { maxBatches?: number } = {}): Promise<void> {
  if ((await clusterJobState(db)).state !== 'running') return;
  // Prompts written a moment ago are summarised first, so the walk compares them too.
  await writeAllQueuedBands(db);
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  for (let done = 0; done < maxBatches && (await runClusterBatch(db, options)); done++);
}

/** Moves a running job on every few seconds, on every instance (they take turns batch by batch). */
export function startClusterJobRunner(options: { db: Database; log: Pick<FastifyBaseLogger, 'warn'>; everyMs?: number }) {
  return startPeriodicTask({
    everyMs: options.everyMs ?? 10_000,
    run: () => runClusterJob(options.db),
    log: options.log,
    failure: 'the near-copy cluster job failed a batch; it resumes shortly',
  });
}
