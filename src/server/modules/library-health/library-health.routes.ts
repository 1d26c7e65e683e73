import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clusterJobSchema,
  duplicateClusterPageSchema,
  HEALTH_WINDOW_DAYS,
  healthQuerySchema,
  INACTIVE_OWNER_DAYS,
  orphanedPageSchema,
  orphanedQuerySchema,
  topPageSchema,
  topQuerySchema,
  unitHealthPageSchema,
  UNUSED_DAYS,
  unusedPageSchema,
  unusedQuerySchema,
} from '../../../shared/schemas/library-health';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { csvRow, UTF8_BOM } from '../export/csv';
import { runClusterJob, startClusterJob } from './duplicate-clusters.job';
import { clusterJob, duplicateClusters } from './duplicate-clusters.service';
import { orphanedPrompts } from './health-orphans.service';
import { type HealthScope, healthScope } from './health-scope';
import { topPrompts, unitHealth, unusedPrompts } from './health-usage.service';

/** CSV downloads hold at most this many rows of a list (its first ones). */
const CSV_ROWS = 10_000;

interface ListQuery {
  unit?: string | undefined;
  cursor?: string | undefined;
  limit: number;
  format: 'json' | 'csv';
}

/** One Library Health list: its page, and the same list as a CSV attachment (formula-safe). */
interface HealthList<Q extends ListQuery, Item> {
  path: string;
  summary: string;
  description: string;
  querystring: z.ZodType<Q>;
  response: z.ZodTypeAny;
  read: (scope: HealthScope, query: Q) => Promise<{ items: Item[]; nextCursor: string | null }>;
  csv: { filename: string; header: string[]; rows: (items: Item[]) => unknown[][] };
}

const isoDay = (iso: string | null) => iso?.slice(0, 10) ?? '';

/** The library's health, for those who look after it: administrators, and curators for their units. */
export async function libraryHealthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const curator = { access: 'curator' } as const;
  const tags = ['Library health'];
  const scopeNote =
    ' Curators get the prompts of the units they curate that they can see; `unit` narrows the list to one business unit (a curator, to one of theirs). `format=csv` downloads the list (formula-safe, its first 10,000 rows).';

  function list<Q extends ListQuery, Item>(spec: HealthList<Q, Item>) {
    app.route({
      method: 'GET',
      url: `/api/admin/library-health/${spec.path}`,
      config: curator,
      schema: {
        summary: spec.summary,
        description: spec.description + scopeNote,
        tags,
        querystring: spec.querystring,
        response: { 200: spec.response },
        documentedResponses: { 200: { description: 'The list; with format=csv a CSV attachment', content: { 'text/csv': z.string() } } },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as Q;
        const scope = healthScope(requireUser(request), query.unit);
        if (query.format === 'json') return spec.read(scope, query);
        const { items } = await spec.read(scope, { ...query, cursor: undefined, limit: CSV_ROWS });
        // The attachment is text, not the JSON page the schema describes: sent past the schema's serializer.
        return reply
          .serializer(String)
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${spec.csv.filename}"`)
          .send(UTF8_BOM + csvRow(spec.csv.header) + spec.csv.rows(items).map(csvRow).join(''));
      },
    });
  }

  list({
    path: 'units',
    summary: 'Each business unit: its prompts, their authors, their recent uses',
    description: `Every business unit by name, with its prompts, how many people wrote them, and their uses in the last ${HEALTH_WINDOW_DAYS} days.`,
    querystring: healthQuerySchema,
    response: unitHealthPageSchema,
    read: (scope, q) => unitHealth(app.db, scope, q),
    csv: {
      filename: 'units.csv',
      header: ['businessUnit', 'prompts', 'authors', `usesLast${HEALTH_WINDOW_DAYS}Days`],
      rows: (items) => items.map((u) => [u.name, u.prompts, u.authors, u.uses]),
    },
  });

  list({
    path: 'unused',
    summary: 'Prompts nobody has used for a while, the longest idle first',
    description: `Prompts older than \`days\` (default ${UNUSED_DAYS}) with no use in that time: idle since their last use, or since they were written when never used.`,
    querystring: unusedQuerySchema,
    response: unusedPageSchema,
    read: (scope, q) => unusedPrompts(app.db, scope, q),
    csv: {
      filename: 'unused-prompts.csv',
      header: ['promptId', 'title', 'owner', 'businessUnit', 'createdAt', 'lastUsedAt', 'uses'],
      rows: (items) => items.map((p) => [p.id, p.title, p.ownerName, p.businessUnit, isoDay(p.createdAt), isoDay(p.lastUsedAt), p.useCount]),
    },
  });

  list({
    path: 'duplicates',
    summary: 'Near-copy clusters, largest first',
    description:
      'Groups of prompts at least 0.6 alike, as the cluster job last found them (`job` says when, and how far a run has come). With `unit`, the clusters holding a prompt of that unit; the CSV has a row per prompt.',
    querystring: healthQuerySchema,
    response: duplicateClusterPageSchema,
    read: (scope, q) => duplicateClusters(app.db, scope, q),
    csv: {
      filename: 'near-copies.csv',
      header: ['cluster', 'size', 'similarity', 'promptId', 'title', 'owner', 'businessUnit', 'updatedAt'],
      rows: (items) =>
        items.flatMap((c, i) => c.prompts.map((p) => [i + 1, c.prompts.length, c.topSimilarity, p.id, p.title, p.ownerName, p.businessUnit, p.updatedAt])),
    },
  });

  list({
    path: 'orphaned',
    summary: 'Prompts nobody looks after, the longest orphaned first',
    description: `Prompts given to their owner when the account that owned them was deleted (\`transferred\`, until they are handed on), and prompts whose owner has not signed in for \`days\` (default ${INACTIVE_OWNER_DAYS}; \`inactive\`).`,
    querystring: orphanedQuerySchema,
    response: orphanedPageSchema,
    read: (scope, q) => orphanedPrompts(app.db, scope, q),
    csv: {
      filename: 'orphaned-prompts.csv',
      header: ['promptId', 'title', 'owner', 'businessUnit', 'reason', 'since', 'formerOwner'],
      rows: (items) => items.map((p) => [p.id, p.title, p.ownerName, p.businessUnit, p.reason, isoDay(p.since), p.fromName ?? '']),
    },
  });

  list({
    path: 'top',
    summary: 'The most used, or fastest growing, prompts of the last 30 days',
    description: `\`by=uses\` (default): the most uses in the last ${HEALTH_WINDOW_DAYS} days. \`by=growth\`: the most uses gained over the ${HEALTH_WINDOW_DAYS} days before (only prompts that gained).`,
    querystring: topQuerySchema,
    response: topPageSchema,
    read: (scope, q) => topPrompts(app.db, scope, q),
    csv: {
      filename: 'top-prompts.csv',
      header: ['promptId', 'title', 'owner', 'businessUnit', `usesLast${HEALTH_WINDOW_DAYS}Days`, `usesPrevious${HEALTH_WINDOW_DAYS}Days`, 'growth'],
      rows: (items) => items.map((p) => [p.id, p.title, p.ownerName, p.businessUnit, p.uses, p.previousUses, p.growth]),
    },
  });

  r.post(
    '/api/admin/library-health/duplicates/job',
    {
      config: { access: 'admin' },
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
