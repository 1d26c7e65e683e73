import { inArray } from 'drizzle-orm';
import { type PromptListItem, type PromptListResponse, promptListQuerySchema } from '../../../shared/schemas/prompts';
import { builtinValues } from '../../../shared/template-variables';
import {
  defaultValue,
  fillVariables,
  formatValue,
  type PromptVariable,
  promptVariables,
  typedValues,
  valueIssues,
  type VariableDefinition,
} from '../../../shared/variable-definitions';
import type { Database } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { AppError, invalidFields } from '../../errors';
import { expandWith, reachableSnippets } from '../snippets/snippet-resolver';
import { listPrompts } from '../prompts/prompts.service';

// The prompt library as MCP sees it: names that a client can show and send back, arguments made from
// a prompt's template variables, and one list that puts the caller's favourites first.

export const MCP_PAGE_SIZE = 50;
const UUID_TAIL = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** "Summarise meeting notes" → "summarise-meeting-notes-<id>": readable in a client's menu, and unique. */
export function mcpPromptName(title: string, id: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug ? `${slug}-${id}` : id;
}

/** The prompt id a name ends with, or null. */
export function idFromMcpName(name: string): string | null {
  return UUID_TAIL.exec(name)?.[1]?.toLowerCase() ?? null;
}

/** How an argument is to be written, by its variable's type. */
function argumentHint(v: PromptVariable): string {
  const fallback = defaultValue(v);
  const byDefault = fallback === undefined ? '' : ` (default: ${formatValue(v, fallback)})`;
  switch (v.type) {
    case 'choice':
      return `One of: ${v.options?.join(' | ')}${byDefault}`;
    case 'multiChoice':
      return `Any of, separated by commas: ${v.options?.join(' | ')}${byDefault}`;
    case 'number':
      return `A number${byDefault}`;
    case 'date':
      return `A date, YYYY-MM-DD${byDefault}`;
    case 'checkbox':
      return `yes or no${byDefault}`;
    default:
      return `Text for {{${v.name}}}${byDefault}`;
  }
}

/**
 * A prompt's arguments: its variables except the built-ins, which the server fills in itself. A
 * defined variable says what it is and whether it is required; an undefined text variable (no default)
 * is announced as required, as it always was.
 */
export function mcpArguments(variables: readonly PromptVariable[], definitions: readonly VariableDefinition[]) {
  return variables
    .filter((v) => !v.builtin)
    .map((v) => {
      const defined = definitions.some((d) => d.name === v.name);
      const about = [v.label, v.description].filter(Boolean).join(': ');
      const description = about ? `${about}. ${argumentHint(v)}` : argumentHint(v);
      return { name: v.name, description, required: defined ? v.required : v.type === 'text' };
    });
}

/**
 * The filled text: given values (read as each variable's type), then defaults and each choice's first
 * option, then the built-ins' values for the caller. A required value missing, or one of the wrong
 * type, is a 400 naming it (MCP's "invalid params").
 */
export function fillForCaller(
  prompt: { expandedContent: string; snippetProblem: string | null; variables: PromptVariable[] },
  user: UserRow,
  values: Record<string, string | undefined> = {},
): string {
  if (prompt.snippetProblem) throw new AppError(422, 'snippet_unresolved', prompt.snippetProblem);
  const typed = typedValues(prompt.variables, values);
  const issues = valueIssues(
    prompt.variables.filter((v) => !v.builtin),
    typed,
  );
  const first = Object.values(issues)[0];
  if (first) throw invalidFields(first, issues);
  return fillVariables(prompt.expandedContent, prompt.variables, { ...builtinValues(user), ...typed });
}

type Phase = 'favorites' | 'all';
interface McpCursor {
  phase: Phase;
  list: string | null;
}

const encodeCursor = (c: McpCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(cursor: string | undefined): McpCursor {
  if (!cursor) return { phase: 'favorites', list: null };
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as McpCursor;
    if ((c.phase === 'favorites' || c.phase === 'all') && (c.list === null || typeof c.list === 'string')) return c;
  } catch {
    // Falls through to the 400 below.
  }
  throw invalidFields('Invalid cursor', { cursor: 'Invalid cursor' });
}

async function listPage(db: Database, viewer: UserRow, params: Record<string, string>): Promise<PromptListResponse> {
  return JSON.parse(
    await listPrompts(db, viewer, promptListQuerySchema.parse({ sort: 'createdAt', order: 'desc', limit: String(MCP_PAGE_SIZE), ...params })),
  ) as PromptListResponse;
}

/**
 * One page of the prompts the caller can read, newest first, their favourites before the rest: the
 * favourites are walked first, then every prompt with the favourites left out. The page that ends the
 * favourites goes straight on into the rest, so that no page is empty.
 */
export async function mcpPromptPage(
  db: Database,
  viewer: UserRow,
  cursor: string | undefined,
): Promise<{ items: PromptListItem[]; nextCursor: string | null }> {
  let at = decodeCursor(cursor);
  const items: PromptListItem[] = [];
  for (;;) {
    const page = await listPage(db, viewer, { ...(at.phase === 'favorites' ? { favorites: 'true' } : {}), ...(at.list ? { cursor: at.list } : {}) });
    items.push(...(at.phase === 'favorites' ? page.items : page.items.filter((i) => !i.isFavorite)));
    if (page.nextCursor) return { items, nextCursor: encodeCursor({ phase: at.phase, list: page.nextCursor }) };
    if (at.phase === 'all') return { items, nextCursor: null };
    at = { phase: 'all', list: null };
  }
}

/**
 * The variables of a page of prompts (and their saved definitions), their snippets' included: one
 * query for the prompts, and one per level of snippets for all of them.
 */
export async function variablesOf(
  db: Database,
  viewer: UserRow,
  ids: string[],
): Promise<Map<string, { variables: PromptVariable[]; definitions: VariableDefinition[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: prompts.id, content: prompts.content, definitions: prompts.variableDefinitions })
    .from(prompts)
    .where(inArray(prompts.id, ids));
  const found = await reachableSnippets(
    db,
    viewer,
    rows.map((r) => r.content),
  );
  return new Map(rows.map((r) => [r.id, { variables: promptVariables(expandWith(r.content, found).text, r.definitions), definitions: r.definitions }]));
}
