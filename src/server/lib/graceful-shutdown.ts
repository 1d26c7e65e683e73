/**
 * Stops the server like a service: the first SIGTERM or SIGINT stops accepting connections, lets the
 * requests in flight finish, closes the database and exits 0; if that takes longer than the timeout the
 * process exits 1. A second signal exits at once.
 *
 * `npm start` forwards the signal it receives to the server, so a signal sent to the whole process
 * group (systemd's default, or Ctrl-C in a terminal) reaches the server twice: usually within
 * milliseconds, but on a loaded machine npm's copy was seen arriving more than a second late, and
 * counted as a second signal it cut requests in flight. Only a signal that comes later than
 * ECHO_WINDOW_MS after the first one counts as a second signal.
 */
const ECHO_WINDOW_MS = 3_000;

export interface ShutdownOptions {
  timeoutMs: number;
  /** Closes the HTTP server (waiting for in-flight requests), then the database; may throw. */
  drain: () => Promise<void>;
  /** Always run before exiting, however the process ends (removes the data folder's lock). */
  release: () => void;
  log: { info(msg: string): void; warn(msg: string): void; error(obj: unknown, msg: string): void };
  exit?: (code: number) => void;
  /** Where the signals come from (tests pass an emitter of their own). */
  signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

/** Installs the SIGTERM and SIGINT handlers; returns the function that removes them. */
export function installGracefulShutdown({
  timeoutMs,
  drain,
  release,
  log,
  exit = (code) => process.exit(code),
  signals = process,
}: ShutdownOptions): () => void {
  let firstSignalAt: number | undefined;
  const leave = (code: number) => {
    release();
    exit(code);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (firstSignalAt !== undefined) {
      if (now - firstSignalAt < ECHO_WINDOW_MS) return;
      log.warn(`${signal} received again: exiting now, without waiting for requests in flight`);
      return leave(1);
    }
    firstSignalAt = now;
    log.info(`${signal} received: finishing the requests in flight (at most ${timeoutMs / 1000} s), then closing the database`);
    const deadline = setTimeout(() => {
      log.warn(`Requests still in flight after ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_S): exiting without them`);
      leave(1);
    }, timeoutMs).unref();
    drain().then(
      () => {
        clearTimeout(deadline);
        log.info('Stopped cleanly');
        leave(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        log.error({ err }, 'Error while stopping');
        leave(1);
      },
    );
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
  return () => {
    signals.off('SIGTERM', onSignal);
    signals.off('SIGINT', onSignal);
  };
}
