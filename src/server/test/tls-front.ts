import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

// PostgreSQL's TLS port, for tests on a server that has none: it answers a client's SSLRequest as
// PostgreSQL does, ends TLS with the given certificate and relays the session, unchanged, to the real
// server (startup options, LISTEN and session locks included). Clients without TLS are refused, as by a
// `hostssl`-only server.

/** The code a client sends, in place of a protocol version, to ask for TLS. */
const SSL_REQUEST_CODE = 80877103;

export interface TlsFront {
  port: number;
  /** `url` (the PostgreSQL server's) through this front, by `host`. */
  through(url: string, host: string): string;
  stop(): Promise<void>;
}

/** PostgreSQL's ErrorResponse message: severity FATAL, SQLSTATE 28000. */
function fatal(message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0C28000\0M${message}\0\0`);
  const header = Buffer.alloc(5);
  header.write('E');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

export async function startTlsFront(serverUrl: string, files: { certFile: string; keyFile: string }): Promise<TlsFront> {
  const server = new URL(serverUrl);
  const target = { host: server.hostname, port: Number(server.port || 5432) };
  const secureContext = tls.createSecureContext({ cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) });
  const sockets = new Set<net.Socket>();
  const front = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.once('data', (first: Buffer) => {
      if (first.length < 8 || first.readInt32BE(4) !== SSL_REQUEST_CODE) return void client.end(fatal('this server accepts TLS connections only'));
      client.write('S');
      const secure = new tls.TLSSocket(client, { isServer: true, secureContext });
      const upstream = net.connect(target.port, target.host);
      sockets.add(upstream);
      const close = () => {
        secure.destroy();
        upstream.destroy();
        sockets.delete(upstream);
      };
      secure.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      secure.pipe(upstream);
      upstream.pipe(secure);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as net.AddressInfo).port;
  return {
    port,
    through(url, host) {
      const u = new URL(url);
      u.hostname = host;
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}
