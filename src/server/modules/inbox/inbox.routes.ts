import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  inboxListQuerySchema,
  inboxListSchema,
  inboxReadSchema,
  inboxSettingsResponseSchema,
  inboxSettingsSchema,
  inboxUnreadSchema,
} from '../../../shared/schemas/inbox';
import { requireUser } from '../../plugins/auth';
import { inboxSettings, listInbox, markRead, setInboxEmail, unreadCount } from './inbox.service';

/** The signed-in member's inbox: what happened to their prompts, suggestions and roles. */
export async function inboxRoutes(app: FastifyInstance, opts: { emailAvailable: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Inbox'];
  // One's own inbox is a reader's: a prompts:read token may read it and mark it read.
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;

  r.get(
    '/api/inbox',
    {
      config: signedIn,
      schema: {
        summary: 'The inbox, newest first',
        description:
          'Items of types `suggestion_received`, `suggestion_accepted`, `suggestion_declined`, `feedback_note`, `prompt_verified`, `prompt_deprecated`, `review_due`, `favorite_changed`, `co_owner_added` and `curator_assigned`. `promptTitle` is null when the member can no longer see the prompt. `unread=true` lists unread items only; `unread` in the answer counts them all.',
        tags,
        querystring: inboxListQuerySchema,
        response: { 200: inboxListSchema },
      },
    },
    (request) => listInbox(app.db, requireUser(request), request.query),
  );

  r.get(
    '/api/inbox/unread',
    {
      config: signedIn,
      schema: { summary: 'How many inbox items are unread (the bell’s count)', tags, response: { 200: inboxUnreadSchema } },
    },
    async (request) => ({ unread: await unreadCount(app.db, requireUser(request)) }),
  );

  r.post(
    '/api/inbox/read',
    {
      config: signedIn,
      schema: {
        summary: 'Mark inbox items read',
        description: '`{ ids }` marks those of one’s items (others are ignored); `{ all: true }` marks every item. Answers the unread count left.',
        tags,
        body: inboxReadSchema,
        response: { 200: inboxUnreadSchema },
      },
    },
    async (request) => ({ unread: await markRead(app.db, requireUser(request), request.body) }),
  );

  r.get(
    '/api/inbox/settings',
    {
      config: signedIn,
      schema: { summary: 'The member’s inbox email choice', tags, response: { 200: inboxSettingsResponseSchema } },
    },
    (request) => inboxSettings(requireUser(request), opts.emailAvailable),
  );

  r.put(
    '/api/inbox/settings',
    {
      config: signedIn,
      schema: {
        summary: 'Choose inbox email: off, one per item, or a daily digest',
        description: 'Email goes out only when the server has SMTP configured (`emailAvailable`).',
        tags,
        body: inboxSettingsSchema,
        response: { 200: inboxSettingsResponseSchema },
      },
    },
    (request) => setInboxEmail(app.db, requireUser(request), request.body.email, opts.emailAvailable),
  );
}
