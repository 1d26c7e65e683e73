import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { serializeError } from './lib/error-log';
import { createMailer, type Mailer } from './lib/mailer';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { adminBusinessUnitRoutes } from './modules/business-units/business-units.admin.routes';
import { businessUnitRoutes } from './modules/business-units/business-units.routes';
import { aiModelAdminRoutes } from './modules/catalog/ai-models.admin.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { collectionRoutes } from './modules/collections/collections.routes';
import { snippetRoutes } from './modules/snippets/snippets.routes';
import { aiRunRoutes } from './modules/ai-runs/ai-runs.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { exportRoutes } from './modules/export/export.routes';
import { formFieldRoutes } from './modules/form-fields/form-fields.routes';
import { healthRoutes } from './modules/health/health.routes';
import { promptRoutes } from './modules/prompts/prompts.routes';
import { promptOwnerRoutes } from './modules/prompts/prompt-owners.routes';
import { promptUsageRoutes } from './modules/prompts/prompt-usage.routes';
import { promptVoteRoutes } from './modules/prompts/prompt-votes.routes';
import { promptStatusRoutes } from './modules/prompts/prompt-status.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { similarityRoutes } from './modules/similarity/similarity.routes';
import { promptMergeRoutes } from './modules/prompts/prompt-merge.routes';
import { promptRenderRoutes } from './modules/prompts/prompt-render.routes';
import { libraryHealthRoutes } from './modules/library-health/library-health.routes';
import { suggestionRoutes } from './modules/suggestions/suggestions.routes';
import { promptVersionRoutes } from './modules/prompts/prompt-versions.routes';
import { importRoutes } from './modules/import/import.routes';
import { tokenRoutes } from './modules/tokens/tokens.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { tagRoutes } from './modules/tags/tags.routes';
import { searchSynonymRoutes } from './modules/search/search-synonyms.routes';
import { trashRoutes } from './modules/trash/trash.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { registerRequestContext } from './lib/request-context';
import { registerAuth } from './plugins/auth';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerIdempotency } from './plugins/idempotency';
import { registerStorageGuard } from './plugins/storage-guard';
import { registerInputGuards } from './plugins/input-guards';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
// Each registers its job with lib/housekeeping, which main.ts runs hourly.
import './modules/auth/sessions.housekeeping';
import './modules/export/download-tickets.housekeeping';
import './modules/sso/sso.housekeeping';
import './plugins/idempotency.housekeeping';
import './modules/trash/trash.housekeeping';
import './modules/audit/audit.housekeeping';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  mailer?: Mailer;
  /** Folder of the built client; defaults to dist/web. */
  webDistDir?: string;
  /** The embedded database's data folder, for online backups; undefined on PostgreSQL. */
  embeddedDataDir?: string;
  /** Where log lines go (tests read them); defaults to stdout. */
  logStream?: { write(line: string): void };
}

/** Builds the whole application: plugins, then modules. Never listens (main.ts does). */
export async function buildApp({ config, db, mailer, webDistDir, embeddedDataDir, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    // Errors are logged through serializeError: a database error's message and detail carry the
    // query's parameters (password hashes, emails), so only its code, constraint and table are kept.
    logger: { level: config.logLevel, serializers: { err: serializeError }, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // A client has this long to send its whole request; a slow trickle cannot hold a connection forever.
    requestTimeout: 60_000,
    // Ids are uuids; anything longer in a URL is malformed anyway.
    routerOptions: { maxParamLength: 200 },
    // A URL that does not decode, or a too long id, is refused before any route runs: with our error body.
    frameworkErrors: answerFrameworkError,
    // Per-request log lines only at debug level: at info they cost more than the requests themselves.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  registerRequestContext(app);
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerInputGuards(app);
  // Before the auth plugin and every route: see registerOpenApi.
  await registerOpenApi(app);
  registerAuth(app);
  registerIdempotency(app);
  registerStorageGuard(app, embeddedDataDir);

  await app.register(healthRoutes);
  const theMailer = mailer ?? createMailer(config);
  await app.register(authRoutes, { mailer: theMailer });
  await app.register(ssoRoutes);
  await app.register(businessUnitRoutes);
  await app.register(adminBusinessUnitRoutes);
  await app.register(catalogRoutes);
  await app.register(aiModelAdminRoutes);
  await app.register(similarityRoutes);
  await app.register(promptMergeRoutes);
  await app.register(promptRenderRoutes);
  await app.register(aiRunRoutes);
  await app.register(libraryHealthRoutes);
  await app.register(promptRoutes);
  await app.register(promptUsageRoutes);
  await app.register(promptVoteRoutes);
  await app.register(promptStatusRoutes);
  await app.register(reviewRoutes);
  await app.register(suggestionRoutes);
  await app.register(inboxRoutes, { emailAvailable: Boolean(theMailer) });
  await app.register(promptOwnerRoutes);
  await app.register(promptVersionRoutes);
  await app.register(trashRoutes);
  await app.register(collectionRoutes);
  await app.register(snippetRoutes);
  await app.register(formFieldRoutes);
  await app.register(adminUserRoutes);
  await app.register(exportRoutes);
  await app.register(auditRoutes);
  await app.register(tagRoutes);
  await app.register(searchSynonymRoutes);
  await app.register(importRoutes);
  await app.register(tokenRoutes);
  await app.register(mcpRoutes);
  await app.register(backupRoutes, { embeddedDataDir });
  await app.register(apiDocsRoutes);

  await registerStaticSpa(app, webDistDir);
  return app;
}
