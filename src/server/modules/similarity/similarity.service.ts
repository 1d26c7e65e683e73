import { type SQL, sql } from 'drizzle-orm';
import {
  SIMILAR_PROMPTS_LIMIT,
  SIMILARITY_MIN_CONTENT,
  SIMILARITY_THRESHOLD,
  type SimilarPrompt,
  type SimilarPromptsInput,
} from '../../../shared/schemas/similar';
import { type Database, queryRows } from '../../db/client';
import { prompts } from '../../db/schema';
import { type AudienceViewer, audienceOf, listedFor } from '../prompt-query';
import { writeQueuedBands } from './similarity.bands';
import { similarityBands } from './similarity.minhash';

// Near-copies of a text among the prompts a member sees. Each prompt's content is summarised by band
// keys (similarity.minhash.ts; decision 039): near-copies share several bands, most unrelated prompts
// none. The prompts sharing the most bands with the text are read through the band table's key alone,
// and only those are compared with it in full (pg_trgm's similarity).

/** How many prompts sharing bands are compared in full: near-copies share several, others one or two. */
const CANDIDATES = 50;

/**
 * The prompts holding one band key, at most POSTINGS of them: a key that hundreds of prompts share (a
 * template copied across the library) costs no more than that to read, and a near-copy also shares
 * rarer keys, through which it is found.
 */
const POSTINGS = 200;
const postings = (band: SQL) => sql`select prompt_id from prompt_similarity_bands where band = ${band} limit ${sql.raw(String(POSTINGS))}`;

/** The condition that leaves the excluded prompt out, if any. */
const besides = (excludeId: string | undefined): SQL => (excludeId ? sql`and ${prompts.id} <> ${excludeId}` : sql``);

/**
 * Up to five published or verified prompts the viewer sees whose content is at least
 * SIMILARITY_THRESHOLD alike, most alike first (equal ones: the closer title first).
 */
export async function similarPrompts(db: Database, viewer: AudienceViewer, input: SimilarPromptsInput): Promise<SimilarPrompt[]> {
  if (input.content.length < SIMILARITY_MIN_CONTENT) return [];
  const bands = similarityBands(input.content);
  if (!bands.length) return [];
  // Prompts written a moment ago, by this instance or another, are summarised first.
  await writeQueuedBands(db, { newestFirst: true });
  const listed = listedFor(audienceOf(viewer), ['published', 'verified']);
  const rows = await queryRows(
    db,
    sql`with candidates as (
          select b.prompt_id, count(*) as shared
          from unnest(${`{${bands.join(',')}}`}::int[]) as probe(band)
          cross join lateral (${postings(sql`probe.band`)}) b
          group by b.prompt_id
          order by shared desc, b.prompt_id
          limit ${sql.raw(String(CANDIDATES))}
        ), compared as (
          select ${prompts.id} as id, ${prompts.title} as title,
                 similarity(${prompts.content}, ${input.content}) as score,
                 similarity(${prompts.title}, ${input.title}) as title_score
          from candidates c join ${prompts} on ${prompts.id} = c.prompt_id
          where ${listed} ${besides(input.excludeId)}
        )
        select id::text, title, score from compared
        where score >= ${SIMILARITY_THRESHOLD}
        order by score desc, title_score desc, id
        limit ${sql.raw(String(SIMILAR_PROMPTS_LIMIT))}`,
  );
  return rows.map((row) => ({ id: String(row.id), title: String(row.title), similarity: Math.floor(Number(row.score) * 100) / 100 }));
}

/** Texts compared per statement by closestPrompts. */
const CLOSEST_BATCH = 200;

/**
 * For each text, the published or verified prompt its content is most alike, when at least
 * SIMILARITY_THRESHOLD alike (null otherwise): an import's rows against the whole library, a batch of
 * texts per statement. Compares each text with the ten prompts sharing the most of its bands.
 */
export async function closestPrompts(db: Database, contents: string[]): Promise<Array<SimilarPrompt | null>> {
  const closest: Array<SimilarPrompt | null> = contents.map(() => null);
  if (!contents.length) return closest;
  await writeQueuedBands(db, { newestFirst: true });
  for (let start = 0; start < contents.length; start += CLOSEST_BATCH) {
    const batch = contents.slice(start, start + CLOSEST_BATCH);
    const probes: Array<[number, number]> = [];
    batch.forEach((content, i) => {
      if (content.trim().length >= SIMILARITY_MIN_CONTENT) for (const band of similarityBands(content)) probes.push([i, band]);
    });
    if (!probes.length) continue;
    const rows = await queryRows(
      db,
      sql`with probe as (
            select (e->>0)::int as i, (e->>1)::int as band from jsonb_array_elements(${JSON.stringify(probes)}::jsonb) e
          ), shared as (
            select p.i, b.prompt_id, count(*) as n from probe p cross join lateral (${postings(sql`p.band`)}) b group by 1, 2
          ), ranked as (
            select i, prompt_id, row_number() over (partition by i order by n desc, prompt_id) as r from shared
          ), texts as (
            select (t.n - 1)::int as i, t.content from jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb) with ordinality as t(content, n)
          )
          select r.i, ${prompts.id}::text as id, ${prompts.title} as title, similarity(${prompts.content}, t.content) as score
          from ranked r join ${prompts} on ${prompts.id} = r.prompt_id join texts t on t.i = r.i
          where r.r <= 10 and ${listedFor(null, ['published', 'verified'])}`,
    );
    for (const row of rows) {
      const score = Number(row.score);
      const i = start + Number(row.i);
      if (score < SIMILARITY_THRESHOLD || (closest[i] && closest[i]!.similarity >= score)) continue;
      closest[i] = { id: String(row.id), title: String(row.title), similarity: Math.floor(score * 100) / 100 };
    }
  }
  return closest;
}
