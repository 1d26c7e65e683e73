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
  await writeQueuedBands(db);
  const listed = listedFor(audienceOf(viewer), ['published', 'verified']);
  const rows = await queryRows(
    db,
    sql`with candidates as (
          select b.prompt_id, count(*) as shared
          from prompt_similarity_bands b
          where b.band = any(${`{${bands.join(',')}}`}::int[])
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
