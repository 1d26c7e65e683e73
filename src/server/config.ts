import { isIP } from 'node:net';
import { DatabaseTlsSettingError, pgConnection } from './db/connection-tls';
import { DEFAULT_VERIFICATION_DAYS } from '../shared/schemas/status';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/constants';
import { isPersonalPassword, PASSWORD_MESSAGES } from '../shared/password-policy';
import { VISIBILITIES } from '../shared/visibility';

/** The only reader of process.env. Every variable is listed in the README with its default. */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v);

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * TRUST_PROXY: a hop count ("1") or a comma-separated list of proxy addresses or CIDR ranges. A hop
 * count becomes the function Fastify calls per hop (what it does itself for a number): trust the
 * nearest `hops` addresses.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): string[] | ((address: string, hop: number) => boolean) {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((a) => isIP(a.split('/')[0] ?? '') === 0);
  if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `must be a hop count or a list of IP addresses/CIDR ranges (not ${bad.join(', ')})` });
  return list;
}

/** The name the ADMIN_EMAIL account is created with, and given when its last name is empty. */
export const BOOTSTRAP_ADMIN_NAME = { firstName: 'Admin', lastName: 'Administrator' } as const;

const configSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_DIRECT_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    /** The PEM file of the CA that signs the database server's certificate (sslmode=verify-full with a private CA). */
    DATABASE_CA_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
        .optional(),
    ),
    ADMIN_BUSINESS_UNIT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .max(100, 'must be at most 100 characters')
        .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters')
        .default('Administration'),
    ),
    DEFAULT_VISIBILITY: z.preprocess(emptyToUndefined, z.enum(VISIBILITIES, { error: 'must be organization, units or private' }).default('organization')),
    PASSWORD_RESET_DELIVERY: z.preprocess(emptyToUndefined, z.enum(['email', 'log', 'response']).optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('AI Prompts Database <no-reply@localhost>')),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    VERIFICATION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(DEFAULT_VERIFICATION_DAYS)),
    SESSION_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(30)),
    SESSION_IDLE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(7)),
    TRASH_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(30)),
    AUDIT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(36500).default(365)),
    TEMP_PASSWORD_TTL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .positive()
        .max(24 * 365)
        .default(72),
    ),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v, ctx) => parseTrustProxy(v, ctx))
        .optional(),
    ),
    AUTH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(10)),
    AUTH_ACCOUNT_FAILURE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(100)),
    DB_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(10_000)),
    DB_CONNECT_RETRY_S: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a number of seconds, 0 or more (0 = no retry)' })
        .min(0)
        .max(86_400, { error: 'must be 86400 s (a day) at most' })
        .default(30),
    ),
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    BACKUP_INTERVAL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .positive()
        .max(24 * 365)
        .default(24),
    ),
    BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(7)),
    WORKERS: z.preprocess(
      emptyToUndefined,
      z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { error: 'must be a whole number from 1 to 64, or auto' }).default(1),
    ),
    SHUTDOWN_TIMEOUT_S: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3600).default(10)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    API_TOKEN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
    OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url({ error: 'must be the identity provider’s issuer URL' }).optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_DISPLAY_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Single Sign-On')),
    OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().default('openid email profile')),
    OIDC_ROLE_CLAIM: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_ADMIN_VALUES: z.preprocess(emptyToUndefined, z.string().default('')),
    OIDC_EDIT_VALUES: z.preprocess(emptyToUndefined, z.string().default('')),
    OIDC_UNIT_CLAIM: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_ONLY: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'must be true or false' }).default('false')),
    AI_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'must be the URL of an OpenAI-compatible API, e.g. https://gateway.example.org/v1' }).optional(),
    ),
    AI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    AI_MODELS: z.preprocess(emptyToUndefined, z.string().default('')),
    AI_RUNS_PER_USER_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(50)),
    AI_TIMEOUT_S: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3600).default(60)),
  })
  .superRefine((c, ctx) => {
    if (c.PASSWORD_RESET_DELIVERY === 'email' && !c.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when PASSWORD_RESET_DELIVERY=email' });
    }
    if (c.WORKERS !== 1 && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'must be 1 with the embedded database, which lives inside one process; set DATABASE_URL to run several',
      });
    }
    if (c.DATABASE_DIRECT_URL && !c.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'goes with DATABASE_URL (the pooler): set both, or only DATABASE_URL' });
    }
    for (const problem of databaseTlsProblems(c)) ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.problem });
    if (c.BACKUP_DIR && c.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'backs up the embedded database only; with DATABASE_URL use pg_dump' });
    }
    if (c.OIDC_ISSUER && !(c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER' });
    }
    // The provider's answers carry identities: only over TLS, except to a provider on this machine (tests, a local proxy).
    if (c.OIDC_ISSUER && !c.OIDC_ISSUER.startsWith('https://') && !(c.OIDC_ISSUER.startsWith('http://') && isLoopback(new URL(c.OIDC_ISSUER).hostname))) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must be an https:// URL (plain http only to a loopback address)' });
    }
    if (c.AI_BASE_URL && valueList(c.AI_MODELS).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['AI_MODELS'], message: 'must name at least one model (comma-separated) when AI_BASE_URL is set' });
    }
    if (c.OIDC_ONLY === 'true' && !c.OIDC_ISSUER) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ONLY'], message: '=true needs OIDC_ISSUER: without single sign-on nobody could sign in' });
    }
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if (c.ADMIN_PASSWORD && isPersonalPassword(c.ADMIN_PASSWORD, { email: c.ADMIN_EMAIL, ...BOOTSTRAP_ADMIN_NAME })) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: PASSWORD_MESSAGES.personal });
    }
    // The reset link would be answered to whoever asks for it: only acceptable when nobody else can connect.
    if (c.PASSWORD_RESET_DELIVERY === 'response' && !isLoopback(c.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_RESET_DELIVERY'],
        message: `=response hands the reset link to whoever asks for it, so it is only allowed when HOST is a loopback address (127.0.0.1, ::1 or localhost); HOST is ${c.HOST}`,
      });
    }
  })
  .transform((c) => ({
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    /** PostgreSQL itself when DATABASE_URL is a connection pooler: the startup lock, migrations and LISTEN use it. */
    databaseDirectUrl: c.DATABASE_DIRECT_URL,
    databaseCaFile: c.DATABASE_CA_FILE,
    adminEmail: c.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    /** The unit the ADMIN_EMAIL account is given (and created) when it has none. */
    adminBusinessUnit: c.ADMIN_BUSINESS_UNIT,
    /** What a new prompt gets when its writer does not say (`units`: the writer's own unit). */
    defaultVisibility: c.DEFAULT_VISIBILITY,
    /** How long a curator's verification holds before the prompt needs review. */
    verificationDays: c.VERIFICATION_DAYS,
    /** The time as review dates see it (tests move it forward). */
    clock: (): Date => new Date(),
    // Email when SMTP is configured, otherwise the link goes to the server log.
    passwordResetDelivery: c.PASSWORD_RESET_DELIVERY ?? (c.SMTP_URL ? 'email' : 'log'),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    sessionIdleDays: c.SESSION_IDLE_DAYS,
    trashRetentionDays: c.TRASH_RETENTION_DAYS,
    auditRetentionDays: c.AUDIT_RETENTION_DAYS,
    tempPasswordTtlHours: c.TEMP_PASSWORD_TTL_HOURS,
    // Off by default: X-Forwarded-For is only believed from the proxies named here.
    trustProxy: c.TRUST_PROXY ?? false,
    authRateLimit: c.AUTH_RATE_LIMIT,
    /** Failed sign-ins an hour per account, from any address, before each further one slows the next. */
    authAccountFailureLimit: c.AUTH_ACCOUNT_FAILURE_LIMIT,
    statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS,
    connectRetryS: c.DB_CONNECT_RETRY_S,
    backupDir: c.BACKUP_DIR,
    backupIntervalHours: c.BACKUP_INTERVAL_HOURS,
    backupKeep: c.BACKUP_KEEP,
    workers: c.WORKERS === 'auto' ? availableParallelism() : c.WORKERS,
    shutdownTimeoutS: c.SHUTDOWN_TIMEOUT_S,
    logLevel: c.LOG_LEVEL,
    apiTokenRateLimit: c.API_TOKEN_RATE_LIMIT,
    oidc: c.OIDC_ISSUER ? oidcSettings(c) : undefined,
    /** Test runs on the organization's model, when AI_BASE_URL is set (the key never leaves the server). */
    ai: c.AI_BASE_URL
      ? {
          baseUrl: c.AI_BASE_URL,
          apiKey: c.AI_API_KEY,
          models: valueList(c.AI_MODELS),
          runsPerUserPerDay: c.AI_RUNS_PER_USER_PER_DAY,
          timeoutMs: c.AI_TIMEOUT_S * 1000,
        }
      : undefined,
  }));

/** What would stop TLS to the database from working, read from the URLs and DATABASE_CA_FILE. */
function databaseTlsProblems(c: { DATABASE_URL?: string; DATABASE_DIRECT_URL?: string; DATABASE_CA_FILE?: string }): DatabaseTlsSettingError[] {
  const problems: DatabaseTlsSettingError[] = [];
  for (const [setting, url] of [
    ['DATABASE_URL', c.DATABASE_URL],
    ['DATABASE_DIRECT_URL', c.DATABASE_DIRECT_URL],
  ] as const) {
    if (!url) continue;
    try {
      pgConnection(url, c.DATABASE_CA_FILE, setting);
    } catch (err) {
      if (!(err instanceof DatabaseTlsSettingError)) throw err;
      problems.push(err);
    }
  }
  return problems;
}

const valueList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Single sign-on, when OIDC_ISSUER is set. */
function oidcSettings(c: { [K in `OIDC_${string}`]?: string }) {
  return {
    issuer: c.OIDC_ISSUER!,
    clientId: c.OIDC_CLIENT_ID!,
    clientSecret: c.OIDC_CLIENT_SECRET!,
    displayName: c.OIDC_DISPLAY_NAME!,
    scopes: c.OIDC_SCOPES!,
    roleClaim: c.OIDC_ROLE_CLAIM,
    adminValues: valueList(c.OIDC_ADMIN_VALUES ?? ''),
    editValues: valueList(c.OIDC_EDIT_VALUES ?? ''),
    unitClaim: c.OIDC_UNIT_CLAIM,
    /** Password sign-in, sign-up and reset are off: the provider is the only way in. */
    only: c.OIDC_ONLY === 'true',
    /**
     * After a failed discovery, sign-ins within this many milliseconds are answered at once instead of
     * queuing up on a provider that is down. Not an environment variable: tests shorten it.
     */
    discoveryRetryMs: 2_000,
  };
}

export type OidcSettings = ReturnType<typeof oidcSettings>;

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? 'config')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * Settings that start but deserve a line in the log. A TRUST_PROXY hop count believes whatever
 * X-Forwarded-For says as far as that many hops: a client reaching the port directly, past the
 * proxy, writes its own and picks the address every per-IP limit counts under.
 */
export function configWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  for (const [setting, url] of [
    ['DATABASE_URL', config.databaseUrl],
    ['DATABASE_DIRECT_URL', config.databaseDirectUrl],
  ] as const) {
    const connection = url ? pgConnection(url, config.databaseCaFile, setting) : undefined;
    if (connection?.options.ssl && !connection.verified) {
      warnings.push(
        `${setting} has sslmode=require: the connection is encrypted but the server's certificate is not checked, so anyone able to redirect it can read it. Use sslmode=verify-full (with DATABASE_CA_FILE for a private CA).`,
      );
    }
  }
  if (typeof config.trustProxy === 'function' && !isLoopback(config.host)) {
    warnings.push(
      `TRUST_PROXY is a hop count while HOST is ${config.host}: a client that reaches this port directly can forge X-Forwarded-For and choose the address its sign-in limits count under. Listen on a loopback address behind the proxy, or set TRUST_PROXY to the proxy's addresses.`,
    );
  }
  return warnings;
}

/** Config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), passwordResetDelivery: 'response', logLevel: 'silent', ...overrides };
}
