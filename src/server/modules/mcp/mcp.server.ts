import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SOME_WORDS_NOTICE } from '../../../shared/constants';
import { promptListQuerySchema, type PromptListResponse } from '../../../shared/schemas/prompts';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { getPrompt, listPrompts } from '../prompts/prompts.service';
import { recordUse } from '../prompts/prompt-usage.service';
import { guarded } from './mcp.errors';
import { COLLECTION_ARGUMENT, LIST_COLLECTIONS_TOOL, listCollectionsTool } from './mcp.collections';
import { fillForCaller, idFromMcpName, mcpArguments, mcpPromptName, mcpPromptPage, variablesOf } from './mcp.prompts';

export interface McpCaller {
  db: Database;
  user: UserRow;
  /** Where the web app is, for links to prompts: PUBLIC_URL, else the request's own origin. */
  baseUrl: string;
  version: string;
  /** The request's logger: unexpected failures are logged here and answered with a generic message. */
  log: FastifyBaseLogger;
}

const searchArgs = z.object({
  query: z.string().max(200, 'query must be at most 200 characters').optional(),
  businessUnit: z.string().max(200).optional(),
  aiApplication: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(50).optional(),
  collection: z.uuid({ error: 'collection must be a collection id (from list_collections)' }).optional(),
  verifiedOnly: z.boolean({ error: 'verifiedOnly must be true or false' }).optional(),
  includeDeprecated: z.boolean({ error: 'includeDeprecated must be true or false' }).optional(),
});
const getArgs = z.object({
  id: z.uuid({ error: 'id must be a prompt id (a UUID)' }),
  values: z.record(z.string(), z.string()).optional(),
});

/** What the search tool says when it fell back (the same fallback as the web list and the API). */
function searchNote(mode: NonNullable<PromptListResponse['searchMode']>, suggestions: NonNullable<PromptListResponse['suggestions']>): string {
  const notes = [];
  if (mode === 'some') notes.push(` ${SOME_WORDS_NOTICE}.`);
  if (mode === 'similar') notes.push(' No prompt has these words; showing prompts with similar words.');
  for (const s of suggestions) notes.push(` Did you mean "${s.search}"?`);
  return notes.join('');
}

const TOOLS = [
  {
    name: 'search_prompts',
    title: 'Search prompts',
    description:
      'Searches the organization’s prompt library. Returns matching prompts with their ids, a preview and a link; fetch one with get_prompt. When no prompt has every word, returns the prompts with the most of them (searchMode "some"); words the library lacks come with close words it has (suggestions).',
    inputSchema: {
      type: 'object' as const,
      properties: {
        query: { type: 'string', description: 'Words to look for in titles, content and notes', maxLength: 200 },
        businessUnit: { type: 'string', description: 'Only prompts of this business unit' },
        aiApplication: { type: 'string', description: 'Only prompts for this AI application, e.g. ChatGPT' },
        tag: { type: 'string', description: 'Only prompts with this tag' },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many results (default 10)' },
        collection: COLLECTION_ARGUMENT,
        verifiedOnly: { type: 'boolean', description: 'Only prompts a curator verified' },
        includeDeprecated: { type: 'boolean', description: 'Also deprecated prompts, which are left out otherwise' },
      },
    },
  },
  {
    name: 'get_prompt',
    title: 'Get a prompt',
    description: 'Returns a prompt’s text with its {{variables}} filled in from `values`; variables left out stay as written.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        id: { type: 'string', description: 'The prompt id, from search_prompts' },
        values: { type: 'object', additionalProperties: { type: 'string' }, description: 'Variable values by name' },
      },
      required: ['id'],
    },
  },
  LIST_COLLECTIONS_TOOL,
];

/** A tool's failure as the protocol wants it: a result the model can read, not a transport error. */
const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });
const zodMessage = (err: z.ZodError) => err.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');

/** A prompt the caller may read, or the protocol's "invalid params" naming what was asked for. */
async function readPrompt(caller: McpCaller, id: string | null, asked: string) {
  try {
    if (!id) throw new AppError(404, 'prompt_not_found', 'not found');
    const prompt = await getPrompt(caller.db, caller.user, id);
    // Drafts are their owners' work in progress: AI clients never get them.
    if (prompt.status === 'draft') throw new AppError(404, 'prompt_not_found', 'not found');
    return prompt;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw new McpError(ErrorCode.InvalidParams, `No prompt named ${asked}`);
    throw err;
  }
}

/**
 * An MCP server for one caller. The transport is stateless (a server per HTTP request), so any
 * instance can answer any request, and the caller's rights are those of their token at that moment.
 * Every handler is `guarded`: its params pass the input guard of the API, and a failure becomes a
 * protocol error (our own 4xx as "invalid params", anything else a logged, generic internal error).
 */
export function buildMcpServer(caller: McpCaller): Server {
  const server = new Server(
    { name: 'ai-prompts-database', title: 'AI Prompts Database', version: caller.version },
    {
      capabilities: { prompts: {}, tools: {} },
      instructions:
        'The organization’s prompt library. Use prompts/list, or the search_prompts and get_prompt tools; list_collections names curated sets of prompts that search_prompts can search inside.',
    },
  );
  const link = (id: string) => `${caller.baseUrl}/prompts/${id}`;
  const { log } = caller;

  server.setRequestHandler(
    ListPromptsRequestSchema,
    guarded(log, async (request) => {
      const page = await mcpPromptPage(caller.db, caller.user, request.params?.cursor);
      const variables = await variablesOf(
        caller.db,
        caller.user,
        page.items.map((i) => i.id),
      );
      return {
        prompts: page.items.map((item) => ({
          name: mcpPromptName(item.title, item.id),
          title: item.title,
          description: item.contentPreview,
          arguments: mcpArguments(variables.get(item.id)?.variables ?? [], variables.get(item.id)?.definitions ?? []),
        })),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    }),
  );

  server.setRequestHandler(
    GetPromptRequestSchema,
    guarded(log, async (request) => {
      const { name, arguments: values } = request.params;
      const prompt = await readPrompt(caller, idFromMcpName(name), name);
      // Filled first: values that cannot fill it are refused without counting a use.
      const text = fillForCaller(prompt, caller.user, values);
      await recordUse(caller.db, caller.user, prompt.id, 'mcp');
      return { description: prompt.title, messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
    }),
  );

  server.setRequestHandler(
    ListToolsRequestSchema,
    guarded(log, () => ({ tools: TOOLS })),
  );

  server.setRequestHandler(
    CallToolRequestSchema,
    guarded(log, async (request): Promise<CallToolResult> => {
      const { name, arguments: args = {} } = request.params;
      if (name === 'search_prompts') {
        const parsed = searchArgs.safeParse(args);
        if (!parsed.success) return toolError(zodMessage(parsed.error));
        const { query, businessUnit, aiApplication, tag, limit, collection, verifiedOnly, includeDeprecated } = parsed.data;
        const filters = promptListQuerySchema.parse({
          search: query ?? '',
          limit: String(limit ?? 10),
          ...(businessUnit ? { businessUnits: businessUnit.replaceAll(',', ' ') } : {}),
          ...(aiApplication ? { aiModels: aiApplication.replaceAll(',', ' ') } : {}),
          ...(tag ? { tags: tag.replaceAll(',', ' ') } : {}),
          ...(collection ? { collection } : {}),
          ...(verifiedOnly ? { verified: 'true' } : {}),
          // Drafts never: they are listed only in their owners' My Prompts, which this is not.
          ...(includeDeprecated ? { status: 'published,verified,deprecated' } : {}),
        });
        let listed: string;
        try {
          listed = await listPrompts(caller.db, caller.user, filters);
        } catch (err) {
          if (err instanceof AppError && err.code === 'collection_not_found') return toolError(`No collection has the id ${collection}`);
          throw err;
        }
        const page = JSON.parse(listed) as PromptListResponse;
        const variables = await variablesOf(
          caller.db,
          caller.user,
          page.items.map((i) => i.id),
        );
        const results = page.items.map((i) => ({
          id: i.id,
          title: i.title,
          preview: i.contentPreview,
          // What get_prompt takes in `values` (the built-ins are filled in by the server).
          variables: (variables.get(i.id)?.variables ?? []).filter((v) => !v.builtin).map((v) => v.name),
          tags: i.tags,
          aiApplications: i.aiModels,
          status: i.status,
          link: link(i.id),
        }));
        const mark = (status: string) => (status === 'verified' ? ' [verified]' : status === 'deprecated' ? ' [deprecated]' : '');
        const text = results.length
          ? results
              .map(
                (r) =>
                  `${r.title}${mark(r.status)}\n  id: ${r.id}\n  ${r.preview}${r.variables.length ? `\n  variables: ${r.variables.join(', ')}` : ''}\n  ${r.link}`,
              )
              .join('\n\n')
          : 'No prompts match.';
        const searchMode = page.searchMode ?? 'all';
        const suggestions = page.suggestions ?? [];
        return {
          content: [{ type: 'text', text: `${page.total}${page.totalIsLowerBound ? '+' : ''} found.${searchNote(searchMode, suggestions)}\n\n${text}` }],
          structuredContent: { total: page.total, searchMode, suggestions, results },
        };
      }
      if (name === 'get_prompt') {
        const parsed = getArgs.safeParse(args);
        if (!parsed.success) return toolError(zodMessage(parsed.error));
        let prompt;
        try {
          prompt = await readPrompt(caller, parsed.data.id, parsed.data.id);
        } catch (err) {
          if (err instanceof McpError) return toolError(`No prompt has the id ${parsed.data.id}`);
          throw err;
        }
        let text: string;
        try {
          text = fillForCaller(prompt, caller.user, parsed.data.values);
        } catch (err) {
          // Values that cannot fill it (400), or snippets that cannot be expanded (422): the caller's to fix.
          if (err instanceof AppError && (err.statusCode === 400 || err.statusCode === 422)) return toolError(err.message);
          throw err;
        }
        await recordUse(caller.db, caller.user, prompt.id, 'mcp');
        return { content: [{ type: 'text', text }], structuredContent: { id: prompt.id, title: prompt.title, text, link: link(prompt.id) } };
      }
      if (name === LIST_COLLECTIONS_TOOL.name) return listCollectionsTool(caller.db, caller.user, args);
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }),
  );

  return server;
}
