/**
 * Steady HTTP load for the backup and soak scenarios: loops that each keep one request in flight at a
 * paced rate (as people using the app would, not as fast as the server can answer), with every
 * request's latency kept so that a window (a backup, ten seconds of a soak) can be summarised.
 */
import { BENCH_PASSWORD, COMMON_WORD, PREFIX, RARE_WORD } from './seed';

export type RequestKind = 'write' | 'read' | 'healthz';

export interface Sample {
  kind: RequestKind;
  /** performance.now() when the request was sent and when its answer had been read. */
  start: number;
  end: number;
  ok: boolean;
}

export interface LoadOptions {
  /** Loops creating prompts, and how many they create per second in total. */
  writers: number;
  writesPerSecond: number;
  /** Loops reading list pages, and how many they read per second in total. */
  readers: number;
  readsPerSecond: number;
  /** A /healthz probe this often (0: none). */
  healthzEveryMs: number;
  /**
   * Writers also change, use, star and trash prompts, and readers vary their searches, filters and
   * pages, and sign in again now and then: every cache keyed by them sees new keys all the time.
   */
  mixed?: boolean;
}

export interface RunningLoad {
  /** Every finished request; a consumer may take them out (`samples.splice(0)`). */
  samples: Sample[];
  /** The prompts created, with the moment their 201 had arrived. */
  created: Array<{ id: string; acknowledgedAt: number }>;
  stop(): Promise<void>;
}

const WORDS = [COMMON_WORD, RARE_WORD, PREFIX, 'customer', 'email', 'draft', 'analysis', 'meeting', 'review', 'plan', 'sales', 'policy'];
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The percentile `q` (0..1) and the maximum of some latencies, in ms, as printed figures. */
export function summarise(latencies: number[]): { n: number; p50: string; p95: string; max: string } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0) : '—');
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.length ? sorted.at(-1)!.toFixed(0) : '—' };
}

/** Latencies of the samples of `kinds` that were in flight at some moment of [from, to]. */
export function latenciesDuring(samples: Sample[], kinds: RequestKind[], from: number, to: number): number[] {
  return samples.filter((s) => kinds.includes(s.kind) && s.end >= from && s.start <= to).map((s) => s.end - s.start);
}

export function startLoad(base: string, headers: Record<string, string>, options: LoadOptions): RunningLoad {
  const samples: Sample[] = [];
  const created: RunningLoad['created'] = [];
  let running = true;
  let auth = { ...headers };
  const json = { 'content-type': 'application/json' };

  const timed = async (kind: RequestKind, url: string, init: RequestInit = {}): Promise<Response | undefined> => {
    const start = performance.now();
    try {
      const res = await fetch(`${base}${url}`, init);
      const body = await res.arrayBuffer();
      samples.push({ kind, start, end: performance.now(), ok: res.ok });
      return new Response(res.status === 204 ? null : body, { status: res.status });
    } catch {
      samples.push({ kind, start, end: performance.now(), ok: false });
      return undefined;
    }
  };

  /** Runs `step` about `perSecond` times a second, one at a time; a late step never causes a burst. */
  const paced = async (perSecond: number, step: (n: number) => Promise<void>) => {
    const interval = 1000 / perSecond;
    let next = performance.now() + Math.random() * interval;
    for (let n = 0; running; n++) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      await step(n);
      next = Math.max(next + interval, performance.now());
    }
  };

  const createPrompt = async (writer: number, n: number) => {
    const title = `Load ${writer}-${n} ${pick(WORDS)}`;
    const body = {
      title,
      content: `${title}: ${Array.from({ length: 60 }, () => pick(WORDS)).join(' ')}`,
      aiModels: ['ChatGPT'],
      tags: [`tag-${1 + (n % 40)}`],
    };
    const res = await timed('write', '/api/prompts', { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify(body) });
    if (res?.status === 201) created.push({ id: ((await res.json()) as { id: string }).id, acknowledgedAt: performance.now() });
  };

  /** One of the other writes a person makes, on a prompt created earlier in this run. */
  const otherWrite = async (n: number) => {
    const target = created.length ? created[Math.floor(Math.random() * created.length)]!.id : undefined;
    if (!target) return;
    const choice = n % 4;
    if (choice === 0) {
      const body = {
        title: `Changed ${n} ${pick(WORDS)}`,
        content: Array.from({ length: 40 }, () => pick(WORDS)).join(' '),
        aiModels: ['Claude'],
        tags: ['tag-2'],
      };
      await timed('write', `/api/prompts/${target}`, { method: 'PUT', headers: { ...auth, ...json }, body: JSON.stringify(body) });
    } else if (choice === 1) {
      await timed('write', `/api/prompts/${target}/uses`, { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ kind: 'copy' }) });
    } else if (choice === 2) {
      await timed('write', `/api/prompts/${target}/favorite`, { method: n % 8 === 2 ? 'PUT' : 'DELETE', headers: auth });
    } else if (created.length > 200) {
      // Trashing the oldest keeps the table from growing without end over a long soak.
      const oldest = created.shift()!;
      await timed('write', `/api/prompts/${oldest.id}`, { method: 'DELETE', headers: auth });
    }
  };

  const read = async (n: number) => {
    if (!options.mixed) {
      await timed('read', `/api/prompts?search=${pick(WORDS)}`, { headers: auth });
      return;
    }
    const choice = n % 6;
    // Searches made of two random words: new cache keys all the time, as many people searching would make.
    const query = `${pick(WORDS)}%20${pick(WORDS)}`;
    if (choice === 0) await timed('read', `/api/prompts?search=${query}`, { headers: auth });
    else if (choice === 1) await timed('read', `/api/prompts?tags=tag-${1 + Math.floor(Math.random() * 300)}&sort=mostUsed`, { headers: auth });
    else if (choice === 2) await timed('read', `/api/filter/counts?search=${query}`, { headers: auth });
    else if (choice === 3 && created.length) await timed('read', `/api/prompts/${pick(created).id}`, { headers: auth });
    else if (choice === 4) await timed('read', `/api/prompts/recent`, { headers: auth });
    else await timed('read', `/api/prompts/my?search=${pick(WORDS)}`, { headers: auth });
    if (n % 500 === 499) auth = { ...auth, authorization: `Bearer ${await signInAgain()}` };
  };

  const signInAgain = async (): Promise<string> => {
    const res = await timed('read', '/api/login', { method: 'POST', headers: json, body: JSON.stringify(LOGIN) });
    return res?.ok ? ((await res.json()) as { token: string }).token : auth.authorization!.replace(/^Bearer /, '');
  };

  const loops: Promise<void>[] = [];
  for (let w = 0; w < options.writers; w++) {
    loops.push(paced(options.writesPerSecond / options.writers, (n) => (options.mixed && n % 2 === 1 ? otherWrite(n >> 1) : createPrompt(w, n))));
  }
  for (let r = 0; r < options.readers; r++) loops.push(paced(options.readsPerSecond / options.readers, read));
  if (options.healthzEveryMs > 0) loops.push(paced(1000 / options.healthzEveryMs, async () => void (await timed('healthz', '/healthz'))));

  return {
    samples,
    created,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The benchmark's administrator, as seeded (bench/seed.ts). */
export const LOGIN = { email: 'bench0@example.com', password: BENCH_PASSWORD };
