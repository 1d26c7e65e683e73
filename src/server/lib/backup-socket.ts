import { rmSync } from 'node:fs';
import net from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { RunningBackup } from './embedded-backup';

/**
 * `npm run backup` talks to the running server through a Unix socket in DATA_DIR: whoever may read that
 * folder may copy the database anyway, so the folder's permissions are the access rule, and a cron job
 * needs no password. The server answers "OK\n" and the .tar.gz bytes, or "ERROR <reason>\n".
 */
export function serveBackupSocket(
  socketPath: string,
  start: () => Promise<RunningBackup>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): { close(): void } {
  rmSync(socketPath, { force: true }); // left by a process that died: the data folder's lock is ours now
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    start().then(
      async (backup) => {
        socket.write('OK\n');
        try {
          await pipeline(backup.stream, socket);
          const { files } = await backup.done;
          log.info({ event: 'backup', via: 'socket', files }, 'embedded database backup written to npm run backup');
        } catch (err) {
          log.error({ event: 'backup', via: 'socket', err }, 'embedded database backup failed');
        }
      },
      (err: unknown) => socket.end(`ERROR ${(err as Error).message}\n`),
    );
  });
  server.on('error', (err) => log.error({ err }, `backup socket ${socketPath} is not available; npm run backup cannot reach this server`));
  server.listen(socketPath);
  return {
    close() {
      server.close();
      rmSync(socketPath, { force: true });
    },
  };
}

/** Asks the server holding the data folder for a backup; resolves false when no server listens. */
export function requestBackupFromServer(socketPath: string, write: (chunk: Buffer) => void): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let head: Buffer | null = Buffer.alloc(0);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (head !== null && head.length === 0 && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(false);
      else reject(err);
    });
    socket.on('data', (chunk: Buffer) => {
      if (head === null) return write(chunk);
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0) return;
      const status = head.subarray(0, newline).toString();
      if (status !== 'OK') {
        socket.destroy();
        return reject(new Error(status.replace(/^ERROR /, '')));
      }
      const rest = head.subarray(newline + 1);
      head = null;
      if (rest.length) write(rest);
    });
    socket.on('end', () => (head === null ? resolve(true) : reject(new Error('The server closed the connection before the backup began'))));
  });
}
