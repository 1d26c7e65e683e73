import { sql } from 'drizzle-orm';
import type { ClusterJob, DuplicateCluster, DuplicateClusterPage, HealthQuery } from '../../../shared/schemas/library-health';
import { type Database, queryRows } from '../../db/client';
import { invalidCursor } from '../prompt-query';
import { clusterJobState } from './duplicate-clusters.job';

// The library's near-copy clusters as the last finished job found them, largest first, a page at a
// time; `unit` keeps the clusters holding a prompt of that business unit. A cluster whose prompts have
// since gone (merged, deleted) down to one is not shown; the next run groups the library afresh.

interface ClusterCursor {
  size: number;
  top: number;
  id: string;
}

const encode = (c: ClusterCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(text: string): ClusterCursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString()) as ClusterCursor;
    if (typeof c.size === 'number' && typeof c.top === 'number' && typeof c.id === 'string' && /^[0-9a-f-]{36}$/.test(c.id)) return c;
  } catch {
    // Not ours: refused below.
  }
  throw invalidCursor();
}

export async function clusterJob(db: Database): Promise<ClusterJob> {
  const job = await clusterJobState(db);
  return { ...job, startedAt: job.startedAt?.toISOString() ?? null, finishedAt: job.finishedAt?.toISOString() ?? null };
}

export async function duplicateClusters(db: Database, query: Pick<HealthQuery, 'unit' | 'cursor' | 'limit'>): Promise<DuplicateClusterPage> {
  const after = query.cursor ? decode(query.cursor) : null;
  const page = sql`(size < ${after?.size} or (size = ${after?.size} and top_similarity < ${after?.top}::real)
    or (size = ${after?.size} and top_similarity = ${after?.top}::real and id > ${after?.id}::uuid))`;
  const inUnit = sql`exists (select 1 from duplicate_cluster_members m join prompts p on p.id = m.prompt_id
    where m.cluster_id = c.id and lower(p.user_business_unit) = lower(${query.unit ?? ''}))`;
  const clusters = await queryRows(
    db,
    sql`select id::text as id, size, top_similarity from duplicate_clusters c
        where (select count(*) from duplicate_cluster_members m where m.cluster_id = c.id) >= 2
          ${after ? sql`and ${page}` : sql``} ${query.unit ? sql`and ${inUnit}` : sql``}
        order by size desc, top_similarity desc, id limit ${query.limit + 1}`,
  );
  const shown = clusters.slice(0, query.limit);
  const ids = shown.map((c) => String(c.id));
  const members = ids.length
    ? await queryRows(
        db,
        sql`select m.cluster_id::text as cluster_id, p.id::text as id, p.title, p.author_name, p.user_business_unit, p.updated_at
            from duplicate_cluster_members m join prompts p on p.id = m.prompt_id
            where m.cluster_id = any(${`{${ids.join(',')}}`}::uuid[]) order by p.updated_at desc, p.id`,
      )
    : [];
  const items: DuplicateCluster[] = shown.map((c) => ({
    id: String(c.id),
    size: Number(c.size),
    topSimilarity: Math.floor(Number(c.top_similarity) * 100) / 100,
    prompts: members
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
  const nextCursor = clusters.length > query.limit && last ? encode({ size: Number(last.size), top: Number(last.top_similarity), id: String(last.id) }) : null;
  return { items, nextCursor, job: await clusterJob(db) };
}
