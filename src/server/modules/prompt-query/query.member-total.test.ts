import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptListResponseSchema } from '../../../shared/schemas/prompts';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { COUNT_CAP } from './query.sql';
import { audienceOf, cappedVisibleCount } from './query.visibility';

// A member's total on an unfiltered list is counted in two parts (the organization's rows, then their
// own unit's and private ones): the same number as one condition would give, on each side of the cap,
// and each part able to use its partial index.

let t: TestApp;
let admin: TestUser;
let lena: TestUser; // editor, Legal
let sam: TestUser; // editor, Sales

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ businessUnit: 'Engineering' });
  lena = await t.userWithRole('edit', { firstName: 'Lena', lastName: 'Legal', businessUnit: 'Legal' });
  sam = await t.userWithRole('edit', { firstName: 'Sam', lastName: 'Sales', businessUnit: 'Sales' });
});
afterAll(() => t.close());

/** `count` prompts of one visibility, written straight into the table (the API would take minutes for a thousand). */
async function insert(count: number, owner: TestUser, visibility: 'organization' | 'units' | 'private', units: string[] = []) {
  await queryRows(
    t.db,
    sql`insert into prompts (title, content, user_id, user_business_unit, visibility, visible_units)
        select ${visibility} || ' ' || g || ' ' || gen_random_uuid(), 'body', ${owner.user.id}::uuid, ${owner.user.businessUnit}, ${visibility}, ${`{${units.join(',')}}`}::text[]
        from generate_series(1, ${count}) g`,
  );
}

const clear = () => queryRows(t.db, sql`delete from prompts`);

async function total(who: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/prompts?limit=5', headers: { ...who.auth, 'cache-control': 'no-cache' } });
  expect(res.statusCode, res.body).toBe(200);
  const page = promptListResponseSchema.parse(body(res));
  return `${page.total}${page.totalIsLowerBound ? '+' : ''}`;
}

describe("a member's total", () => {
  it('counts the organization’s prompts, their unit’s and their own, and no one else’s', async () => {
    await clear();
    await insert(10, admin, 'organization');
    await insert(3, admin, 'units', ['Legal']);
    await insert(4, admin, 'units', ['Sales']);
    await insert(2, lena, 'private');
    await insert(5, admin, 'private');
    expect(await total(lena)).toBe('15');
    expect(await total(sam)).toBe('14');
    expect(await total(admin)).toBe('24');
  });

  it(`says ${COUNT_CAP}+ when the organization's prompts alone pass the cap, and when only the two parts together do`, async () => {
    await clear();
    await insert(COUNT_CAP - 2, admin, 'organization');
    await insert(2, admin, 'units', ['Legal']);
    await insert(1, lena, 'private');
    // Lena sees 998 + 2 + 1, one past the cap; Sam only the organization's 998.
    expect(await total(lena)).toBe(`${COUNT_CAP}+`);
    expect(await total(sam)).toBe(String(COUNT_CAP - 2));
    await insert(5, admin, 'organization');
    expect(await total(sam)).toBe(`${COUNT_CAP}+`);
    expect(await total(lena)).toBe(`${COUNT_CAP}+`);
  });
});

/** The plan of `statement` with sequential scans priced out, so that only an index that cannot serve is missing. */
async function planOf(statement: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = (await tx.execute(sql`explain select ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
    return rows.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe("the member's count statement", () => {
  it('reads the organization’s rows from their partial index and the others from the GIN index of the rows without "o"', async () => {
    const plan = await planOf(cappedVisibleCount(audienceOf({ id: lena.user.id, role: 'edit', businessUnit: 'Legal' })!, COUNT_CAP));
    expect(plan).toContain('prompt_filter_keys_organization_idx');
    expect(plan).toContain('prompt_filter_keys_restricted_audience_gin_idx');
  });
});
