import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { call } from './visibility-checks';
import { type Actor, type Fixture, PROMPT_KEYS, type PromptKey, sees, seenKeys, UNIQUE } from './visibility-fixture';

// The lists, totals, counts and value lists of the visibility matrix: each holds exactly what the actor sees.

type Fail = (message: string) => void;
type Check = (f: Fixture, actor: Actor, fail: Fail) => Promise<void>;

const sorted = (values: Iterable<string>) => [...values].sort();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Reads a list route; null (after noting the failure) when the actor was refused or it answered otherwise than expected. */
async function read<T>(f: Fixture, actor: Actor, url: string, fail: Fail): Promise<T | null> {
  const res = await call(f, actor, 'GET', url);
  // Tokens without prompts:read are refused every list, whatever it holds.
  const refused = actor.scopes !== null && !actor.scopes.includes('prompts:read');
  if (refused) {
    if (res.statusCode !== 403 || (res.json() as { code?: string }).code !== 'insufficient_scope')
      fail(`${actor.name} GET ${url}: got ${res.statusCode}, want 403`);
    return null;
  }
  if (res.statusCode !== 200) {
    fail(`${actor.name} GET ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    return null;
  }
  return res.json() as T;
}

type Page = { items: Array<{ id: string }>; total: number };

/** A page of prompts must hold exactly `keys` of the fixture, and its total must count exactly them. */
async function expectPage(f: Fixture, actor: Actor, url: string, keys: readonly PromptKey[], fail: Fail) {
  const page = await read<Page>(f, actor, url, fail);
  if (!page) return;
  const byId = new Map(PROMPT_KEYS.map((key) => [f.ids[key], key]));
  const got = page.items.map((item) => byId.get(item.id) ?? `other ${item.id}`);
  const want = [...keys];
  if (!same(sorted(got), sorted(want)) || page.total !== want.length) {
    fail(`${actor.name} GET ${url}: got ${JSON.stringify(got)} total ${page.total}, want ${JSON.stringify(want)} total ${want.length}`);
  }
}

const ownsOrCoOwns = (actor: Actor) => actor.person === 'owner' || actor.person === 'coOwner';
const only = (actor: Actor, key: PromptKey) => (sees(actor, key) ? [key] : []);
const tagsOf = (keys: readonly PromptKey[]) => sorted(keys.map((key) => UNIQUE[key].tag));
const appsOf = (keys: readonly PromptKey[]) => sorted(keys.map((key) => UNIQUE[key].app));

type Counts = Record<'businessUnits' | 'aiModels' | 'tags', Array<{ value: string; count: number }>> & {
  totals: Record<'businessUnits' | 'aiModels' | 'tags', number>;
};

/** The sidebar's counts of a list view holding `keys`: each prompt has one tag and one application of its own, all from Legal. */
async function expectCounts(f: Fixture, actor: Actor, query: string, keys: readonly PromptKey[], fail: Fail) {
  const url = `/api/filter/counts${query}`;
  const counts = await read<Counts>(f, actor, url, fail);
  if (!counts) return;
  const one = (values: string[]) => values.map((value) => ({ value, count: 1 }));
  const want = {
    businessUnits: keys.length ? [{ value: 'Legal', count: keys.length }] : [],
    aiModels: one(appsOf(keys)),
    tags: one(tagsOf(keys)),
    totals: { businessUnits: keys.length ? 1 : 0, aiModels: keys.length, tags: keys.length },
  };
  const got = {
    businessUnits: counts.businessUnits,
    aiModels: [...counts.aiModels].sort((a, b) => a.value.localeCompare(b.value)),
    tags: [...counts.tags].sort((a, b) => a.value.localeCompare(b.value)),
    totals: counts.totals,
  };
  if (!same(got, want)) fail(`${actor.name} GET ${url}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

async function expectNames(f: Fixture, actor: Actor, url: string, want: string[], fail: Fail, pick: (body: unknown) => string[], within?: string[]) {
  const body = await read<unknown>(f, actor, url, fail);
  if (body === null) return;
  const names = sorted(pick(body).filter((name) => !within || within.includes(name)));
  if (!same(names, sorted(want))) fail(`${actor.name} GET ${url}: got ${JSON.stringify(names)}, want ${JSON.stringify(sorted(want))}`);
}
const strings = (body: unknown) => body as string[];

/** A Library Health list: refused to all but administrators (sessions, or tokens with the admin scope). */
async function expectHealthList(f: Fixture, actor: Actor, list: string, fail: Fail) {
  const url = `/api/admin/library-health/${list}`;
  const res = await call(f, actor, 'GET', url);
  const admitted = actor.person === 'admin' && (actor.scopes === null || actor.scopes.includes('admin'));
  if (!admitted) {
    if (res.statusCode !== 403) fail(`${actor.name} GET ${url}: got ${res.statusCode}, want 403`);
    return;
  }
  if (res.statusCode !== 200) return fail(`${actor.name} GET ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
  const body = res.json() as { items: Array<{ id?: string; name?: string; prompts?: number }> };
  if (list === 'top') {
    const got = sorted(body.items.map((item) => PROMPT_KEYS.find((key) => f.ids[key] === item.id) ?? `other ${item.id}`));
    if (!same(got, sorted(PROMPT_KEYS))) fail(`${actor.name} GET ${url}: got ${JSON.stringify(got)}, want all three`);
  }
  if (list === 'units' && body.items.find((u) => u.name === 'Legal')?.prompts !== PROMPT_KEYS.length)
    fail(`${actor.name} GET ${url}: Legal does not count three prompts`);
}

/** Each checked list route and how it is checked; the route classification test reads the keys. */
export const LIST_CHECKS: Record<string, Check> = {
  'GET /api/prompts': async (f, actor, fail) => {
    const seen = seenKeys(actor);
    await expectPage(f, actor, '/api/prompts', seen, fail);
    await expectPage(f, actor, '/api/prompts?favorites=true', seen, fail);
    await expectPage(f, actor, '/api/prompts?sort=mostUsed', seen, fail);
    await expectPage(f, actor, '/api/prompts?businessUnits=Legal', seen, fail);
    await expectPage(f, actor, `/api/prompts?collection=${f.collectionId}`, seen, fail);
    for (const key of PROMPT_KEYS) {
      const { word, tag, app } = UNIQUE[key];
      await expectPage(f, actor, `/api/prompts?search=${word}`, only(actor, key), fail);
      await expectPage(f, actor, `/api/prompts?tags=${encodeURIComponent(tag)}`, only(actor, key), fail);
      await expectPage(f, actor, `/api/prompts?aiModels=${encodeURIComponent(app)}&favorites=true`, only(actor, key), fail);
      await expectPage(f, actor, `/api/prompts?visibility=${key}`, only(actor, key), fail);
      await expectPage(f, actor, `/api/prompts?collection=${f.collectionId}&search=${word}`, only(actor, key), fail);
    }
  },
  // One's own prompts: the three, to their owner and their co-owner.
  'GET /api/prompts/my': (f, actor, fail) => expectPage(f, actor, '/api/prompts/my', ownsOrCoOwns(actor) ? PROMPT_KEYS : [], fail),
  // Everyone used every prompt while it was open to all.
  'GET /api/prompts/recent': (f, actor, fail) => expectPage(f, actor, '/api/prompts/recent', seenKeys(actor), fail),
  'GET /api/filter/counts': async (f, actor, fail) => {
    await expectCounts(f, actor, '', seenKeys(actor), fail);
    await expectCounts(f, actor, '?scope=my', ownsOrCoOwns(actor) ? PROMPT_KEYS : [], fail);
    await expectCounts(f, actor, `?collection=${f.collectionId}`, seenKeys(actor), fail);
    for (const key of PROMPT_KEYS) await expectCounts(f, actor, `?search=${UNIQUE[key].word}`, only(actor, key), fail);
  },
  'GET /api/filter/values': async (f, actor, fail) => {
    const values = (body: unknown) => (body as { values: Array<{ value: string }> }).values.map((v) => v.value);
    await expectNames(f, actor, '/api/filter/values?group=tags&q=zz', tagsOf(seenKeys(actor)), fail, values);
    await expectNames(f, actor, '/api/filter/values?group=aiModels&q=zz', appsOf(seenKeys(actor)), fail, values);
  },
  // A collection holding all three: each sees it, counting only the prompts they see.
  'GET /api/collections': async (f, actor, fail) => {
    const body = await read<{ items: Array<{ id: string; itemCount: number }> }>(f, actor, '/api/collections', fail);
    const found = body?.items.find((c) => c.id === f.collectionId);
    if (body && found?.itemCount !== seenKeys(actor).length)
      fail(`${actor.name} GET /api/collections: itemCount ${found?.itemCount}, want ${seenKeys(actor).length}`);
  },
  'GET /api/collections/:id': async (f, actor, fail) => {
    const body = await read<{ itemCount: number }>(f, actor, `/api/collections/${f.collectionId}`, fail);
    if (body && body.itemCount !== seenKeys(actor).length)
      fail(`${actor.name} GET /api/collections/:id: itemCount ${body.itemCount}, want ${seenKeys(actor).length}`);
  },
  // Nobody curates a unit here and no verification has run out: every queue is empty, admins' too
  // (prompt-status.test.ts fills queues and checks that a curator's holds only prompts they see).
  'GET /api/review': async (f, actor, fail) => {
    const body = await read<{ items: unknown[] }>(f, actor, '/api/review', fail);
    if (body && body.items.length) fail(`${actor.name} GET /api/review: ${body.items.length} items, want none`);
  },
  // Suggestions and inbox items name prompts: only those the actor sees (the prompt routes' pass made some).
  'GET /api/suggestions': async (f, actor, fail) => {
    const seen = new Set(seenKeys(actor).map((key) => f.ids[key]));
    for (const mine of ['false', 'true']) {
      const body = await read<{ items: Array<{ promptId: string }> }>(f, actor, `/api/suggestions?status=all&mine=${mine}`, fail);
      for (const item of body?.items ?? []) if (!seen.has(item.promptId)) fail(`${actor.name} GET /api/suggestions: a suggestion on a prompt it does not see`);
    }
  },
  'GET /api/inbox': async (f, actor, fail) => {
    const seen = new Set(seenKeys(actor).map((key) => f.ids[key]));
    const body = await read<{ items: Array<{ promptId: string | null; promptTitle: string | null }> }>(f, actor, '/api/inbox', fail);
    for (const item of body?.items ?? []) {
      if (item.promptTitle !== null && !seen.has(item.promptId!)) fail(`${actor.name} GET /api/inbox: names a prompt it does not see`);
    }
  },
  // Near-copies of each prompt's own text: named to those who see it, to nobody else.
  'POST /api/prompts/similar': async (f, actor, fail) => {
    const refused = actor.scopes !== null && !actor.scopes.includes('prompts:read');
    for (const key of PROMPT_KEYS) {
      const [row] = await queryRows(f.t.db, sql`select content from prompts where id = ${f.ids[key]}`);
      const content = `${String(row!.content)} ${String(row!.content)}`;
      const res = await call(f, actor, 'POST', '/api/prompts/similar', { content });
      if (refused) {
        if (res.statusCode !== 403) fail(`${actor.name} POST /api/prompts/similar: got ${res.statusCode}, want 403`);
        continue;
      }
      const named = res.statusCode === 200 ? (res.json() as Array<{ id: string }>).map((p) => p.id) : null;
      const want = sees(actor, key);
      if (!named || named.includes(f.ids[key]!) !== want)
        fail(`${actor.name} POST /api/prompts/similar (${key}): ${res.statusCode} ${JSON.stringify(named)}, want ${want ? '' : 'not '}named`);
      const strangers = (named ?? []).filter((id) => PROMPT_KEYS.some((other) => f.ids[other] === id && !sees(actor, other)));
      if (strangers.length) fail(`${actor.name} POST /api/prompts/similar (${key}): names prompts it does not see`);
    }
  },
  // Each prompt's related prompts (the three are alike in content): only those the actor sees.
  'GET /api/prompts/:id/related': async (f, actor, fail) => {
    for (const key of PROMPT_KEYS) {
      if (!sees(actor, key)) continue;
      const list = await read<Array<{ id: string }>>(f, actor, `/api/prompts/${f.ids[key]}/related`, fail);
      if (list && seenKeys(actor).length > 1 && !list.length) fail(`${actor.name} GET /api/prompts/${key}/related: none, want the others it sees`);
      for (const item of list ?? []) {
        const other = PROMPT_KEYS.find((k) => f.ids[k] === item.id);
        if (other && !sees(actor, other)) fail(`${actor.name} GET /api/prompts/${key}/related: names ${other}, which it does not see`);
      }
    }
  },
  // Library Health: nobody curates a unit here, so administrators alone are let in, and see all three
  // (everyone used each); library-health.test.ts checks that a curator gets only the prompts they see.
  ...Object.fromEntries(
    (['units', 'unused', 'duplicates', 'orphaned', 'top'] as const).map((list) => [
      `GET /api/admin/library-health/${list}`,
      (f: Fixture, actor: Actor, fail: Fail) => expectHealthList(f, actor, list, fail),
    ]),
  ),
  'GET /api/filter/tags': (f, actor, fail) => expectNames(f, actor, '/api/filter/tags', tagsOf(seenKeys(actor)), fail, strings),
  'GET /api/filter/ai-models': (f, actor, fail) => expectNames(f, actor, '/api/filter/ai-models', appsOf(seenKeys(actor)), fail, strings),
  // The catalogs the form suggests from: a name only prompts one cannot see use is not offered.
  'GET /api/tags': (f, actor, fail) => expectNames(f, actor, '/api/tags', tagsOf(seenKeys(actor)), fail, strings, tagsOf(PROMPT_KEYS)),
  'GET /api/ai-models': (f, actor, fail) =>
    expectNames(f, actor, '/api/ai-models', appsOf(seenKeys(actor)), fail, (body) => (body as Array<{ name: string }>).map((m) => m.name), appsOf(PROMPT_KEYS)),
};
