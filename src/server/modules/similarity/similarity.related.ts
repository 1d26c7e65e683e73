import { sql } from 'drizzle-orm';
import { RELATED_PROMPTS_LIMIT, type RelatedPrompt } from '../../../shared/schemas/similar';
import { type Database, queryRows } from '../../db/client';
import { promptFilterKeys, prompts } from '../../db/schema';
import { PromptDerivedCache } from '../../lib/prompt-derived-cache';
import { type AudienceViewer, audienceOf, listedFor } from '../prompt-query';
import { writeQueuedBands } from './similarity.bands';

// Related prompts: those whose content is alike (sharing band keys with the prompt's own) or that share
// its tags (the most recently changed of those), scored by both, among the published and verified
// prompts the viewer sees.

/** How much each part weighs in the score: what a prompt says counts more than how it is filed. */
const CONTENT_WEIGHT = 0.7;
const TAGS_WEIGHT = 0.3;
/** Below this a prompt is not shown as related: an unrelated text sharing no tag scores about 0.15. */
const MIN_SCORE = 0.2;
/** Candidates read: by shared band keys, and by shared tags (newest first). */
const BY_BANDS = 50;
const BY_TAGS = 100;

/** Answers are kept a minute per prompt and viewer, and dropped by any prompt write on any instance. */
const related = new PromptDerivedCache<RelatedPrompt[]>(60_000, 1_000);

const lowerSet = (values: string[]) => new Set(values.map((v) => v.toLowerCase()));

async function computeRelated(db: Database, viewer: AudienceViewer, id: string): Promise<RelatedPrompt[]> {
  await writeQueuedBands(db, { newestFirst: true });
  const audience = audienceOf(viewer);
  const rows = (await queryRows(
    db,
    sql`with source as (
          select ${prompts.id} as id, ${prompts.content} as content, ${prompts.tags} as tags,
                 array(select f from unnest(${prompts.facets}) f where f like 't:%') as tag_keys
          from ${prompts} where ${prompts.id} = ${id}
        ), by_bands as (
          select b.prompt_id, count(*) as n
          from prompt_similarity_bands s
          cross join lateral (select prompt_id from prompt_similarity_bands where band = s.band limit 200) b
          where s.prompt_id = ${id}
          group by b.prompt_id order by n desc, b.prompt_id limit ${sql.raw(String(BY_BANDS))}
        ), by_tags as (
          select ${promptFilterKeys.promptId} as prompt_id from ${promptFilterKeys}, source
          where ${promptFilterKeys.facets} && source.tag_keys and ${listedFor(audience, ['published', 'verified'], promptFilterKeys.audience)}
          order by ${promptFilterKeys.updatedAt} desc, ${promptFilterKeys.promptId} desc limit ${sql.raw(String(BY_TAGS))}
        ), candidates as (
          select prompt_id from by_bands union select prompt_id from by_tags
        )
        select ${prompts.id}::text as id, ${prompts.title} as title, ${prompts.tags} as tags, source.tags as source_tags,
               similarity(${prompts.content}, source.content) as likeness
        from candidates c join ${prompts} on ${prompts.id} = c.prompt_id cross join source
        where ${prompts.id} <> source.id and ${listedFor(audience, ['published', 'verified'])}`,
  )) as Array<{ id: string; title: string; tags: string[]; source_tags: string[]; likeness: number }>;
  return rows
    .map((row) => {
      const mine = lowerSet(row.source_tags);
      const shared = row.tags.filter((tag) => mine.has(tag.toLowerCase()));
      const union = new Set([...mine, ...lowerSet(row.tags)]).size;
      const likeness = Number(row.likeness);
      const score = CONTENT_WEIGHT * likeness + TAGS_WEIGHT * (union ? shared.length / union : 0);
      return { prompt: { id: row.id, title: row.title, tags: row.tags, sharedTags: shared, similarity: Math.floor(likeness * 100) / 100 }, score };
    })
    .filter((r) => r.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.prompt.title.localeCompare(b.prompt.title))
    .slice(0, RELATED_PROMPTS_LIMIT)
    .map((r) => r.prompt);
}

/** Up to five prompts related to `id` (which the caller has checked the viewer sees), most related first. */
export function relatedPrompts(db: Database, viewer: AudienceViewer, id: string): Promise<RelatedPrompt[]> {
  const keys = audienceOf(viewer);
  return related.get(db, `${id} ${keys ? keys.join(' ') : 'admin'}`, () => computeRelated(db, viewer, id));
}
