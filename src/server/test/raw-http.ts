import net from 'node:net';

/** What came back on a raw connection before it closed, or the error that ended it. */
export interface RawAnswer {
  text: string;
  error?: string;
}

/**
 * A bare TCP connection to a local server: a test decides exactly when its request is written (an
 * HTTP client library would write it on its own schedule), and reads every byte that comes back.
 */
export function openRawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ text, error: err.code ?? err.message }));
    socket.on('close', () => resolve({ text }));
  });
  // A refused or reset connection is read from `answer`; this keeps it from counting as unhandled.
  connected.catch(() => undefined);
  /** Resolves once a whole JSON answer has come in (the connection stays open). */
  const wholeAnswer = () =>
    new Promise<void>((resolve) => {
      const check = () => /\r\n\r\n\{[\s\S]*\}$/.test(text) && (socket.off('data', check), resolve());
      socket.on('data', check);
    });
  return { socket, connected, answer, wholeAnswer };
}

/** The text of an HTTP/1.1 request creating a prompt, on a connection the client would keep open. */
export function rawCreatePromptRequest(token: string, title: string): string {
  const body = JSON.stringify({ title, content: `Written just before the stop: ${title}`, aiModels: ['ChatGPT'], tags: ['drain'] });
  return [
    'POST /api/prompts HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: keep-alive',
    '',
    body,
  ].join('\r\n');
}

/** The status line of a raw answer, e.g. "HTTP/1.1 201 Created". */
export const statusLine = (answer: RawAnswer) => answer.text.split('\r\n')[0] ?? '';
