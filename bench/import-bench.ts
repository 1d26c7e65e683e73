import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import type { PreparedDatabase } from './support';

const TITLE_PREFIX = 'Imported bench prompt';

/** A file in the export's own CSV format: `rows` prompts owned by `ownerEmail`, with custom fields. */
function exportStyleCsv(rows: number, ownerEmail: string): string {
  const lines = ['\uFEFFid,title,content,notes,aiModels,tags,businessUnit,ownerFirstName,ownerLastName,ownerEmail,customFields,createdAt,updatedAt'];
  for (let i = 0; i < rows; i++) {
    const content = `"Summarise the attached text for a ${i % 2 ? 'legal' : 'sales'} audience, in ${3 + (i % 5)} bullet points.\nKeep ""quoted"" terms, commas, and numbers like ${i}."`;
    const fields = i % 3 ? '"{""audience"":""Team ' + (i % 40) + '""}"' : '';
    lines.push(`,${TITLE_PREFIX} ${i},${content},,Claude; ChatGPT,Tag ${i % 500}; Imported,Unit ${i % 30},,,${ownerEmail},${fields},,`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Times POST /api/admin/import over real HTTP: a dry run, then the commit, of `rows` new prompts.
 * On PostgreSQL the imported prompts are removed again afterwards, so a reused database stays as seeded.
 */
export async function benchImport(base: string, headers: Record<string, string>, prepared: PreparedDatabase, rows: number, log: (m: string) => void) {
  const file = exportStyleCsv(rows, 'bench0@example.com');
  const post = async (dryRun: boolean) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/admin/import?dryRun=${dryRun}&onConflict=skip`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: file,
    });
    const answer = (await res.json()) as { create?: number; message?: string };
    if (!res.ok) throw new Error(`import failed: ${res.status} ${answer.message}`);
    return { seconds: (performance.now() - t0) / 1000, created: answer.create };
  };
  const dry = await post(true);
  const commit = await post(false);
  log(
    `\nImport of ${rows.toLocaleString('en-US')} new prompts from a ${(file.length / 1e6).toFixed(1)} MB CSV (POST /api/admin/import): dry run ${dry.seconds.toFixed(1)} s, commit ${commit.seconds.toFixed(1)} s (${commit.created?.toLocaleString('en-US')} created)`,
  );
  // The embedded database is the running server's and goes with the run; a reused server database stays.
  if (prepared.target.kind !== 'postgres') return;
  const handle = await openDatabase(prepared.target);
  try {
    await handle.db.execute(sql`delete from prompts where title like ${`${TITLE_PREFIX} %`}`);
  } finally {
    await handle.close();
  }
}
