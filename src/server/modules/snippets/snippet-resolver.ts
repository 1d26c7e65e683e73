import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { narrowerSnippetMessage, type SnippetExpansion } from '../../../shared/schemas/snippets';
import { templateVariables } from '../../../shared/template-variables';
import {
  expandSnippets,
  includedSnippetNames,
  MAX_EXPANDED_LENGTH,
  MAX_SNIPPET_DEPTH,
  type SnippetProblem,
  snippetProblemMessage,
} from '../../../shared/snippets';
import type { Visibility } from '../../../shared/visibility';
import type { Database } from '../../db/client';
import { snippets, type UserRow, users } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';
import { AppError } from '../../errors';
import { type AudienceViewer, audienceOf, visibleTo } from '../prompt-query';

// Snippets as a reader meets them: the snippets a text reaches that the reader may see, loaded a level
// at a time (one query per level, for any number of texts), and the text expanded with them. A snippet
// the reader may not see is missing for them, as a prompt they may not see does not exist.

export interface ResolvedSnippet {
  id: string;
  name: string;
  content: string;
  userId: string;
  visibility: Visibility;
  visibleUnits: string[];
}
export type SnippetsByName = ReadonlyMap<string, ResolvedSnippet>;

/** The condition on `snippets` for what `viewer` may see; `true` for an admin. */
export function snippetSeenBy(viewer: AudienceViewer): SQL {
  const keys = audienceOf(viewer);
  return keys ? visibleTo(keys, snippets.audience) : sql`true`;
}

/**
 * Every snippet the texts include that `viewer` may see, and those they include, one level deeper
 * than expansion goes (so that too deep is told apart from missing), keyed by lower-case name.
 */
export async function reachableSnippets(db: Database, viewer: AudienceViewer, texts: readonly string[]): Promise<SnippetsByName> {
  const found = new Map<string, ResolvedSnippet>();
  const asked = new Set<string>();
  let names = texts.flatMap(includedSnippetNames).map((n) => n.toLowerCase());
  for (let level = 0; level <= MAX_SNIPPET_DEPTH && names.length; level++) {
    const wanted = [...new Set(names)].filter((n) => !asked.has(n));
    if (!wanted.length) break;
    for (const n of wanted) asked.add(n);
    const rows = await db
      .select({
        id: snippets.id,
        name: snippets.name,
        content: snippets.content,
        userId: snippets.userId,
        visibility: snippets.visibility,
        visibleUnits: snippets.visibleUnits,
      })
      .from(snippets)
      .where(and(sql`lower(${snippets.name}) = any(${textArray(wanted)})`, snippetSeenBy(viewer)));
    for (const row of rows) found.set(row.name.toLowerCase(), row);
    names = rows.flatMap((r) => includedSnippetNames(r.content)).map((n) => n.toLowerCase());
  }
  return found;
}

export interface Expansion {
  text: string;
  problem: SnippetProblem | null;
  /** The snippets the text includes directly, as the reader may see them. */
  included: Array<{ id: string; name: string }>;
}

/** A text expanded with the snippets of `found` (see reachableSnippets). */
export function expandWith(content: string, found: SnippetsByName, options: Parameters<typeof expandSnippets>[2] = {}): Expansion {
  const { text, problem } = expandSnippets(content, (name) => found.get(name), options);
  const included = includedSnippetNames(content).flatMap((name) => {
    const snippet = found.get(name.toLowerCase());
    return snippet ? [{ id: snippet.id, name: snippet.name }] : [];
  });
  return { text, problem, included };
}

export async function expandFor(db: Database, viewer: AudienceViewer, content: string): Promise<Expansion> {
  return expandWith(content, await reachableSnippets(db, viewer, [content]));
}

/**
 * A text as `viewer` would read it, for a form while it is written: expanded, its variables, what keeps
 * it from expanding. A text with a problem stays as written, but the snippets it reaches still bring
 * their variables (read from their own texts, at most the expansion's length of them): one missing
 * snippet does not hide the others'.
 */
export async function expansionPreview(db: Database, viewer: AudienceViewer, content: string): Promise<SnippetExpansion> {
  const found = await reachableSnippets(db, viewer, [content]);
  const { text, problem, included } = expandWith(content, found);
  let reached = '';
  if (problem) {
    for (const snippet of found.values()) {
      if (reached.length + snippet.content.length > MAX_EXPANDED_LENGTH) break;
      reached += `\n${snippet.content}`;
    }
  }
  return {
    expandedContent: text,
    variables: templateVariables(text + reached).map((v) => v.name),
    problem: problem ? snippetProblemMessage(problem) : null,
    snippets: included,
  };
}

/** The 422 of a text that cannot be expanded for its reader: a snippet missing, a loop, too deep. */
export const unresolvedSnippets = (problem: SnippetProblem) => new AppError(422, 'snippet_unresolved', snippetProblemMessage(problem));

/** Who reads a text that includes snippets: its visibility, and its owner and co-owners (who read it however it is shared). */
export interface TextAudience {
  visibility: Visibility;
  visibleUnits: readonly string[];
  people: ReadonlyArray<Pick<UserRow, 'id' | 'businessUnit'>>;
}

type Shared = Pick<ResolvedSnippet, 'visibility' | 'visibleUnits' | 'userId'>;
const seenByPerson = (snippet: Shared, person: Pick<UserRow, 'id' | 'businessUnit'>) =>
  snippet.visibility === 'organization' ||
  snippet.userId === person.id ||
  (snippet.visibility === 'units' && person.businessUnit !== '' && snippet.visibleUnits.includes(person.businessUnit));

/** Whether everyone who reads `text` may also see `snippet`: its units' members, its owner and co-owners. */
export function reachesEveryReader(snippet: Shared, text: TextAudience): boolean {
  if (snippet.visibility === 'organization') return true;
  if (text.visibility === 'organization') return false;
  const units = text.visibility === 'units' ? text.visibleUnits.every((u) => snippet.visibility === 'units' && snippet.visibleUnits.includes(u)) : true;
  return units && text.people.every((person) => seenByPerson(snippet, person));
}

/** The owner and co-owners of a text, with their units (co-owners read by id). */
export async function peopleOf(db: Database, owner: Pick<UserRow, 'id' | 'businessUnit'>, coOwnerIds: readonly string[]): Promise<TextAudience['people']> {
  if (!coOwnerIds.length) return [owner];
  const coOwners = await db
    .select({ id: users.id, businessUnit: users.businessUnit })
    .from(users)
    .where(inArray(users.id, [...coOwnerIds]));
  return [owner, ...coOwners];
}

/**
 * A text being saved, expanded as its writer sees it, and why it cannot include its snippets (null
 * when it can): a snippet missing for the writer (who may be a co-owner or an administrator, not the
 * owner), a loop or nesting too deep (`asSnippet`: the snippet being saved, its name and how deep the
 * snippets including it go), or a snippet shared with fewer people than the text, which would then
 * fail for some of its readers.
 */
export async function checkInclusions(
  db: Database,
  writer: UserRow,
  content: string,
  audience: TextAudience,
  asSnippet?: { name: string; levelsAbove: number },
): Promise<{ problem: string | null; text: string }> {
  if (!content.includes('{{>')) return { problem: null, text: content };
  const found = await reachableSnippets(db, writer, [content]);
  const { text, problem, included } = expandWith(content, found, asSnippet ? { path: [asSnippet.name], levelsAbove: asSnippet.levelsAbove } : {});
  if (problem) return { problem: snippetProblemMessage(problem), text };
  const narrower = included.map((s) => found.get(s.name.toLowerCase())!).find((s) => !reachesEveryReader(s, audience));
  return { problem: narrower ? narrowerSnippetMessage(narrower.name) : null, text };
}
