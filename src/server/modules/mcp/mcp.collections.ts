import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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
  inputSchema: { type: 'object' as const, properties: {} },
};

/** The `collection` argument of search_prompts, as its input schema describes it. */
export const COLLECTION_ARGUMENT = {
  type: 'string',
  description: 'Only prompts of this collection (an id from list_collections), in its order unless `query` ranks them',
};

export async function listCollectionsTool(db: Database, user: UserRow): Promise<CallToolResult> {
  const { items } = await listCollections(db, user);
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
  return { content: [{ type: 'text', text }], structuredContent: { collections } };
}
