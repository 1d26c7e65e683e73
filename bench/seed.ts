import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/client';
import { hashPassword } from '../src/server/lib/crypto';
import { similarityBands } from '../src/server/modules/similarity/similarity.minhash';

export const BENCH_PASSWORD = 'bench-password';
export const COMMON_WORD = 'report';
export const RARE_WORD = 'zephyrine';
export const PREFIX = 'summar';

const COMMON = [
  COMMON_WORD,
  'summarize',
  'customer',
  'email',
  'draft',
  'analysis',
  'meeting',
  'review',
  'code',
  'plan',
  'write',
  'data',
  'team',
  'product',
  'sales',
  'policy',
  'contract',
  'summary',
  'research',
  'market',
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tor', 'vas', 'qui', 'bel', 'dor', 'fen', 'gal', 'hur', 'jex', 'lum', 'nor', 'pra', 'sil', 'tev', 'ulm', 'wex'];

/** ~2,000 words: real words first (frequent), made-up words after (rare), drawn Zipf-like. */
function vocabulary(): string[] {
  const words = [...COMMON];
  for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of ['', 'a', 'o', 'is', 'en']) words.push(`${a}${b}${c}`);
  words.splice(1500, 0, RARE_WORD);
  return words.slice(0, 2000);
}

/** Seeds users, units, tags, models and `rows` prompts with set-based SQL (no API, no per-row round trips). */
export async function seed(db: Database, rows: number, log: (msg: string) => void): Promise<void> {
  const password = await hashPassword(BENCH_PASSWORD);
  const units = Array.from({ length: 50 }, (_, i) => `Unit ${i + 1}`);
  const models = [
    'ChatGPT',
    'Claude',
    'Gemini',
    'Microsoft Copilot',
    'GitHub Copilot',
    'Perplexity',
    'Llama',
    'Mistral',
    'Midjourney',
    'DALL-E',
    'Stable Diffusion',
    'Grok',
    'DeepSeek',
    'Cohere',
    'Internal LLM',
  ];
  const tags = Array.from({ length: 300 }, (_, i) => `tag-${i + 1}`);
  const words = vocabulary();
  const arr = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;

  await db.execute(sql`insert into business_units (name) select unnest(${arr(units)}) on conflict do nothing`);
  await db.execute(sql`insert into tags (name) select unnest(${arr(tags)}) on conflict do nothing`);
  await db.execute(sql`insert into ai_models (name) select unnest(${arr(models)}) on conflict do nothing`);
  await db.execute(sql`insert into users (email, password, first_name, last_name, business_unit, role)
    select 'bench' || g || '@example.com', ${password}, 'First' || g, 'Last' || g, (${arr(units)})[1 + g % 50], case when g = 0 then 'admin' else 'edit' end
    from generate_series(0, 199) g`);

  // Secondary indexes are dropped for the bulk load and built once afterwards: building a GIN index
  // in one pass is several times faster than growing it row by row.
  const indexes = (await queryRows(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename in ('prompts', 'prompt_filter_keys')
    and indexname not in (select conname from pg_constraint)`,
  )) as Array<{ indexname: string; indexdef: string }>;
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  // Likewise the tables our triggers keep (prompt_filter_keys, prompt_list_items) are filled in one
  // statement each after the load, not row by row.
  await db.execute(sql`alter table prompts disable trigger user`);

  const batch = 10_000;
  const starts = Array.from({ length: Math.ceil(rows / batch) }, (_, i) => i * batch);
  let seeded = 0;
  // Two batches at a time: one per core on PostgreSQL (PGlite runs them one after the other anyway).
  const worker = async () => {
    for (let done = starts.shift(); done !== undefined; done = starts.shift()) await insertBatch(done, Math.min(batch, rows - done));
  };
  const insertBatch = async (done: number, n: number) => {
    // power(random(), 3) skews picks towards the start of each list: a few very common values, a long tail.
    await db.execute(sql`
      with w as (select ${arr(words)} as words, ${arr(tags)} as tags, ${arr(models)} as models),
      us as (select array_agg(id order by email) as ids, array_agg(business_unit order by email) as units,
                    array_agg(first_name || ' ' || last_name order by email) as names from users)
      insert into prompts (title, content, notes, ai_models, tags, user_id, user_business_unit, author_name, created_at, updated_at, visibility, visible_units)
      select
        initcap((select string_agg(w.words[1 + floor(power(random(), 3) * 2000)::int + 0 * x], ' ') from generate_series(1, 4 + (g % 3)) x)) || ' #' || g,
        (select string_agg(w.words[1 + floor(power(random(), 3) * 2000)::int + 0 * x], ' ') from generate_series(1, 40 + (g % 40)) x),
        case when g % 4 = 0 then (select string_agg(w.words[1 + floor(power(random(), 3) * 2000)::int + 0 * x], ' ') from generate_series(1, 10 + g % 2) x) end,
        array(select distinct w.models[1 + floor(power(random(), 2) * 15)::int] from generate_series(1, 1 + g % 3) x),
        array(select distinct w.tags[1 + floor(power(random(), 2) * 300)::int] from generate_series(1, 2 + g % 3) x),
        us.ids[1 + g % 200], us.units[1 + g % 200], us.names[1 + g % 200],
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval,
        -- 60 % for the organization, 30 % for the owner's unit, 10 % private.
        case when g % 10 = 0 then 'private' when g % 10 <= 3 then 'units' else 'organization' end,
        case when g % 10 between 1 and 3 then array[us.units[1 + g % 200]] else '{}'::text[] end
      from generate_series(${done}::int, ${done + n - 1}::int) g, w, us`);
    seeded += n;
    if (seeded % 100_000 === 0 || seeded === rows) log(`  seeded ${seeded.toLocaleString('en-US')} prompts`);
  };
  try {
    await Promise.all([worker(), worker()]);
  } finally {
    // Also after a failed or interrupted load: the triggers' state and dropped indexes outlive this
    // session, and a database kept with --reuse must not be left inconsistent.
    await db.execute(sql`alter table prompts enable trigger user`);
    await db.execute(sql`insert into prompt_filter_keys (prompt_id, updated_at, facets, audience) select id, updated_at, facets, audience from prompts`);
    await db.execute(
      sql`insert into prompt_list_items (prompt_id, head) select p.id, prompt_list_item_head(p.id, p.title, p.content_preview, p.ai_models, p.tags, p.user_id, p.user_business_unit, p.created_at, p.updated_at) from prompts p`,
    );
    await db.execute(
      sql`insert into search_words (word) select distinct w from prompts p, prompt_search_words(p.title, p.tags, p.ai_models, p.content, p.notes) w on conflict do nothing`,
    );
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  }
  await seedUsage(db);
  await seedVotes(db);
  await seedStatuses(db);
  await seedLibraryHealth(db);
  await seedSimilarityBands(db, log);
  // VACUUM also flushes the GIN pending lists that a bulk load leaves, as autovacuum would in steady state.
  await db.execute(sql`vacuum analyze`);
}

/**
 * Uses and favourites as a library in daily use might hold them: one prompt in ten used, a few very
 * often (a long tail), and the first bench user with 50 favourites and 200 recently used prompts.
 * Also run on a database kept with --reuse that predates them.
 */
export async function seedUsage(db: Database): Promise<void> {
  await db.execute(sql`insert into prompt_use_counts (prompt_id, use_count)
    select id, 1 + floor(power(random(), 6) * 2000)::int from prompts where random() < 0.1 on conflict do nothing`);
  await db.execute(sql`insert into prompt_user_uses (user_id, prompt_id, use_count, last_used_at, last_kind)
    select u.id, p.id, 1, now() - (p.n || ' minutes')::interval, 'copy'
    from (select id from users where email in ('bench0@example.com', 'bench1@example.com')) u,
      (select id, row_number() over () as n from prompts tablesample system (1) limit 200) p on conflict do nothing`);
  await db.execute(sql`insert into prompt_favorites (user_id, prompt_id)
    select user_id, prompt_id from (select user_id, prompt_id, row_number() over (partition by user_id) as n from prompt_user_uses) u
    where n <= 50 on conflict do nothing`);
}

/**
 * Feedback: one prompt in twenty voted on, mostly up, as vote counts (what lists and the "Top rated"
 * order read). Also run on a database kept with --reuse that predates votes.
 */
/**
 * Statuses as a library kept by curators might hold them: 5 % drafts, 10 % verified (a tenth of those
 * due for review), 5 % deprecated, the rest published. Also run on a database kept with --reuse that
 * predates statuses. Rows are picked by a hash of their id, so a rerun picks the same ones.
 */
export async function seedStatuses(db: Database): Promise<void> {
  await db.execute(sql`update prompts p set status = s.status,
      verified_at = case when s.status = 'verified' then now() - interval '30 days' end,
      review_by = case when s.status = 'verified' then now() + (case when s.h < 6 then interval '-1 day' else interval '150 days' end) end
    from (select id, h, case when h < 5 then 'draft' when h < 15 then 'verified' else 'deprecated' end as status
      from (select id, abs(hashtext(id::text)) % 100 as h from prompts) x where h < 20) s
    where p.id = s.id and p.status = 'published'`);
  await db.execute(sql`analyze prompts`);
  await db.execute(sql`analyze prompt_filter_keys`);
}

/**
 * Near-copies' band keys for every prompt, as the application computes them (the load above runs with
 * the queueing trigger off). A bulk load: the table's key and index are dropped and built once after,
 * as for the prompts' own indexes (row by row into a 32-million-row key, the upkeep's way, took most of
 * an hour at a million prompts). Also run on a database kept with --reuse that predates the keys or
 * whose load was interrupted.
 */
export async function seedSimilarityBands(db: Database, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  await db.execute(sql`truncate prompt_similarity_bands, prompt_similarity_pending`);
  await db.execute(sql`alter table prompt_similarity_bands drop constraint prompt_similarity_bands_pk`);
  await db.execute(sql`drop index prompt_similarity_bands_prompt_idx`);
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  try {
    for (;;) {
      const rows = (await queryRows(db, sql`select id::text as id, content from prompts where id > ${after}::uuid order by id limit 5000`)) as Array<{
        id: string;
        content: string;
      }>;
      if (!rows.length) break;
      const bands: number[] = [];
      const owners: string[] = [];
      for (const row of rows) {
        for (const band of similarityBands(row.content)) {
          bands.push(band);
          owners.push(row.id);
        }
      }
      await db.execute(
        sql`insert into prompt_similarity_bands (band, prompt_id) select * from unnest(${`{${bands.join(',')}}`}::int[], ${`{${owners.join(',')}}`}::uuid[])`,
      );
      after = rows[rows.length - 1]!.id;
      done += rows.length;
    }
  } finally {
    await db.execute(sql`alter table prompt_similarity_bands add constraint prompt_similarity_bands_pk primary key (band, prompt_id)`);
    await db.execute(sql`create index prompt_similarity_bands_prompt_idx on prompt_similarity_bands (prompt_id)`);
  }
  await db.execute(sql`analyze prompt_similarity_bands`);
  log(`Band keys of ${done.toLocaleString('en-US')} prompts written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** A text of about 2,000 characters in the seed's words and proportions, the same every run. */
export function benchText(length = 2_000): string {
  const words = vocabulary();
  let state = 42;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out: string[] = [];
  while (out.join(' ').length < length) out.push(words[Math.floor(next() ** 3 * words.length)]!);
  return out.join(' ');
}

export async function seedVotes(db: Database): Promise<void> {
  await db.execute(sql`insert into prompt_vote_counts (prompt_id, up, down, score)
    select id, up, down, prompt_vote_score(up, down) from (
      select id, floor(random() * 40)::int as up, floor(random() * 8)::int as down from prompts where random() < 0.05) v
    on conflict do nothing`);
}

/**
 * What Library Health reads: each used prompt's last use (up to 200 days back) and, for one in ten of
 * them, uses on each of the last 60 days; half the bench members away for 200 days (never the two the
 * runs sign in as); one prompt in a hundred handed over from a deleted account. Also run on a database
 * kept with --reuse that predates these.
 */
export async function seedLibraryHealth(db: Database): Promise<void> {
  await db.execute(sql`update prompt_use_counts set last_used_at = now() - random() * interval '200 days' where last_used_at is null`);
  await db.execute(sql`insert into prompt_use_days (prompt_id, day, uses)
    select c.prompt_id, (now() at time zone 'UTC')::date - d, 1 + floor(random() * 20)::int
    from (select prompt_id from prompt_use_counts where random() < 0.1) c, generate_series(0, 59) d on conflict do nothing`);
  await db.execute(sql`update users set last_signed_in_at = now() - interval '200 days'
    where email like 'bench%' and email not in ('bench0@example.com', 'bench1@example.com') and abs(hashtext(email)) % 2 = 0`);
  await db.execute(sql`insert into prompt_handovers (prompt_id, from_name, from_email, handed_at)
    select id, 'Former member', 'former@example.com', now() - random() * interval '90 days' from prompts where random() < 0.01
    on conflict do nothing`);
}
