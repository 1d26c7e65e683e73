import { type SQL, sql } from 'drizzle-orm';
import type { OrphanedPage, OrphanedPrompt, OrphanedQuery } from '../../../shared/schemas/library-health';
import { type Database, queryRows } from '../../db/client';
import { decodeKey, keysetPage, promptColumns } from './health-cursor';
import { type HealthScope, inHealthScope } from './health-scope';

// Prompts nobody looks after: those given to their owner when the account that owned them was deleted
// (until someone hands them on), and those whose owner has not signed in for `days`. The longest
// orphaned first: by the hand-over, or by the owner's last sign-in (then by owner, so the owners come
// off users_last_signed_in_idx one at a time, each with their prompts). Two index-ordered reads merged.

export async function orphanedPrompts(db: Database, scope: HealthScope, query: Pick<OrphanedQuery, 'days' | 'cursor' | 'limit'>): Promise<OrphanedPage> {
  const after = query.cursor ? decodeKey(query.cursor, ['time', 'uuid', 'uuid'] as const) : null;
  const past = (column: SQL) =>
    after ? sql`and (${column}, prompts.user_id, prompts.id) > (${after[0]}::timestamptz, ${after[1]}::uuid, ${after[2]}::uuid)` : sql``;
  const covered = inHealthScope(scope);
  const fields = sql`prompts.id, prompts.title, prompts.author_name, prompts.user_business_unit`;
  const rows = await queryRows(
    db,
    sql`select *, since::text as since_key from (
          (select ${fields}, 'transferred' as reason, h.handed_at as since, h.from_name, prompts.user_id
           from prompt_handovers h join prompts on prompts.id = h.prompt_id
           where ${covered} ${past(sql`h.handed_at`)}
           order by h.handed_at, prompts.user_id, prompts.id limit ${query.limit + 1})
          union all
          (select ${fields}, 'inactive' as reason, u.last_signed_in_at as since, null as from_name, u.id as user_id
           from users u join prompts on prompts.user_id = u.id
           where u.last_signed_in_at < now() - ${query.days}::int * interval '1 day' and ${covered} ${past(sql`u.last_signed_in_at`)}
             and not exists (select 1 from prompt_handovers h where h.prompt_id = prompts.id)
           order by u.last_signed_in_at, u.id, prompts.id limit ${query.limit + 1})
        ) orphaned order by since, user_id, id limit ${query.limit + 1}`,
  );
  return keysetPage(
    rows,
    query.limit,
    (r): OrphanedPrompt => ({
      ...promptColumns(r),
      reason: r.reason === 'transferred' ? 'transferred' : 'inactive',
      since: new Date(String(r.since)).toISOString(),
      fromName: r.from_name == null ? null : String(r.from_name),
    }),
    (r) => [String(r.since_key), String(r.user_id), String(r.id)],
  );
}
