import pg from 'pg';
import { randomUUID } from 'node:crypto';

/**
 * Several instances of the app can share one PostgreSQL database; each keeps short-lived caches in
 * memory (list pages, totals, sidebar counts, signed-in sessions). After a write commits, the instance
 * that made it drops its own caches and sends a PostgreSQL NOTIFY; every instance LISTENs and drops
 * the same caches. While the listening connection is down, notifications can be missed, so an instance
 * that loses it drops everything, and again once it has listened anew.
 */
export const INVALIDATION_CHANNEL = 'apd_invalidate';

/**
 * What changed: prompt-derived values (lists, totals, counts), sessions and the users behind them, or
 * one person's own view of the prompts (favourites, uses), named by `subject` (their user id).
 */
export type InvalidationKind = 'prompts' | 'sessions' | 'viewer';
const KINDS: readonly string[] = ['prompts', 'sessions', 'viewer'] satisfies InvalidationKind[];

interface Message {
  kind: InvalidationKind;
  subject?: string;
  origin: string;
}

type Publisher = (kind: InvalidationKind, subject?: string) => void;
const publishers = new Set<Publisher>();

/** Tells the other instances that `kind` changed (no-op on the embedded database: one process). */
export function publishInvalidation(kind: InvalidationKind, subject?: string): void {
  for (const publish of publishers) publish(kind, subject);
}

const first = <T>(set: Set<T>): T | undefined => set.values().next().value;

interface SyncOptions {
  /** PostgreSQL itself (LISTEN needs a session of its own), with its TLS options. */
  connection: Pick<pg.ClientConfig, 'connectionString' | 'ssl' | 'sslnegotiation'>;
  /** Drops this process's caches of `kind` (without publishing again). */
  drop: (kind: InvalidationKind | 'all', subject?: string) => void;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
  /** Reconnection delay after the listening connection is lost. */
  retryMs?: number;
}

/**
 * Publishes this instance's invalidations and listens for the others'. Returns `stop()`.
 * Publishing uses its own connection too, so a NOTIFY never waits for a pool connection.
 */
export function startCacheSync({ connection, drop, log, retryMs = 1_000 }: SyncOptions): { stop(): Promise<void>; ready: Promise<void> } {
  const origin = randomUUID();
  let listener: pg.Client | undefined;
  let publisher: pg.Client | undefined;
  let stopped = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  // Notifications go out one at a time on the publishing connection; a change reported again while
  // its notification still waits is sent once (a burst of uses by one person is one NOTIFY).
  const waiting = new Set<string>();
  let sending = false;
  const sendWaiting = async () => {
    sending = true;
    for (let payload = first(waiting); payload !== undefined; payload = first(waiting)) {
      waiting.delete(payload);
      await publisher
        ?.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload])
        .catch((err: unknown) => log.warn({ err }, 'could not tell the other instances about a change'));
    }
    sending = false;
  };
  const publish: Publisher = (kind, subject) => {
    waiting.add(JSON.stringify({ kind, subject, origin } satisfies Message));
    if (!sending) void sendWaiting();
  };
  publishers.add(publish);

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: 5_000 });
    const pub = new pg.Client({ ...connection, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      if (publisher === pub) publisher = undefined;
      client.end().catch(() => {});
      pub.end().catch(() => {});
      if (stopped) return;
      // Changes made elsewhere from now until we listen again would go unnoticed.
      drop('all');
      log.warn({ err }, 'lost the connection that hears about other instances’ changes; caches dropped, reconnecting');
      setTimeout(() => void connect(), retryMs).unref();
    };
    client.on('error', onLost).on('end', () => onLost());
    pub.on('error', onLost).on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel !== INVALIDATION_CHANNEL || !msg.payload) return;
      try {
        const { kind, subject, origin: from } = JSON.parse(msg.payload) as Message;
        if (from !== origin && KINDS.includes(kind)) drop(kind, typeof subject === 'string' ? subject : undefined);
      } catch {
        // Not ours: ignore.
      }
    });
    try {
      await client.connect();
      await pub.connect();
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
      listener = client;
      publisher = pub;
      // Anything cached before we were listening may already be stale.
      drop('all');
      markReady();
    } catch (err) {
      onLost(err);
    }
  };
  void connect();

  return {
    ready,
    async stop() {
      stopped = true;
      publishers.delete(publish);
      await Promise.all([listener?.end().catch(() => {}), publisher?.end().catch(() => {})]);
    },
  };
}
