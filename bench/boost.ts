import type { Database } from '../src/server/db/client';
import { VERIFIED_BOOST } from '../src/server/modules/prompt-query';
import type { Scenario } from './scenarios';
import { explainedRun } from './support';

type Viewer = Parameters<NonNullable<Scenario['direct']>>[1];

/** The boost as the ranked search writes it: a factor chosen per row from the row's status. */
const BOOST = `case when "prompts"."status" = 'verified' then ${VERIFIED_BOOST} else 1 end`;

const total = (times: string) => times.split(' + ').reduce((sum, t) => sum + Number(t), 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the verified boost costs a search: each search scenario's statements explained with the boost and
 * with the factor replaced by 1 (same plan otherwise), alternately, five rounds each way; the medians of
 * their summed planning + execution times, and the boost's share of the search's time.
 */
export async function verifiedBoostShare(db: Database, chosen: Scenario[], viewer: Viewer, log: (msg: string) => void): Promise<void> {
  const searches = chosen.filter((s) => s.direct && /search/i.test(s.name) && !/counts/i.test(s.name));
  if (!searches.length) return;
  log('\n## The verified boost in search ranking (SQL ms, medians of five rounds each way)\n');
  log('| scenario | with the boost | factor replaced by 1 | share of the search |\n|---|---|---|---|');
  for (const s of searches) {
    let ranked = false;
    const without = (text: string) => {
      ranked ||= text.includes(BOOST);
      return text.replaceAll(BOOST, '1');
    };
    const withBoost: number[] = [];
    const withoutBoost: number[] = [];
    for (let round = 0; round < 5; round++) {
      withBoost.push(total(await explainedRun(db, (run) => s.direct!(db, viewer, run))));
      withoutBoost.push(total(await explainedRun(db, (run) => s.direct!(db, viewer, run), without)));
    }
    if (!ranked) {
      log(`| ${s.name} | not ranked (read in date order) | — | — |`);
      continue;
    }
    const a = median(withBoost);
    const b = median(withoutBoost);
    log(`| ${s.name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(((a - b) / a) * 100).toFixed(1)} % |`);
  }
}
