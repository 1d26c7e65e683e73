import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import {
  SNIPPET_MESSAGES,
  snippetCreateSchema,
  snippetDetailSchema,
  snippetExpandSchema,
  snippetExpansionSchema,
  snippetListQuerySchema,
  snippetListSchema,
  snippetUpdateSchema,
} from '../../../shared/schemas/snippets';
import { requireUser } from '../../plugins/auth';
import { expansionPreview } from './snippet-resolver';
import { createSnippet, deleteSnippet, getSnippet, listSnippets, updateSnippet } from './snippets.service';

export async function snippetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Snippets'];
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;
  const editor = { access: 'editor', deniedMessage: SNIPPET_MESSAGES.readOnly, token: 'prompts:write' } as const;
  const includes =
    'Its text may include other snippets (`{{> name}}`): one that does not exist or is not shared with the caller, a loop, more than 3 levels of snippets, or a snippet shared with fewer people than this one is a 400 naming it.';

  r.get(
    '/api/snippets',
    {
      config: signedIn,
      schema: {
        summary: 'List snippets',
        description:
          'The snippets the caller may see, by name, a page at a time (pass `nextCursor` back as `cursor`); `search` keeps those whose name contains it. `usedInCount` counts the prompts the caller may see that include each one.',
        tags,
        querystring: snippetListQuerySchema,
        response: { 200: snippetListSchema },
      },
    },
    (request) => listSnippets(app.db, requireUser(request), request.query),
  );

  r.post(
    '/api/snippets',
    {
      config: { ...editor, idempotent: true },
      schema: {
        summary: 'Create a snippet',
        description: `Owned by the caller; prompts include it with \`{{> name}}\`. Names are 1–64 letters, digits, \`-\` and \`_\`, unique in any case (a clash is a 409). Visibility as for prompts, the organization when left out. ${includes}`,
        tags,
        body: snippetCreateSchema,
        response: { 201: snippetDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSnippet(app.db, requireUser(request), request.body)),
  );

  r.post(
    '/api/snippets/expand',
    {
      config: signedIn,
      schema: {
        summary: 'Expand a text with the snippets it includes',
        description:
          'Any text, as the caller would read it once saved (nothing is stored): each `{{> name}}` written out with the snippets the caller may see, the variables of the result, and what keeps it from expanding (a snippet missing or not shared with the caller, a loop, more than 3 levels), or null. The prompt form asks it when its content includes snippets, to list their variables.',
        tags,
        body: snippetExpandSchema,
        response: { 200: snippetExpansionSchema },
      },
    },
    (request) => expansionPreview(app.db, requireUser(request), request.body.content),
  );

  r.get(
    '/api/snippets/:id',
    {
      config: signedIn,
      schema: {
        summary: 'Read a snippet',
        description: 'With the prompts that include it (directly or through other snippets), the snippets that include it, and its versions, newest first.',
        tags,
        params: uuidParamsSchema,
        response: { 200: snippetDetailSchema },
      },
    },
    (request) => getSnippet(app.db, requireUser(request), request.params.id),
  );

  r.put(
    '/api/snippets/:id',
    {
      config: editor,
      schema: {
        summary: 'Change a snippet',
        description: `Its owner or an administrator. Fields left out keep their values. A new text changes every prompt that includes it; a new name is written into every prompt and snippet that includes it (and their versions). Shared more narrowly than the texts that include it are read, it is a 409 naming them. ${includes}`,
        tags,
        params: uuidParamsSchema,
        body: snippetUpdateSchema,
        response: { 200: snippetDetailSchema },
      },
    },
    (request) => updateSnippet(app.db, requireUser(request), request.params.id, request.body),
  );

  r.delete(
    '/api/snippets/:id',
    {
      config: editor,
      schema: {
        summary: 'Delete a snippet',
        description: 'Its owner or an administrator. A snippet that a prompt or another snippet still includes is a 409 (`snippet_in_use`) naming them.',
        tags,
        params: uuidParamsSchema,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteSnippet(app.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
