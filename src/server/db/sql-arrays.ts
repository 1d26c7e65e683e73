import { type SQL, sql } from 'drizzle-orm';

// Lists handed to PostgreSQL as one array, the same way on both engines.

/** Ids as one `uuid[]` parameter: a literal `{a,b}` (ids hold no comma, quote or brace), however many. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Texts as `array[$1, $2, …]::text[]`: each its own parameter, so commas and quotes in them are safe. */
export const textArray = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
