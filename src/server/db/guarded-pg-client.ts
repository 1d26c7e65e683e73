import pg from 'pg';

/** Error message of a query given up on; `isDatabaseUnavailable` recognizes it (503). */
const GAVE_UP_MESSAGE = 'Query read timeout: PostgreSQL did not answer in time; its connection was closed';

interface GuardTimings {
  /** How long a query may wait for its answer before the connection is given up on. */
  giveUpAfterMs: number;
  /** How long ending the abandoned backend from another connection may take before we answer anyway. */
  terminateWithinMs: number;
  /**
   * Behind a connection pooler the backend is not ours to end: the process id the pooler hands out is
   * its own, and the server connection serves others next. Closing ours is all we do there (the pooler
   * then drops or resets its server connection, rolling back what it held).
   */
  pooled?: boolean;
}

/**
 * node-postgres's Client, made safe for a database that can vanish or freeze at any moment:
 *
 * - Its 'error' events are always handled. The pool listens only while a client is idle, so a
 *   connection breaking while checked out (inside a transaction, between two statements) would
 *   otherwise emit an unhandled 'error' and kill the process. The broken client is no longer
 *   queryable: its next query fails at once with a connection error, and the pool discards it when it
 *   is released.
 * - A query that gets no answer within `giveUpAfterMs` is given up on by closing the connection, not
 *   only by forgetting the query (what node-postgres's own query_timeout does). A forgotten query
 *   leaves the connection inside its transaction: the ROLLBACK that follows waits behind it, and once
 *   the server answers again the connection is back in the pool mid-transaction, where the next
 *   request's COMMIT would store the abandoned write. Closed, the connection can send nothing more, no
 *   COMMIT above all, so PostgreSQL can only roll its transaction back.
 * - Before the query's caller hears of the failure, the backend is terminated from a new connection
 *   (`pg_terminate_backend`, which waits until it has exited): when PostgreSQL is reachable, the
 *   abandoned transaction is rolled back before the request is answered. When it is not (a frozen
 *   server or network), PostgreSQL rolls back when it sees the connection close or when
 *   idle_in_transaction_session_timeout ends the session, whichever comes first.
 *
 * So a 503 `database_unavailable` for a write means: rolled back, never stored later. What this
 * cannot settle: a COMMIT (or a lone statement outside a transaction, which commits by itself) that
 * was sent but not answered may have been applied, and a failure after the commit (reading the result
 * back) leaves the write stored. Those outcomes stay unknown to the caller.
 */
export function guardedClientClass(timings: GuardTimings): typeof pg.Client {
  return class GuardedClient extends pg.Client {
    private abandoned: Promise<Error> | undefined;
    private readonly ownConfig: pg.ClientConfig;

    constructor(config: pg.ClientConfig = {}) {
      super(config);
      this.ownConfig = config;
      this.on('error', () => {});
    }

    // One signature accepting every overload of pg's query (config, values, callback in any of the
    // forms the pool and drizzle use); the answer is delivered the way it was asked for.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const submittable = typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit === 'function';
      if (submittable) return (super.query as (...args: unknown[]) => never)(config, values, callback);
      const done = (typeof values === 'function' ? values : typeof callback === 'function' ? callback : undefined) as
        ((err: Error | null, result?: pg.QueryResult) => void) | undefined;
      const answer = this.withinDeadline(
        (super.query as (c: unknown, v: unknown) => Promise<pg.QueryResult>)(config, typeof values === 'function' ? undefined : values),
      );
      if (!done) return answer as never;
      answer.then(
        (result) => done(null, result),
        (err: Error) => done(err),
      );
      return undefined as never;
    }

    private withinDeadline(answer: Promise<pg.QueryResult>): Promise<pg.QueryResult> {
      return new Promise((resolve, reject) => {
        let gaveUp = false;
        const timer = setTimeout(() => {
          gaveUp = true;
          void this.abandon().then(reject);
        }, timings.giveUpAfterMs);
        answer.then(
          (result) => {
            if (gaveUp) return;
            clearTimeout(timer);
            resolve(result);
          },
          (err: unknown) => {
            if (gaveUp) return;
            clearTimeout(timer);
            reject(err);
          },
        );
      });
    }

    /** Closes this connection and ends its backend; resolves with the error to report, once done. */
    private abandon(): Promise<Error> {
      this.abandoned ??= (async () => {
        const backendPid = (this as unknown as { processID?: number }).processID;
        // From here on nothing more leaves this connection: a COMMIT can no longer follow.
        this.connection.stream.destroy();
        if (backendPid && !timings.pooled) await terminateBackend(this.ownConfig, backendPid, timings.terminateWithinMs);
        return new Error(GAVE_UP_MESSAGE);
      })();
      return this.abandoned;
    }
  };
}

/**
 * Ends backend `pid` from a connection of its own (a pooled one may be frozen too), waiting until it
 * has exited, all within `withinMs`. Resolves whether the backend is known to be gone; never rejects.
 */
async function terminateBackend(config: pg.ClientConfig, pid: number, withinMs: number): Promise<boolean> {
  const startedAt = Date.now();
  const killer = new pg.Client({ ...config, connectionTimeoutMillis: withinMs });
  killer.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  let answered = false;
  const attempt = (async () => {
    await killer.connect();
    const waitMs = Math.max(1, withinMs - (Date.now() - startedAt));
    // The timeout form waits for the backend to exit (true), or answers false when it did not in
    // time or is no backend any more (it had already gone: what we wanted).
    const { rows } = await killer.query<{ gone: boolean }>('select pg_terminate_backend($1::int, $2::bigint) as gone', [pid, waitMs]);
    answered = true;
    return rows[0]?.gone === true;
  })().catch(() => false);
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    // A connection that answered is closed politely; one that did not may be frozen: dropped.
    if (answered) killer.end().catch(() => {});
    else killer.connection.stream.destroy();
  }
}
