import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * How well search finds what people mean, on a real collection: the prompts.chat prompts
 * (tests/fixtures/prompts-chat.csv) are created through the API of a fresh database, then every query
 * of bench/search-queries.json is sent as `GET /api/prompts?search=…`. A query succeeds when one of
 * the prompts it intends is among the first 5 results. When the list offers a "Did you mean" word and
 * finds nothing itself, the suggestion is followed, as a person would click it.
 */

const FIXTURE = 'tests/fixtures/prompts-chat.csv';
const QUERIES = 'bench/search-queries.json';
const TOP = 5;

interface EvalQuery {
  query: string;
  kind: string;
  intended: string[];
}

interface ListAnswer {
  items: Array<{ title: string }>;
  searchMode?: string;
  suggestions?: Array<{ word: string; suggestion: string; search: string }>;
}

async function call<T>(base: string, path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs up the first account of a fresh database (which makes it an admin) and stores the collection. */
async function loadCollection(base: string): Promise<Record<string, string>> {
  const account = { email: 'search-eval@example.com', password: 'search eval password 1', firstName: 'Search', lastName: 'Eval', businessUnit: 'Evaluation' };
  const json = { 'content-type': 'application/json' };
  const { token } = await call<{ token: string }>(base, '/api/register', { method: 'POST', headers: json, body: JSON.stringify(account) });
  const headers = { authorization: `Bearer ${token}` };
  const rows = parse(readFileSync(FIXTURE, 'utf8'), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  for (const row of rows) {
    const prompt = {
      title: row.act,
      content: row.prompt,
      // As an import keeps it: the contributor in the notes, one tag saying where the prompt came from.
      notes: row.contributor ? `Contributed by ${row.contributor}` : null,
      aiModels: ['ChatGPT'],
      tags: [row.for_devs === 'TRUE' ? 'Development' : 'General'],
    };
    await call(base, '/api/prompts', { method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify(prompt) });
  }
  return headers;
}

async function search(base: string, headers: Record<string, string>, text: string): Promise<ListAnswer> {
  return call<ListAnswer>(base, `/api/prompts?limit=${TOP}&search=${encodeURIComponent(text)}`, { headers: { ...headers, 'cache-control': 'no-cache' } });
}

/** Runs the evaluation against a server at `base` whose database is empty; returns the share found. */
export async function searchEval(base: string, log: (msg: string) => void): Promise<number> {
  const { queries } = JSON.parse(readFileSync(QUERIES, 'utf8')) as { queries: EvalQuery[] };
  const headers = await loadCollection(base);
  const failures: string[] = [];
  const byKind = new Map<string, { found: number; all: number }>();
  let found = 0;
  for (const q of queries) {
    let answer = await search(base, headers, q.query);
    let followed = '';
    // A person offered "Did you mean …?" over an empty list clicks it.
    const corrected = answer.suggestions?.[0]?.search;
    if (answer.items.length === 0 && corrected) {
      followed = ` → "${corrected}"`;
      answer = await search(base, headers, corrected);
    }
    const titles = answer.items.slice(0, TOP).map((i) => i.title);
    const hit = titles.some((t) => q.intended.includes(t));
    const kind = byKind.get(q.kind) ?? { found: 0, all: 0 };
    byKind.set(q.kind, { found: kind.found + (hit ? 1 : 0), all: kind.all + 1 });
    if (hit) found++;
    else
      failures.push(
        `- "${q.query}"${followed} (${answer.searchMode ?? 'all'}): wanted ${q.intended.join(' | ')}; got ${titles.length ? titles.join(' | ') : 'nothing'}`,
      );
  }
  const share = found / queries.length;
  log(`\n## Search evaluation: ${queries.length} queries on the prompts.chat collection\n`);
  log(`Found an intended prompt in the first ${TOP}: ${found} of ${queries.length} (${(share * 100).toFixed(1)} %)`);
  for (const [kind, k] of byKind) log(`  ${kind}: ${k.found} of ${k.all}`);
  log(failures.length ? `\nFailures:\n${failures.join('\n')}` : '\nNo failures.');
  return share;
}
