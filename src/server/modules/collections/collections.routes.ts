import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READ_ONLY_COLLECTION_MESSAGE } from '../../../shared/policies/collections';
import {
  collectionCreateSchema,
  collectionItemInputSchema,
  collectionItemParamsSchema,
  collectionListQuerySchema,
  collectionListSchema,
  collectionOrderSchema,
  collectionOwnersInputSchema,
  collectionSchema,
  collectionUpdateSchema,
} from '../../../shared/schemas/collections';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { promptOwnersSchema } from '../../../shared/schemas/owners';
import { requireUser } from '../../plugins/auth';
import { getCollectionOwners, setCollectionOwners } from './collections.owners';
import {
  addItem,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  removeItem,
  reorderItems,
  setStar,
  updateCollection,
} from './collections.service';

export async function collectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Collections'];
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;
  const editor = { access: 'editor', deniedMessage: READ_ONLY_COLLECTION_MESSAGE, token: 'prompts:write' } as const;

  r.get(
    '/api/collections',
    {
      config: signedIn,
      schema: {
        summary: 'List collections',
        description:
          'The collections the caller may see, starred ones first, then by name, a page at a time (pass `nextCursor` back as `cursor`); `search` keeps those whose name contains it; with `prompt`, each says in `hasPrompt` whether it holds that prompt (false for one the caller may not see). `itemCount` counts the prompts the caller may see. Their prompts are listed by `GET /api/prompts?collection={id}`.',
        tags,
        querystring: collectionListQuerySchema,
        response: { 200: collectionListSchema },
      },
    },
    (request) => listCollections(app.db, requireUser(request), request.query),
  );

  r.post(
    '/api/collections',
    {
      config: { ...editor, idempotent: true },
      schema: {
        summary: 'Create a collection',
        description: 'Owned by the caller. A name the caller already uses for a collection (in any case) is a 409.',
        tags,
        body: collectionCreateSchema,
        response: { 201: collectionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCollection(app.db, requireUser(request), request.body, app.config.defaultVisibility)),
  );

  r.get(
    '/api/collections/:id',
    {
      config: signedIn,
      schema: {
        summary: 'Read a collection',
        description: 'Without its items: list them with `GET /api/prompts?collection={id}`.',
        tags,
        params: uuidParamsSchema,
        response: { 200: collectionSchema },
      },
    },
    (request) => getCollection(app.db, requireUser(request), request.params.id),
  );

  r.put(
    '/api/collections/:id',
    {
      config: editor,
      schema: {
        summary: 'Change a collection',
        description: 'A partial update: fields left out keep their values. Owner, co-owners and administrators only.',
        tags,
        params: uuidParamsSchema,
        body: collectionUpdateSchema,
        response: { 200: collectionSchema },
      },
    },
    (request) => updateCollection(app.db, requireUser(request), request.params.id, request.body, app.config.defaultVisibility),
  );

  r.delete(
    '/api/collections/:id',
    {
      config: editor,
      schema: {
        summary: 'Delete a collection',
        description: 'Its prompts stay; only the collection and its memberships go.',
        tags,
        params: uuidParamsSchema,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteCollection(app.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/collections/:id/owners',
    {
      config: signedIn,
      schema: { summary: 'Who owns and co-owns a collection', tags, params: uuidParamsSchema, response: { 200: promptOwnersSchema } },
    },
    (request) => getCollectionOwners(app.db, requireUser(request), request.params.id),
  );

  r.put(
    '/api/collections/:id/owners',
    {
      config: editor,
      schema: {
        summary: 'Change a collection’s owner and co-owners',
        description:
          'The owner, co-owners and administrators change the co-owners (edit and admin members, at most 20); only the owner or an administrator transfers ownership (a new `ownerId`). A new owner who already has a collection of that name is a 409.',
        tags,
        params: uuidParamsSchema,
        body: collectionOwnersInputSchema,
        response: { 200: promptOwnersSchema },
      },
    },
    (request) => setCollectionOwners(app.db, requireUser(request), request.params.id, request.body),
  );

  for (const [method, starred] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/collections/:id/star',
      config: signedIn,
      schema: {
        summary: starred ? 'Star a collection' : 'Unstar a collection',
        tags,
        params: uuidParamsSchema,
        response: { 200: collectionSchema },
      },
      handler: (request) => setStar(app.db, requireUser(request), request.params.id, starred),
    });
  }

  r.post(
    '/api/collections/:id/items',
    {
      config: editor,
      schema: {
        summary: 'Add a prompt to a collection',
        description:
          'Appended at the end. The prompt must be one the caller may see (else 404). Adding a prompt already there changes nothing and answers 200 (201 when added).',
        tags,
        params: uuidParamsSchema,
        body: collectionItemInputSchema,
        response: { 200: collectionSchema, 201: collectionSchema },
      },
    },
    async (request, reply) => {
      const { collection, added } = await addItem(app.db, requireUser(request), request.params.id, request.body.promptId);
      return reply.status(added ? 201 : 200).send(collection);
    },
  );

  r.put(
    '/api/collections/:id/items',
    {
      config: editor,
      schema: {
        summary: 'Reorder a collection',
        description:
          '`promptIds` lists every prompt of the collection that the caller may see, each once, in the new order (else 400 naming the problem). Prompts hidden from the caller keep their places: the n-th item stays the n-th.',
        tags,
        params: uuidParamsSchema,
        body: collectionOrderSchema,
        response: { 200: collectionSchema },
      },
    },
    (request) => reorderItems(app.db, requireUser(request), request.params.id, request.body.promptIds),
  );

  r.delete(
    '/api/collections/:id/items/:promptId',
    {
      config: editor,
      schema: {
        summary: 'Remove a prompt from a collection',
        description: 'The prompt itself stays. Removing one that is not in the collection changes nothing (204).',
        tags,
        params: collectionItemParamsSchema,
        response: { 204: z.undefined().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeItem(app.db, requireUser(request), request.params.id, request.params.promptId);
      return reply.status(204).send();
    },
  );
}
