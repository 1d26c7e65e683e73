import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prompts, users, type UserRow } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Signed-in requests carry a cached copy of their user: the caller calls `afterUserWrite` once this has
 * committed, so that roles and names apply at once.
 */
export async function updateUser(db: Database, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/**
 * Prompts keep a copy of their author's name for search; rewrite it when the name changes. The caller
 * calls `afterPromptWrite` with the root database once its transaction has committed.
 */
export async function syncAuthorName(db: Database, userId: string, firstName: string, lastName: string) {
  await db
    .update(prompts)
    .set({ authorName: `${firstName} ${lastName}`.trim() })
    .where(eq(prompts.userId, userId));
}
