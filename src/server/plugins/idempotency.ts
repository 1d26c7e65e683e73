import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, invalidFields } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an `Idempotency-Key` header: a retry with the same key gets the first answer again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is recorded (or the claim released). */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

interface IdempotencyClaim {
  userId: string;
  keyHash: string;
  requestHash: string;
  /** Encrypts the recorded answer: derived from the key itself, which the table never holds. */
  answerKey: Buffer;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept for retries; housekeeping removes older keys. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/**
 * A first call still without an answer after this long was cut off (the process stopped, or the
 * answer could not be recorded): whether it took effect is unknown, so it is never run again.
 */
const RUNNING_CLAIM_LEASE_MS = 5 * 60_000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters';

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Answers can hold secrets shown once (a new API token, a temporary password), so they are stored
 * encrypted under a key derived from the Idempotency-Key, which only the client holds: the table keeps
 * the key's hash, never the key. A reader of the database or of a backup cannot replay them.
 */
function sealAnswer(answerKey: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', answerKey, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

function openAnswer(answerKey: Buffer, stored: string): string {
  const raw = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', answerKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

interface RecordedAnswer {
  contentType: string | null;
  payload: string;
}

/** The header's value, checked; undefined when the request sent none. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw invalidFields(INVALID_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: INVALID_KEY_MESSAGE });
  }
  return value;
}

/**
 * Claims the key in a statement of its own, committed before the handler writes anything: from then
 * on a retry finds the claim and can never run the write a second time. A key older than the time-to-
 * live that housekeeping has not removed yet is taken over as if new.
 */
async function claim(db: Database, userId: string, keyHash: string, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key: keyHash, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash, status: null, body: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
    })
    .returning({ userId: idempotencyKeys.userId });
  return rows.length > 0;
}

async function findClaim(db: Database, userId: string, keyHash: string) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
      ageMs: sql<number>`(extract(epoch from now() - ${idempotencyKeys.createdAt}) * 1000)::float8`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, keyHash)));
  return row;
}

/** Removes a claim whose first call failed on our side, so that a retry runs it again. */
async function release(db: Database, claimed: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.keyHash), eq(idempotencyKeys.requestHash, claimed.requestHash)));
}

const RELEASE_RETRY_MS = 5_000;
const RELEASE_WAIT_MS = 1_000;
const RELEASE_ATTEMPTS = 12;

/**
 * A call that failed with 5xx most often failed because the database did: the release then fails
 * too, and is tried again in the background for a minute. Until it succeeds a retry is told to wait.
 */
function releaseSoon(app: FastifyInstance, claimed: IdempotencyClaim, attempt = 1): Promise<void> {
  return release(app.db, claimed).catch((err: unknown) => {
    if (attempt >= RELEASE_ATTEMPTS) return void app.log.warn({ err }, 'could not release an idempotency key after a failed call');
    setTimeout(() => void releaseSoon(app, claimed, attempt + 1), RELEASE_RETRY_MS).unref();
  });
}

async function record(db: Database, claimed: IdempotencyClaim, status: number, answer: RecordedAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, body: sealAnswer(claimed.answerKey, JSON.stringify(answer)) })
    .where(and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.keyHash), eq(idempotencyKeys.requestHash, claimed.requestHash)));
}

const MAX_CLAIM_ATTEMPTS = 3;

/** Claims the key for this request, or answers from the first call with the same key. */
async function claimOrReplay(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const key = idempotencyKeyOf(request);
  if (key === undefined || !request.user) return undefined;
  const userId = request.user.id;
  const keyHash = sha256(key);
  const requestHash = sha256(`${request.method}\n${request.url}\n${canonicalJson(request.body ?? null)}`);
  const answerKey = createHmac('sha256', key).update(`idempotent answer of ${userId}`).digest();
  // A claim released between the insert and the read (its first call failed) is claimed again.
  for (let attempt = 1; attempt <= MAX_CLAIM_ATTEMPTS; attempt++) {
    if (await claim(app.db, userId, keyHash, requestHash)) {
      request.idempotencyClaim = { userId, keyHash, requestHash, answerKey };
      return undefined;
    }
    const found = await findClaim(app.db, userId, keyHash);
    if (!found) continue;
    if (found.requestHash !== requestHash) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request (another method, address or body). Send a new key with a new request.',
      );
    }
    if (found.status === null || typeof found.body !== 'string') {
      if (found.ageMs < RUNNING_CLAIM_LEASE_MS) {
        reply.header('Retry-After', '1');
        throw new AppError(409, 'idempotency_key_in_use', 'The first request with this Idempotency-Key is still running. Retry in a moment to get its answer.');
      }
      throw new AppError(
        409,
        'idempotency_outcome_unknown',
        'The first request with this Idempotency-Key was cut off before its answer was recorded, so whether it took effect is unknown. Check, then send it again with a new key.',
      );
    }
    const answer = JSON.parse(openAnswer(answerKey, found.body)) as RecordedAnswer;
    reply.status(found.status).header(REPLAYED_HEADER, 'true');
    if (answer.contentType) reply.header('content-type', answer.contentType);
    return reply.send(answer.payload || undefined);
  }
  throw new AppError(409, 'idempotency_key_in_use', 'Requests with this Idempotency-Key keep failing meanwhile. Retry in a moment.');
}

/**
 * Records the answer of a claimed call before it is sent, so a retry that follows it finds it. A 5xx
 * (the database unavailable, the disk full) or a 429 is not an answer to keep: the claim is removed
 * and a retry runs the call again. Any other answer, 4xx included, is what every retry gets.
 */
async function recordOrRelease(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const claimed = request.idempotencyClaim;
  if (!claimed) return payload;
  request.idempotencyClaim = null;
  const status = reply.statusCode;
  const replayable = payload === undefined || payload === null || typeof payload === 'string';
  if (status >= 500 || status === 429 || !replayable) {
    // Released before the answer leaves, so a retry that follows it runs; but a database that does
    // not answer does not hold the answer back for more than a second (the release goes on behind).
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([releaseSoon(app, claimed), new Promise((resolve) => (waited = setTimeout(resolve, RELEASE_WAIT_MS)))]);
    clearTimeout(waited);
    return payload;
  }
  const contentType = reply.getHeader('content-type');
  try {
    await record(app.db, claimed, status, {
      contentType: typeof contentType === 'string' ? contentType : null,
      payload: (payload as string | undefined) ?? '',
    });
  } catch (err) {
    // The write itself succeeded: its answer is sent, and the claim stays, so a retry is refused
    // rather than run twice.
    request.log.warn({ err }, 'could not record the answer of an idempotent call');
  }
  return payload;
}

/** The header as the API document shows it on every route that takes it. */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      `Optional. 1 to 255 printable ASCII characters, best a random UUID. A retry with the same key within ${IDEMPOTENCY_KEY_TTL_HOURS} hours gets the first answer again (same status and body, with \`${REPLAYED_HEADER}: true\`) instead of making a second one.`,
    ),
});

/** The line the API document adds to the description of a route that takes the header. */
export const IDEMPOTENCY_DESCRIPTION =
  `**Idempotency-Key:** accepted. Keys are per member and kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours. The same key with another body or address answers 422 ` +
  '`idempotency_key_reused`; while the first call still runs, 409 `idempotency_key_in_use` with `Retry-After`. A first call that failed with 5xx is not kept: its retry runs again.';

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * `config: { idempotent: true }` on a creating route (POST, signed-in) lets clients send an
 * `Idempotency-Key` header; keys are per member and kept for IDEMPOTENCY_KEY_TTL_HOURS.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    if (route.method !== 'POST' || route.config.access === 'public' || !route.config.access) {
      throw new Error(`Route ${String(route.method)} ${route.url}: only signed-in POST routes can be idempotent`);
    }
    route.preValidation = [
      ...asArray(route.preValidation),
      async (request: FastifyRequest) => {
        idempotencyKeyOf(request);
      },
    ];
    route.preHandler = [...asArray(route.preHandler), (request: FastifyRequest, reply: FastifyReply) => claimOrReplay(app, request, reply)];
    route.onSend = [
      ...asArray(route.onSend),
      (request: FastifyRequest, reply: FastifyReply, payload: unknown) => recordOrRelease(app, request, reply, payload),
    ];
  });
}

/** Housekeeping: keys older than their time-to-live are of no further use. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`));
}
