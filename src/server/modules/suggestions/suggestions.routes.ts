import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import {
  suggestionDeclineSchema,
  suggestionInputSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
  suggestionSchema,
} from '../../../shared/schemas/suggestions';
import { requireUser } from '../../plugins/auth';
import { acceptSuggestion, declineSuggestion } from './suggestions.decide';
import { createSuggestion, getSuggestion, listPromptSuggestions, listSuggestions } from './suggestions.service';

/** Suggested edits: proposed by those who may see a prompt but not edit it, decided by its editors and curators. */
export async function suggestionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Suggestions'];
  // Suggesting changes nobody's prompt, like a vote: read members (and prompts:read tokens) may.
  const reader = { access: 'signedIn', token: 'prompts:read' } as const;
  // Accepting writes a version of the prompt.
  const writer = { access: 'signedIn', token: 'prompts:write' } as const;

  r.post(
    '/api/prompts/:id/suggestions',
    {
      config: reader,
      schema: {
        summary: 'Suggest an edit to a prompt',
        description:
          'For members who may see the prompt but not edit it (403 for its editors, who change it themselves). Send the fields to change (`title`, `content`, `notes`, `tags`) and a `message`; fields equal to the prompt’s are left out, and a suggestion that changes nothing is a 400. Its owner and co-owners hear of it in their inbox.',
        tags,
        params: uuidParamsSchema,
        body: suggestionInputSchema,
        response: { 201: suggestionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSuggestion(app.db, requireUser(request), request.params.id, request.body)),
  );

  r.get(
    '/api/prompts/:id/suggestions',
    {
      config: reader,
      schema: {
        summary: 'A prompt’s suggested edits',
        description: 'Every suggestion for its owner, co-owners, curators and administrators; only one’s own for other members. `status` defaults to `open`.',
        tags,
        params: uuidParamsSchema,
        querystring: suggestionListQuerySchema,
        response: { 200: suggestionListSchema },
      },
    },
    (request) => listPromptSuggestions(app.db, requireUser(request), request.params.id, request.query),
  );

  r.get(
    '/api/suggestions',
    {
      config: reader,
      schema: {
        summary: 'Suggested edits to decide, across prompts',
        description: 'Those on prompts the member may edit or curate, newest first; `mine=true`: those the member made.',
        tags,
        querystring: suggestionListQuerySchema.extend({
          mine: z
            .enum(['true', 'false'], { error: 'Mine must be true or false' })
            .optional()
            .transform((v) => v === 'true'),
        }),
        response: { 200: suggestionListSchema },
      },
    },
    (request) => listSuggestions(app.db, requireUser(request), request.query),
  );

  r.get(
    '/api/suggestions/:id',
    {
      config: reader,
      schema: { summary: 'One suggested edit (for its author and those who decide it)', tags, params: uuidParamsSchema, response: { 200: suggestionSchema } },
    },
    (request) => getSuggestion(app.db, requireUser(request), request.params.id),
  );

  r.post(
    '/api/suggestions/:id/accept',
    {
      config: writer,
      schema: {
        summary: 'Accept a suggested edit',
        description:
          'Its fields become a new version of the prompt, credited to the suggester (`suggestedBy` in the history). 409 once decided; 403 for its author and others who may see the prompt but not decide.',
        tags,
        params: uuidParamsSchema,
        response: { 200: suggestionSchema },
      },
    },
    (request) => acceptSuggestion(app.db, requireUser(request), request.params.id),
  );

  r.post(
    '/api/suggestions/:id/decline',
    {
      config: writer,
      schema: {
        summary: 'Decline a suggested edit, with a reply',
        tags,
        params: uuidParamsSchema,
        body: suggestionDeclineSchema,
        response: { 200: suggestionSchema },
      },
    },
    (request) => declineSuggestion(app.db, requireUser(request), request.params.id, request.body.reply),
  );
}
