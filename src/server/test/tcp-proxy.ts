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
    if (this.frozen) this.pause(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }

  private pause([a, b]: [net.Socket, net.Socket]) {
    a.unpipe(b);
    b.unpipe(a);
    a.pause();
    b.pause();
  }

  /** Stops every byte in both directions; connections stay open, as with a frozen server. */
  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) this.pause(pair);
  }

  /** Closes every connection and refuses new ones, as with a stopped server. */
  cut(): void {
    this.down = true;
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
