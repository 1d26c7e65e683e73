import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

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

/** Once stopping, how long a connection that has sent nothing yet is given to send its request. */
const SILENT_CONNECTION_GRACE_MS = 1_000;

interface ConnectionState {
  requests: number;
  active: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many connections wait in the kernel's accept queue of a listening port: the `rx_queue` of its
 * LISTEN line in /proc/net/tcp(6). Undefined where that cannot be read (not Linux).
 */
function acceptQueueLength(port: number): number | undefined {
  let total: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN.
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local || !queues || parseInt(local.split(':')[1] ?? '', 16) !== port) continue;
      total = (total ?? 0) + parseInt(queues.split(':')[1] ?? '0', 16);
    }
  }
  return total;
}

/**
 * Follows an HTTP server's connections so that stopping it serves every request whose connection was
 * accepted before the signal. Node's own `server.close()` resets the connections it finds idle, which
 * includes those whose request has arrived but not been read yet; and Node accepts one connection per
 * turn of the event loop, so on the embedded database, whose queries hold the loop, connections wait
 * in the kernel's queue for seconds and closing the listening socket resets them. Call drain() before
 * closing the app.
 */
export function trackConnections(server: Server, { silentGraceMs = SILENT_CONNECTION_GRACE_MS } = {}) {
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;
  let acceptedWhileDraining = 0;

  server.on('connection', (socket: Socket) => {
    if (draining) acceptedWhileDraining++;
    connections.set(socket, { requests: 0, active: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.requests++;
    state.active++;
    // While stopping, each answer is the connection's last.
    if (draining && !response.headersSent) response.shouldKeepAlive = false;
    response.once('close', () => {
      state.active--;
      if (draining && state.active === 0) request.socket.destroySoon();
    });
  });

  /** Destroys a connection that has sent nothing, checked after a turn's reads so no request is lost. */
  const closeIfSilent = (socket: Socket, state: ConnectionState) =>
    setTimeout(() => setImmediate(() => state.requests === 0 && socket.destroy()), silentGraceMs).unref();

  return {
    /**
     * Accepts the connections waiting in the kernel's queue and reads the requests waiting on them,
     * stops listening, closes the connections that are idle between requests, gives the ones that
     * have sent nothing yet a moment, and resolves once every connection has been answered and closed.
     */
    async drain(): Promise<void> {
      draining = true;
      const address = server.address();
      // A cluster worker's connections are accepted by the primary, whose queue is not this worker's.
      const port = !cluster.isWorker && typeof address === 'object' && address ? address.port : undefined;
      const waiting = (port && acceptQueueLength(port)) || 0;
      // Two more turns after the last of them is accepted: one to read its request, one to spare. A
      // connection given up by its client before it was accepted is never counted: the turns are capped.
      for (let turn = 0, after = 0; turn < waiting + 10 && after < 2; turn++) {
        await nextTurn();
        if (acceptedWhileDraining >= waiting) after++;
      }
      // net.Server's close, not http.Server's: the latter would reset the connections it finds idle.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const [socket, state] of connections) {
        if (state.active > 0) continue;
        if (state.requests > 0) socket.destroySoon();
        else closeIfSilent(socket, state);
      }
      await closed;
    },
  };
}
