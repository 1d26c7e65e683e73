import autocannon from 'autocannon';
import type { Database } from '../src/server/db/client';
import { type FacetScope, facetCounts } from '../src/server/modules/catalog/catalog.facets';
import { listPromptPage, type RunStatement } from '../src/server/modules/prompt-query';
import { promptListQuerySchema } from '../src/shared/schemas/prompts';
import { benchText, COMMON_WORD, PREFIX, RARE_WORD } from './seed';
import { BENCH_COLLECTION, benchCollectionId } from './seed-collections';

type Viewer = { id: string; role: 'admin' | 'edit'; businessUnit: string };
export interface Scenario {
  name: string;
  /** A request path, or a function finding one (e.g. a cursor) through the API. */
  path: string | ((base: string, headers: Record<string, string>) => Promise<string>);
  /** The same list call in-process, for the SQL timing. */
  direct?: (db: Database, viewer: Viewer, run: RunStatement) => Promise<unknown>;
  /** A write instead of a GET (never cached, so measured once). */
  request?: { method: 'POST'; body: string };
  /** Only administrators (and curators) may call it: left out of `--as=member` runs. */
  adminOnly?: boolean;
}

const health = (name: string, path: string): Scenario => ({ name: `Library Health: ${name}`, path: `/api/admin/library-health/${path}`, adminOnly: true });

/** The id of the first prompt of the default list. */
async function firstPromptId(base: string, headers: Record<string, string>): Promise<string> {
  const first = (await (await fetch(`${base}/api/prompts?limit=1`, { headers })).json()) as { items: Array<{ id: string }> };
  return first.items[0]!.id;
}

const list = (name: string, qs: string, mine = false): Scenario => ({
  name,
  path: `/api/prompts${mine ? '/my' : ''}?${qs}`,
  direct: (db, viewer, run) =>
    listPromptPage(
      db,
      { query: promptListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs))), viewer, ...(mine ? { ownerId: viewer.id } : {}) },
      run,
    ),
});

/** A list inside the benchmark's collection of 500 (its id is looked up once). */
const inCollection = (name: string, qs: string): Scenario => ({
  name,
  path: async (base, headers) => {
    const all = (await (await fetch(`${base}/api/collections`, { headers })).json()) as { items: Array<{ id: string; name: string }> };
    const found = all.items.find((c) => c.name === BENCH_COLLECTION);
    if (!found) throw new Error(`The viewer does not see "${BENCH_COLLECTION}"`);
    return `/api/prompts?collection=${found.id}${qs ? `&${qs}` : ''}`;
  },
  direct: async (db, viewer, run) => {
    const collection = await benchCollectionId(db);
    const query = promptListQuerySchema.parse({ collection, ...Object.fromEntries(new URLSearchParams(qs)) });
    return listPromptPage(db, { query, viewer }, run);
  },
});

const facets = (name: string, qs: string, scope: Partial<FacetScope>): Scenario => ({
  name,
  path: `/api/filter/counts?${qs}`,
  // Sets with no condition at all are answered from the cached counts of every prompt; none here.
  direct: (db, _viewer, run) =>
    facetCounts(
      db,
      { search: '', businessUnits: [], aiModels: [], tags: [], visibility: [], audience: null, statuses: ['published', 'verified'], ...scope },
      () => Promise.reject(new Error('not used')),
      run,
    ),
});

export const scenarios: Scenario[] = [
  { name: 'GET /healthz (ceiling: one trivial query)', path: '/healthz' },
  list('first page, unfiltered', ''),
  list(`search common word "${COMMON_WORD}"`, `search=${COMMON_WORD}`),
  list(`search rare word "${RARE_WORD}"`, `search=${RARE_WORD}`),
  // The same matches newest first: the same work for every viewer. Ranked above, a member (fewer
  // matches, under the ranking cap) ranks where the admin (more, over it) reads newest first.
  list(`search rare word "${RARE_WORD}", newest first`, `search=${RARE_WORD}&sort=updatedAt`),
  list(`search prefix "${PREFIX}"`, `search=${PREFIX}`),
  list('search two words', 'search=customer%20email'),
  // No prompt has every word ("qxzqv" is in none): the prompts with the most of the others, and a
  // look for a close library word; then single and double typos ("Did you mean …?").
  list('search fallback: most of the words ("customer email qxzqv")', 'search=customer%20email%20qxzqv'),
  list(`search fallback: most of the words, one rare ("${RARE_WORD} ${COMMON_WORD} qxzqv")`, `search=${RARE_WORD}%20${COMMON_WORD}%20qxzqv`),
  list('search suggestion: "custmer" (Did you mean "customer")', 'search=custmer'),
  list('search suggestions: two typos ("sumary reprot")', 'search=sumary%20reprot'),
  list('filter: business unit', 'businessUnits=Unit%203'),
  list('filter: AI application', 'aiModels=Claude'),
  list('filter: rare tag', 'tags=tag-290'),
  list('filter: popular tag', 'tags=tag-1'),
  list('filters combined', 'businessUnits=Unit%203&aiModels=ChatGPT&tags=tag-2,tag-5'),
  list('my prompts (one author of 200)', '', true),
  // Faceted counts: each value's count under the search and the other groups' filters, top 50 per group.
  // Answers are kept 30 s (until a prompt changes), so the SQL column is the cost of the first asker.
  { name: 'filter counts, nothing chosen', path: '/api/filter/counts' },
  facets(`filter counts, search "${COMMON_WORD}"`, `search=${COMMON_WORD}`, { search: COMMON_WORD }),
  facets('filter counts, a unit and a tag chosen', 'businessUnits=Unit%203&tags=tag-1', { businessUnits: ['Unit 3'], tags: ['tag-1'] }),
  { name: 'filter values, tags containing "tag-2"', path: '/api/filter/values?group=tags&q=tag-2' },
  // Uses and favourites (one prompt in ten used; the viewer has 50 favourites and 200 recent uses).
  list('most used, first page', 'sort=mostUsed'),
  list('most used, filter: popular tag', 'sort=mostUsed&tags=tag-1'),
  list('top rated, first page', 'sort=topRated'),
  list('top rated, filter: popular tag', 'sort=topRated&tags=tag-1'),
  // Statuses (5 % drafts, 10 % verified, 5 % deprecated): drafts and deprecated prompts are left out
  // through the audience keys; "Verified only" tests each row's status.
  list('verified only, first page', 'verified=true'),
  list('with deprecated, first page', 'status=published,verified,deprecated'),
  list('favorites only (50)', 'favorites=true'),
  { name: 'recently used (200)', path: '/api/prompts/recent' },
  // Collections: 2,000 of 20 prompts, and one of 500 that the member may all see.
  inCollection('collection of 500, its order', ''),
  inCollection(`collection of 500, search "${COMMON_WORD}"`, `search=${COMMON_WORD}`),
  { name: 'collections the viewer sees, first 50 (of 2,001)', path: '/api/collections' },
  {
    name: 'record a use (POST, one prompt, 10 at once)',
    path: async (base, headers) => `/api/prompts/${await firstPromptId(base, headers)}/uses`,
    request: { method: 'POST', body: JSON.stringify({ kind: 'copy' }) },
  },
  // Near-copies of a text being written, against the whole library (never cached).
  {
    name: 'similar prompts, a 2,000-character text (POST)',
    path: '/api/prompts/similar',
    request: { method: 'POST', body: JSON.stringify({ title: 'Quarterly customer report', content: benchText() }) },
  },
  // The lists of those who look after the library (the whole library: the admin's view).
  health('units, their prompts, authors and uses of 30 days', 'units'),
  health('unused for 90 days, first page', 'unused'),
  health('orphaned, first page', 'orphaned'),
  health('most used in 30 days, first page', 'top'),
  health('fastest growing, first page', 'top?by=growth'),
  health('near-copy groups, first page', 'duplicates'),
  {
    name: 'next page via cursor',
    path: async (base, headers) => {
      const first = (await (await fetch(`${base}/api/prompts`, { headers })).json()) as { nextCursor: string };
      return `/api/prompts?cursor=${first.nextCursor}`;
    },
  },
];

export interface Measured {
  rps: number;
  p50: string;
  p95: string;
  p99: string;
  errors: number;
}

/** autocannon, 10 connections; percentiles computed from every response's own latency. */
export async function measure(url: string, headers: Record<string, string>, duration: number, request?: Scenario['request']): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = request ? { method: request.method, body: request.body, headers: { ...headers, 'content-type': 'application/json' } } : { headers };
    const instance = autocannon({ url, connections: 10, duration, ...options }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1) : '—');
  return { rps: Math.round(result.requests.average), p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: result.non2xx + result.errors };
}
