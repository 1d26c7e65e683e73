import { type SQL, sql } from 'drizzle-orm';
import type { canEditPrompt } from '../../../shared/policies/prompts';
import { prompts } from '../../db/schema';

type Viewer = Parameters<typeof canEditPrompt>[0];

/**
 * `canEditPrompt` (src/shared/policies/prompts.ts) as a SQL expression over the prompts row, for lists
 * whose items PostgreSQL builds. prompts.list.test.ts checks that both answer alike for every role.
 */
export function canEditPromptSql(viewer: Viewer): SQL<boolean> {
  if (viewer.role === 'admin') return sql<boolean>`true`;
  if (viewer.role === 'edit') return sql<boolean>`(${prompts.userId} = ${viewer.id}::uuid)`;
  return sql<boolean>`false`;
}
