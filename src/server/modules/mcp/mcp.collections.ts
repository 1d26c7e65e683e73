import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { listCollections } from '../collections/collections.service';

// Collections over MCP: the list_collections tool (the collections the token's owner may see, starred
// first), whose ids the search tool takes as `collection` to search or list inside one.

export const LIST_COLLECTIONS_TOOL = {
  name: 'list_collections',
  title: 'List collections',
  description:
    'Lists the named sets of prompts (collections) you may see, starred ones first: their ids, names, descriptions and how many prompts you may see in each. Pass an id to search_prompts as `collection` to list or search its prompts, in the collection’s order.',
  inputSchema: {
    type: 'object' as const,
    properties: {
      search: { type: 'string', description: 'Only collections whose name contains this' },
      cursor: { type: 'string', description: 'The nextCursor of the previous answer, for the next 100' },
    },
  },
};

const listArgs = z.object({ search: z.string().max(100).optional(), cursor: z.string().max(500).optional() });

/** The `collection` argument of search_prompts, as its input schema describes it. */
export const COLLECTION_ARGUMENT = {
  type: 'string',
  description: 'Only prompts of this collection (an id from list_collections), in its order unless `query` ranks them',
};

export async function listCollectionsTool(db: Database, user: UserRow, args: unknown): Promise<CallToolResult> {
  const parsed = listArgs.safeParse(args ?? {});
  if (!parsed.success) return { isError: true, content: [{ type: 'text', text: 'search and cursor must be text' }] };
  const { items, nextCursor } = await listCollections(db, user, { limit: 100, search: parsed.data.search?.trim() ?? '', cursor: parsed.data.cursor });
  const collections = items.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    promptCount: c.itemCount,
    starred: c.isStarred,
    owner: `${c.owner.firstName} ${c.owner.lastName}`.trim(),
  }));
  const text = collections.length
    ? collections
        .map((c) => `${c.starred ? '★ ' : ''}${c.name} (${c.promptCount} prompts)\n  id: ${c.id}${c.description ? `\n  ${c.description.slice(0, 200)}` : ''}`)
        .join('\n\n')
    : 'No collections.';
  const more = nextCursor ? `\n\nMore: call list_collections again with cursor "${nextCursor}".` : '';
  return { content: [{ type: 'text', text: text + more }], structuredContent: { collections, nextCursor } };
}
