import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importDefaultsSchema, importQuerySchema, importResultSchema } from '../../../shared/schemas/import';
import { AppError, invalidFields } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { importDefaults, importPrompts } from './import.service';

const ACCEPTED = /^(text\/csv|application\/csv|text\/plain|application\/json)\b/i;

/**
 * POST /api/admin/import. The body is the file itself, handed to the service as a stream (CSV is
 * parsed as it arrives, up to 100 MB), so this plugin replaces the JSON body parser in its own scope.
 */
export async function importRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/import/defaults',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'What the import preselects',
        description: 'The AI application for files that name none: the one most prompts use, or a seeded one in an empty library.',
        tags: ['Import'],
        response: { 200: importDefaultsSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return importDefaults(app.db);
    },
  );
  r.post(
    '/api/admin/import',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Import prompts from a CSV or JSON file',
        description:
          "The body is the file itself, up to 100 MB: our own export (CSV or JSON) or the prompts.chat CSV. `dryRun=true` checks it without saving, and lists the rows that would add a near-copy of a prompt of the library (`similar`); `skipSimilar=true` leaves those rows out. A dry run also lists the rows holding other tools' placeholders (`placeholders`); `convertPlaceholders=true` turns `{name}`, `[NAME]`, `<name>`, `${name}` and `${name:default}` into `{{name}}` variables (a default becomes the variable's definition).",
        tags: ['Import'],
        querystring: importQuerySchema,
        // The body is read as a stream, never validated against a schema: documented only.
        documentedRequestBody: {
          description: 'The file',
          content: { 'text/csv': z.string(), 'application/json': z.array(z.record(z.string(), z.unknown())) },
        },
        response: { 200: importResultSchema },
        errorStatuses: [413, 415],
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const type = request.headers['content-type'] ?? '';
      if (!ACCEPTED.test(type)) throw new AppError(415, 'unsupported_media_type', 'Send the file as text/csv or application/json');
      if (!request.body) throw invalidFields('The file is empty', { file: 'Empty file' });
      return importPrompts(app.db, admin, request.body as Readable, type, request.query, app.config.defaultVisibility, app.config);
    },
  );
}
