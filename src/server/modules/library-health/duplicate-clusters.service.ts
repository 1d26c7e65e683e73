import { type SQL, sql } from 'drizzle-orm';
import type { ClusterJob, DuplicateCluster, DuplicateClusterPage, HealthQuery } from '../../../shared/schemas/library-health';
import { type Database, queryRows } from '../../db/client';
import { uuidArray } from '../../db/sql-arrays';
import { seenBy } from '../prompt-query';
import { decodeKey, encodeKey } from './health-cursor';
import { type HealthScope, inHealthScope } from './health-scope';
import { clusterJobState } from './duplicate-clusters.job';

// The library's near-copy clusters as the last finished job found them, largest first, a page at a
// time; those of the scope's units only when it has some (a cluster holding a prompt of one of them),
// and of each cluster only the prompts the viewer can see. A cluster whose prompts have
// since gone (merged, deleted) down to one is not shown; the next run groups the library afresh.

export async function clusterJob(db: Database): Promise<ClusterJob> {
  const job = await clusterJobState(db);
  return { ...job, startedAt: job.startedAt?.toISOString() ?? null, finishedAt: job.finishedAt?.toISOString() ?? null };
}

export async function duplicateClusters(db: Database, scope: HealthScope, query: Pick<HealthQuery, 'cursor' | 'limit'>): Promise<DuplicateClusterPage> {
  const after = query.cursor ? decodeKey(query.cursor, ['int', 'real', 'uuid'] as const) : null;
  const page = after
    ? sql`and (size < ${after[0]} or (size = ${after[0]} and top_similarity < ${after[1]}::real)
        or (size = ${after[0]} and top_similarity = ${after[1]}::real and id > ${after[2]}::uuid))`
    : sql``;
  const members = (where: SQL) =>
    sql`select 1 from duplicate_cluster_members m join prompts on prompts.id = m.prompt_id where m.cluster_id = c.id and ${where}`;
  const clusters = await queryRows(
    db,
    sql`select id::text as id, size, top_similarity from duplicate_clusters c
        where (select count(*) from (${members(seenBy(scope.viewer))}) seen) >= 2 ${page}
          ${scope.units ? sql`and exists (${members(inHealthScope(scope))})` : sql``}
        order by size desc, top_similarity desc, id limit ${query.limit + 1}`,
  );
  const shown = clusters.slice(0, query.limit);
  const ids = shown.map((c) => String(c.id));
  const found = ids.length
    ? await queryRows(
        db,
        sql`select m.cluster_id::text as cluster_id, prompts.id::text as id, prompts.title, prompts.author_name, prompts.user_business_unit, prompts.updated_at
            from duplicate_cluster_members m join prompts on prompts.id = m.prompt_id
            where m.cluster_id = any(${uuidArray(ids)}) and ${seenBy(scope.viewer)} order by prompts.updated_at desc, prompts.id`,
      )
    : [];
  const items: DuplicateCluster[] = shown.map((c) => ({
    id: String(c.id),
    // The prompts the viewer sees: a curator learns nothing of the others, not even how many.
    size: found.filter((m) => m.cluster_id === c.id).length,
    topSimilarity: Math.floor(Number(c.top_similarity) * 100) / 100,
    prompts: found
      .filter((m) => m.cluster_id === c.id)
      .map((m) => ({
        id: String(m.id),
        title: String(m.title),
        ownerName: String(m.author_name),
        businessUnit: String(m.user_business_unit),
        updatedAt: new Date(String(m.updated_at)).toISOString(),
      })),
  }));
  const last = shown[shown.length - 1];
  const nextCursor = clusters.length > query.limit && last ? encodeKey([Number(last.size), Number(last.top_similarity), String(last.id)]) : null;
  return { items, nextCursor, job: await clusterJob(db) };
}
