import type { Database } from '../../db/client';
import type { SnippetRow, UserRow } from '../../db/schema';
import { conflict } from '../../errors';
import { reachesEveryReader, type ResolvedSnippet } from './snippet-resolver';

type Shared = Pick<ResolvedSnippet, 'visibility' | 'visibleUnits' | 'userId'>;
import { directReaders, includedBy, isIncluded, usedIn } from './snippets.usage';

// What a snippet's change or deletion must not break: the texts that include it.

export const snippetInUse = (message: string) => conflict(message, 'snippet_in_use');

const LISTED = 10;
const listed = (names: string[], more: number) =>
  `${names.slice(0, LISTED).join(', ')}${names.length + more > LISTED ? ` and ${names.length + more - Math.min(names.length, LISTED)} more` : ''}`;

/** A snippet still included by a prompt or a snippet cannot be deleted: the 409 names them (those the viewer may see). */
export async function snippetInUseGuard(tx: Database, viewer: UserRow, snippet: SnippetRow): Promise<void> {
  if (!(await isIncluded(tx, snippet.id))) return;
  const [uses, includers] = await Promise.all([usedIn(tx, viewer, snippet.id), includedBy(tx, viewer, snippet.id)]);
  const where = [
    ...(uses.visible + uses.hidden
      ? [
          `prompts ${listed(
            uses.prompts.map((p) => `“${p.title}”`),
            uses.visible + uses.hidden - uses.prompts.length,
          )}`,
        ]
      : []),
    ...(includers.length
      ? [
          `snippets ${listed(
            includers.map((s) => `“${s.name}”`),
            0,
          )}`,
        ]
      : []),
  ];
  throw snippetInUse(`“${snippet.name}” is still used in ${where.join(' and ') || 'texts you cannot see'}: remove it from them first`);
}

/**
 * The texts including the snippet directly whose readers it reached shared as `before` and would not
 * all reach shared as `next`, named ("prompt “Title”") when the viewer may see them. Null when none.
 */
export async function unreachedReaders(tx: Database, viewer: UserRow, id: string, before: Shared, next: Shared): Promise<string | null> {
  const readers = await directReaders(tx, viewer, id);
  const unreached = readers.filter((r) => {
    const text = { visibility: r.visibility, visibleUnits: r.visibleUnits, people: [{ id: r.ownerId, businessUnit: r.ownerUnit }, ...r.coOwners] };
    return reachesEveryReader(before, text) && !reachesEveryReader(next, text);
  });
  if (!unreached.length) return null;
  const named = unreached.filter((r) => r.visible).map((r) => r.label);
  return named.length ? listed(named, unreached.length - named.length) : `${unreached.length} texts you cannot see`;
}
