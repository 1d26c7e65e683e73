import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTags } from '../../../shared/tag-names';
import { MIGRATIONS_DIR, queryRows } from '../../db/client';
import { prompts, promptVersions, tags, trashedPrompts } from '../../db/schema';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// Migration 0020 brings tags stored before the spelling rule (tag-names.ts) to it. The database is
// migrated to the end first, the old kinds of tags are written straight into it, and the migration's
// statements are run again over them: the same SQL the migrator runs, on both engines.
let t: TestApp;
let admin: TestUser;

const migration = readFileSync(path.join(MIGRATIONS_DIR, '0020_tag_punctuation.sql'), 'utf8');
async function runMigration() {
  for (const statement of migration.split('--> statement-breakpoint')) if (statement.trim()) await t.db.execute(sql.raw(statement));
}

// Spellings the old rule (trim only) let through, one per kind of difference a reader cannot see.
const NBSP = '\u00A0';
const ZWSP = '\u200B';
const DECOMPOSED = 'Cafe\u0301';
const OLD_CATALOG = ['.NET', 'C#', `Machine${NBSP} \tlearning`, `legal${ZWSP}`, 'Legal', DECOMPOSED, 'SQL, Node.js', 'R&D', ` ${ZWSP} `];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ businessUnit: 'Engineering' });
  // The catalog in creation order: the older spelling wins a merge.
  for (const [i, name] of OLD_CATALOG.entries()) await t.db.insert(tags).values({ name, createdAt: new Date(Date.UTC(2024, 0, 1 + i)) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('migration 0020: stored tags follow the spelling rule', () => {
  it('normalises, splits and merges the catalog, the prompts, their versions and the trash, and keeps filters working', async () => {
    const base = { content: 'Body', aiModels: ['ChatGPT'], userId: admin.user.id, userBusinessUnit: 'Engineering', authorName: 'A B' };
    const [prompt] = await t.db
      .insert(prompts)
      .values({ ...base, title: 'Old tags', tags: ['.NET', `Machine${NBSP} \tlearning`, 'Legal', `legal${ZWSP}`, DECOMPOSED, 'SQL, Node.js', ` ${ZWSP} `] })
      .returning();
    const before = prompt!.updatedAt;
    await t.db.insert(promptVersions).values({
      promptId: prompt!.id,
      number: 1,
      title: 'Old tags',
      content: 'Body',
      notes: null,
      aiModels: ['ChatGPT'],
      tags: [`legal${ZWSP}`, 'C#'],
      userBusinessUnit: 'Engineering',
      customFields: {},
      editorId: admin.user.id,
      editorFirstName: 'A',
      editorLastName: 'B',
      changedFields: [],
    });
    const trashedId = '00000000-0000-4000-8000-000000000020';
    await t.db.insert(trashedPrompts).values({
      id: trashedId,
      ownerId: admin.user.id,
      title: 'Trashed',
      snapshot: {
        prompt: { id: trashedId, title: 'Trashed', tags: [`Machine  learning`, 'R&D'] },
        versions: [{ number: 1, tags: [`legal${ZWSP}`] }],
        favorites: [],
      },
    });

    await runMigration();

    const catalog = (await queryRows(t.db, sql`select name from tags order by created_at, name`)).map((r) => String(r.name));
    expect(catalog).toEqual(['.NET', 'C#', 'Machine learning', 'legal', 'Café', 'Node.js', 'SQL', 'R&D']);
    const [after] = await queryRows(t.db, sql`select tags, updated_at from prompts where id = ${prompt!.id}`);
    // "Legal" met again as "legal" (the catalog's older spelling) is one tag, in the catalog's spelling.
    expect(after!.tags).toEqual(['.NET', 'Machine learning', 'legal', 'Café', 'SQL', 'Node.js']);
    expect(new Date(after!.updated_at as string).getTime()).toBe(before.getTime());
    const [version] = await queryRows(t.db, sql`select tags from prompt_versions where prompt_id = ${prompt!.id}`);
    expect(version!.tags).toEqual(['legal', 'C#']);
    const [trashed] = await queryRows(t.db, sql`select snapshot from trashed_prompts where id = ${trashedId}`);
    const snapshot = (typeof trashed!.snapshot === 'string' ? JSON.parse(trashed!.snapshot) : trashed!.snapshot) as {
      prompt: { tags: string[] };
      versions: Array<{ tags: string[] }>;
    };
    expect(snapshot.prompt.tags).toEqual(['Machine learning', 'R&D']);
    expect(snapshot.versions[0]!.tags).toEqual(['legal']);

    // Every stored tag is in the form the API writes now.
    for (const name of catalog) expect(cleanTags([name])).toEqual([name]);
    // The filters find the prompt by its new spellings, in links written the new way or any case.
    for (const tag of ['.NET', 'Machine learning', 'Café', 'Node.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/prompts?tags=${encodeURIComponent(tag)}`, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        body<{ items: Array<{ title: string }> }>(res).items.map((p) => p.title),
        tag,
      ).toEqual(['Old tags']);
    }
    // Running it again changes nothing.
    await runMigration();
    expect((await queryRows(t.db, sql`select name from tags order by created_at, name`)).map((r) => String(r.name))).toEqual(catalog);
  });
});
