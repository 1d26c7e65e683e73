import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can freeze (bytes stop flowing, connections
 * stay open: a stopped or hung server) or cut (every connection closed and new ones refused: a server
 * that is down), then restore. The database behind it is the real one.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private frozen = false;
  private down = false;
  private readonly frozenPairs = new Set<[net.Socket, net.Socket]>();
  private readonly closedWhileFrozen = new Set<[net.Socket, net.Socket]>();
  private trigger: { marker: Buffer; only: 'connection' | 'all'; fired: () => void } | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.relay(client));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private relay(client: net.Socket): void {
    if (this.down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // Registered after the pipe: the chunk holding the marker has been passed on when it is seen.
    client.on('data', (chunk: Buffer) => {
      const trigger = this.trigger;
      if (!trigger || !chunk.includes(trigger.marker)) return;
      this.trigger = undefined;
      if (trigger.only === 'all') this.freeze();
      else this.pause(pair);
      trigger.fired();
    });
    if (this.frozen) this.pause(pair);
    const close = () => {
      // A frozen network carries no close either: the other side learns of it on thaw.
      if (this.frozenPairs.has(pair)) return void this.closedWhileFrozen.add(pair);
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }

  private pause(pair: [net.Socket, net.Socket]) {
    const [a, b] = pair;
    a.unpipe(b);
    b.unpipe(a);
    a.pause();
    b.pause();
    this.frozenPairs.add(pair);
  }

  /**
   * Once the app sends bytes holding `marker` (e.g. the text of a statement), lets them through and
   * then freezes that connection alone (`connection`: the statement runs, its answer never comes back,
   * other connections work) or everything (`all`). Resolves when that happened.
   */
  freezeAfter(marker: string, only: 'connection' | 'all'): Promise<void> {
    return new Promise((fired) => (this.trigger = { marker: Buffer.from(marker), only, fired }));
  }

  /**
   * Lets the frozen connections flow again, as a network that recovers: what was held back is
   * delivered, including a side's close, so PostgreSQL then sees what the app did meanwhile.
   */
  thaw(): void {
    this.frozen = false;
    const frozen = [...this.frozenPairs];
    this.frozenPairs.clear();
    for (const pair of frozen) {
      const [a, b] = pair;
      if (this.closedWhileFrozen.has(pair)) {
        a.destroy();
        b.destroy();
        this.pairs.delete(pair);
      } else {
        a.pipe(b);
        b.pipe(a);
      }
    }
    this.closedWhileFrozen.clear();
  }

  /** Stops every byte in both directions; connections stay open, as with a frozen server. */
  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) this.pause(pair);
  }

  /** Closes every connection and refuses new ones, as with a stopped server. */
  cut(): void {
    this.down = true;
    this.frozenPairs.clear();
    this.closedWhileFrozen.clear();
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  /** Back to normal for new connections (frozen ones are dropped: their protocol state is unknown). */
  restore(): void {
    this.frozen = false;
    this.down = false;
    this.cut();
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
