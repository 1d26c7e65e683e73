import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './server-process';

// A real SMTP server for the tests that send email: Debian's aiosmtpd, whose default handler prints each
// message it receives. CI installs it (python3-aiosmtpd); where it is missing the email tests are skipped.

const PYTHON = '/usr/bin/python3';

export const smtpServerAvailable = (): boolean => spawnSync(PYTHON, ['-m', 'aiosmtpd', '--version'], { stdio: 'ignore' }).status === 0;

export interface SmtpServer {
  url: string;
  /** The messages received so far, each as its headers and body text (quoted-printable decoded). */
  messages(): Array<{ to: string; subject: string; text: string }>;
  stop(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export async function startSmtpServer(): Promise<SmtpServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(PYTHON, ['-u', '-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // Listening once a TCP connection is accepted.
  const net = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages() {
      return output
        .split('---------- MESSAGE FOLLOWS ----------')
        .slice(1)
        .map((block) => {
          const [head = '', ...rest] = block.split(/\r?\n\r?\n/);
          const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
          const raw = rest.join('\n\n').split('------------ END MESSAGE ------------')[0]!.trim();
          return { to: header('To'), subject: header('Subject'), text: /quoted-printable/i.test(head) ? decodeQuotedPrintable(raw) : raw };
        });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
