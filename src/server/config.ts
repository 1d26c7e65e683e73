import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/constants';
import { isPersonalPassword, PASSWORD_MESSAGES } from '../shared/password-policy';

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
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
        .optional(),
    ),
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
    SESSION_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(30)),
    SESSION_IDLE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3650).default(7)),
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
    DB_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(10_000)),
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
    if (c.BACKUP_DIR && c.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'backs up the embedded database only; with DATABASE_URL use pg_dump' });
    }
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if (c.ADMIN_PASSWORD && isPersonalPassword(c.ADMIN_PASSWORD, { email: c.ADMIN_EMAIL, firstName: 'Admin' })) {
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
    adminEmail: c.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    // Email when SMTP is configured, otherwise the link goes to the server log.
    passwordResetDelivery: c.PASSWORD_RESET_DELIVERY ?? (c.SMTP_URL ? 'email' : 'log'),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    sessionIdleDays: c.SESSION_IDLE_DAYS,
    tempPasswordTtlHours: c.TEMP_PASSWORD_TTL_HOURS,
    // Off by default: X-Forwarded-For is only believed from the proxies named here.
    trustProxy: c.TRUST_PROXY ?? false,
    authRateLimit: c.AUTH_RATE_LIMIT,
    statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS,
    backupDir: c.BACKUP_DIR,
    backupIntervalHours: c.BACKUP_INTERVAL_HOURS,
    backupKeep: c.BACKUP_KEEP,
    workers: c.WORKERS === 'auto' ? availableParallelism() : c.WORKERS,
    shutdownTimeoutS: c.SHUTDOWN_TIMEOUT_S,
    logLevel: c.LOG_LEVEL,
  }));

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? 'config')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), passwordResetDelivery: 'response', logLevel: 'silent', ...overrides };
}
