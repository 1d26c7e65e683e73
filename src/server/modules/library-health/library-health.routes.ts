import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clusterJobSchema, duplicateClusterPageSchema, healthQuerySchema } from '../../../shared/schemas/library-health';
import { requireAdmin } from '../../plugins/auth';
import { csvRow, UTF8_BOM } from '../export/csv';
import { runClusterJob, startClusterJob } from './duplicate-clusters.job';
import { clusterJob, duplicateClusters } from './duplicate-clusters.service';

/** CSV downloads hold at most this many clusters (the largest). */
const CSV_CLUSTERS = 10_000;

/** The library's health, for those who look after it: near-copy clusters (and the job computing them). */
export async function libraryHealthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Library health'];

  r.get(
    '/api/admin/library-health/duplicates',
    {
      config: admin,
      schema: {
        summary: 'Near-copy clusters, largest first',
        description:
          'Groups of prompts at least 0.6 alike, as the cluster job last found them (`job` says when, and how far a run has come). `unit` keeps the clusters holding a prompt of that business unit; `format=csv` downloads them (formula-safe), a row per prompt.',
        tags,
        querystring: healthQuerySchema,
        response: { 200: duplicateClusterPageSchema },
        documentedResponses: { 200: { description: 'The clusters; with format=csv a CSV attachment', content: { 'text/csv': z.string() } } },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { format, ...query } = request.query;
      if (format === 'json') return duplicateClusters(app.db, query);
      const page = await duplicateClusters(app.db, { ...query, cursor: undefined, limit: CSV_CLUSTERS });
      const rows = page.items.flatMap((c, i) =>
        c.prompts.map((p) => csvRow([i + 1, c.size, c.topSimilarity, p.id, p.title, p.ownerName, p.businessUnit, p.updatedAt])),
      );
      // The attachment is text, not the JSON page the schema describes: sent past the schema's serializer.
      return (reply as unknown as FastifyReply)
        .serializer(String)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="near-copies.csv"')
        .send(UTF8_BOM + csvRow(['cluster', 'size', 'similarity', 'promptId', 'title', 'owner', 'businessUnit', 'updatedAt']) + rows.join(''));
    },
  );

  r.post(
    '/api/admin/library-health/duplicates/job',
    {
      config: admin,
      schema: {
        summary: 'Start computing the near-copy clusters again',
        description: 'Runs in the background on one instance at a time, resuming after a restart; a run under way is left to finish.',
        tags,
        response: { 202: clusterJobSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await startClusterJob(app.db);
      // A first stretch at once, so a small library's groups are ready by the next look; the runner on
      // every instance carries on from where this stops.
      void runClusterJob(app.db).catch((err: unknown) => request.log.warn({ err }, 'the near-copy cluster job failed a batch; it resumes shortly'));
      return reply.status(202).send(await clusterJob(app.db));
    },
  );
}
