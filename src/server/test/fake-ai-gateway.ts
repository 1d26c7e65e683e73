import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an OpenAI-compatible gateway (POST /v1/chat/completions, streamed), which
// streams, fails, stalls and refuses on demand. The model named in the request decides what it does:
//   fake-stream   "Hello", " world", "!" and token counts, then the end
//   fake-slow     a piece every 150 ms for a minute (a run to stop)
//   fake-refuse   400 with an error body, before any answer
//   fake-fail     500 before any answer
//   fake-stall    never answers
//   fake-break    one piece, then the connection drops (no finish reason, no [DONE])
//   fake-hang     one piece, then nothing more
// It keeps each request it got (its Authorization header and body) and whether the caller hung up.

export const FAKE_MODELS = ['fake-stream', 'fake-slow', 'fake-refuse', 'fake-fail', 'fake-stall', 'fake-break', 'fake-hang'] as const;

export interface FakeRequest {
  authorization: string | undefined;
  body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> };
  /** True once the caller closed the connection before the answer ended. */
  closedEarly: boolean;
}

export interface FakeGateway {
  /** The base URL to give as AI_BASE_URL (ends in /v1). */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const chunk = (model: string, content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'run-1', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const usage = (model: string) =>
  `data: ${JSON.stringify({ id: 'run-1', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } })}\n\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(req: IncomingMessage, res: ServerResponse, requests: FakeRequest[]) {
  let raw = '';
  for await (const piece of req) raw += String(piece);
  const body = JSON.parse(raw) as FakeRequest['body'];
  const seen: FakeRequest = { authorization: req.headers.authorization, body, closedEarly: false };
  requests.push(seen);
  res.on('close', () => {
    if (!res.writableFinished) seen.closedEarly = true;
  });
  const model = body.model;
  const stream = () => res.writeHead(200, { 'content-type': 'text/event-stream' });
  switch (model) {
    case 'fake-refuse':
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'This model does not answer that', type: 'invalid_request_error' } }));
      return;
    case 'fake-fail':
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Upstream exploded' } }));
      return;
    case 'fake-stall':
      return;
    case 'fake-break':
      stream();
      res.write(chunk(model, 'Partial'));
      await sleep(50);
      res.socket?.destroy();
      return;
    case 'fake-hang':
      stream();
      res.write(chunk(model, 'Started'));
      return;
    case 'fake-slow':
      stream();
      for (let i = 0; i < 400 && !res.destroyed; i++) {
        res.write(chunk(model, `word${i} `));
        await sleep(150);
      }
      res.end(`${chunk(model, '', 'stop')}data: [DONE]\n\n`);
      return;
    default:
      stream();
      for (const piece of ['Hello', ' world', '!']) {
        res.write(chunk(model, piece));
        await sleep(20);
      }
      res.write(chunk(model, '', 'stop'));
      res.write(usage(model));
      res.end('data: [DONE]\n\n');
  }
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    answer(req, res, requests).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
