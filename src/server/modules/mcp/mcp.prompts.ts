import { inArray } from 'drizzle-orm';
import { type PromptListItem, type PromptListResponse, promptListQuerySchema } from '../../../shared/schemas/prompts';
import { builtinValues, fillTemplate, type TemplateVariable, templateVariables } from '../../../shared/template-variables';
import type { Database } from '../../db/client';
import { prompts, type UserRow } from '../../db/schema';
import { invalidFields } from '../../errors';
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

/** A prompt's arguments: its variables except the built-ins, which the server fills in itself. */
export function mcpArguments(variables: TemplateVariable[]) {
  return variables
    .filter((v) => !v.builtin)
    .map((v) =>
      v.options
        ? { name: v.name, description: `One of: ${v.options.join(' | ')} (default: ${v.options[0]})`, required: false }
        : { name: v.name, description: `Text for {{${v.name}}}`, required: true },
    );
}

/** The filled text: given values first, then each choice's first option, then the built-ins' values for the caller. */
export function fillForCaller(content: string, user: UserRow, values: Record<string, string | undefined> = {}): string {
  const defaults: Record<string, string> = {};
  for (const v of templateVariables(content)) if (v.options?.[0]) defaults[v.name] = v.options[0];
  return fillTemplate(content, { ...builtinValues(user), ...defaults, ...values });
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

/** The contents of a page of prompts, in one query, for their variables. */
export async function contentsOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: prompts.id, content: prompts.content }).from(prompts).where(inArray(prompts.id, ids));
  return new Map(rows.map((r) => [r.id, r.content]));
}
