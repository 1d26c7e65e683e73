import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/client';

/** The collection the member benchmark lists: 500 prompts its viewer (bench1) may see. */
export const BENCH_COLLECTION = 'Bench collection (500)';

/**
 * 2,000 collections shared like the prompts (60 % organization, 30 % their owner's unit, 10 % private),
 * 20 prompts each, and one organization collection of 500 prompts that bench1 (a member of one unit)
 * may all see. Also run on a database kept with --reuse that predates collections.
 */
export async function seedCollections(db: Database): Promise<void> {
  const [row] = await queryRows(db, sql`select count(*)::int as n from collections`);
  if (Number(row?.n) > 0) return;
  await db.execute(sql`insert into collections (name, description, user_id, visibility, visible_units)
    select 'Collection ' || g, 'A seeded collection of twenty prompts.', u.ids[1 + g % 200],
      case when g % 10 = 0 then 'private' when g % 10 <= 3 then 'units' else 'organization' end,
      case when g % 10 between 1 and 3 then array[u.units[1 + g % 200]] else '{}'::text[] end
    from generate_series(1, 2000) g,
      (select array_agg(id order by email) as ids, array_agg(business_unit order by email) as units from users where email like 'bench%@example.com') u`);
  await db.execute(sql`insert into collection_items (collection_id, prompt_id, position)
    select c.id, p.id, (p.r - 1) % 20
    from (select id, row_number() over (order by id) as cr from collections) c
    join (select id, row_number() over (order by id) as r from prompts limit 40000) p on (p.r - 1) / 20 = c.cr - 1`);
  await db.execute(sql`with viewer as (select id, business_unit from users where email = 'bench1@example.com'),
      made as (insert into collections (name, description, user_id) select ${BENCH_COLLECTION}, 'Five hundred prompts in a chosen order.', id from viewer returning id)
    insert into collection_items (collection_id, prompt_id, position)
    select made.id, p.id, row_number() over (order by p.id desc) - 1
    from made, viewer v, lateral (select id from prompts where audience && array['o', 'u:' || v.business_unit, 'p:' || v.id::text]
      order by id limit 500) p`);
  await db.execute(sql`analyze collections`);
  await db.execute(sql`analyze collection_items`);
}

/** The id of the benchmark's collection of 500. */
export async function benchCollectionId(db: Database): Promise<string> {
  const [row] = await queryRows(db, sql`select id::text from collections where name = ${BENCH_COLLECTION}`);
  return String(row!.id);
}
