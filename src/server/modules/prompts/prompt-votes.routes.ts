import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackNotesSchema, voteInputSchema, voteResultSchema } from '../../../shared/schemas/feedback';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { requireUser } from '../../plugins/auth';
import { listFeedbackNotes, setVote } from './prompt-votes.service';

/** Feedback on prompts: votes (every signed-in member, read-only ones included) and their notes. */
export async function promptVoteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Feedback'];
  // Saying whether a prompt worked is a reader's own feedback, like starring it: a prompts:read token may.
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;

  r.put(
    '/api/prompts/:id/vote',
    {
      config: signedIn,
      schema: {
        summary: 'Say whether a prompt worked',
        description:
          '`up`: worked well; `down`: didn’t work. One vote per member and prompt: voting again replaces it (a vote sent without `note` keeps none). The note (at most 1,000 characters) is read by the prompt’s owner, co-owners, curators and administrators, and reaches its owner and co-owners’ inboxes.',
        tags,
        params: uuidParamsSchema,
        body: voteInputSchema,
        response: { 200: voteResultSchema },
      },
    },
    (request) => setVote(app.db, requireUser(request), request.params.id, request.body),
  );

  r.delete(
    '/api/prompts/:id/vote',
    {
      config: signedIn,
      schema: {
        summary: 'Take back one’s vote on a prompt',
        tags,
        params: uuidParamsSchema,
        response: { 204: z.undefined().describe('Taken back (or there was none)') },
      },
    },
    async (request, reply) => {
      await setVote(app.db, requireUser(request), request.params.id, null);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/prompts/:id/feedback',
    {
      config: signedIn,
      schema: {
        summary: 'The notes left with votes on a prompt',
        description: 'Newest first, at most 200. For the prompt’s owner, co-owners, curators and administrators; 403 for other members who can see it.',
        tags,
        params: uuidParamsSchema,
        response: { 200: feedbackNotesSchema },
      },
    },
    (request) => listFeedbackNotes(app.db, requireUser(request), request.params.id),
  );
}
