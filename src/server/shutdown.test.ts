import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildIfNeeded,
  freePort,
  freshStorage,
  type HttpAnswer,
  httpRequest,
  isAlive,
  type ServerStorage,
  type StartedProcess,
  startProcess,
  waitForHealth,
} from './test/server-process';
import { openRawConnection, rawCreatePromptRequest, statusLine } from './test/raw-http';

// `npm start` under load, stopped the three ways a service manager or a person stops it. Runs on the
// engine of this test project (PGlite in a data folder, or a PostgreSQL database).

const storages: ServerStorage[] = [];
const processes: StartedProcess[] = [];
beforeAll(() => buildIfNeeded(), 240_000);
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const s of storages) await s.drop();
});

async function startNpm(storage: ServerStorage): Promise<StartedProcess> {
  const started = startProcess(['npm', 'start'], storage, await freePort(), { SHUTDOWN_TIMEOUT_S: '10' });
  processes.push(started);
  await waitForHealth(started.url);
  return started;
}

const promptBody = (title: string) => ({ title, content: `Load test content for ${title}. `.repeat(40), aiModels: ['ChatGPT'], tags: ['load'] });

/**
 * A create whose body is only half sent when the signal comes: it is in flight, whatever the timing.
 * It asks for "100 Continue" and sends the first half only once the server has answered it, so the
 * server has read the headers before the test signals. Without that wait, on a loaded machine the
 * connection could still sit unread when the server stopped listening, and be reset.
 */
function halfSentCreate(url: string, token: string, title: string) {
  const payload = Buffer.from(JSON.stringify(promptBody(title)));
  const req = http.request(`${url}/api/prompts`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': payload.length, authorization: `Bearer ${token}`, expect: '100-continue' },
  });
  const started = new Promise<void>((resolve) => {
    req.on('continue', () => {
      req.write(payload.subarray(0, payload.length >> 1));
      resolve();
    });
  });
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  // Rejections are read after the server has stopped; this keeps one from counting as unhandled first.
  answer.catch(() => undefined);
  return { started, answer, finish: () => req.end(payload.subarray(payload.length >> 1)) };
}

interface Outcome {
  startedAt: number;
  answer?: HttpAnswer;
  error?: Error & { code?: string; afterHeaders?: boolean };
}

/** Nine clients (three creating, three searching, three exporting) until the server stops taking requests. */
function loadClients(url: string, token: string, label: string) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let stopped = false;
  const loop = async (next: (n: number) => Promise<HttpAnswer>) => {
    for (let n = 0; !stopped; n++) {
      const outcome: Outcome = { startedAt: Date.now() };
      outcomes.push(outcome);
      try {
        outcome.answer = await next(n);
        if (outcome.answer.status === 503) return;
      } catch (err) {
        outcome.error = err as Outcome['error'];
        return;
      }
    }
  };
  const clients = [0, 1, 2].flatMap((c) => [
    loop(async (n) => {
      const answer = await httpRequest(`${url}/api/prompts`, { method: 'POST', token, body: promptBody(`${label} ${c}-${n}`) });
      if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
      return answer;
    }),
    loop(() => httpRequest(`${url}/api/prompts?search=load`, { token })),
    loop(() => httpRequest(`${url}/api/admin/export?type=prompts&format=csv`, { token })),
  ]);
  return {
    outcomes,
    acknowledged,
    done: () => {
      stopped = true;
      return Promise.all(clients);
    },
  };
}

const ways: Array<[string, (p: StartedProcess) => void]> = [
  ['to the npm start process', (p) => process.kill(p.child.pid!, 'SIGTERM')],
  ['to the whole process group', (p) => process.kill(-p.child.pid!, 'SIGTERM')],
  ['to the server process itself', (p) => process.kill(p.serverPid(), 'SIGTERM')],
];

describe('npm start stops like a service', () => {
  it.each(ways)(
    'SIGTERM %s: requests in flight finish, nothing acknowledged is lost, exit 0, lock gone',
    async (label, signal) => {
      const storage = await freshStorage();
      storages.push(storage);
      const server = await startNpm(storage);
      const serverPid = server.serverPid();
      const signUp = await httpRequest(`${server.url}/api/register`, {
        method: 'POST',
        body: { email: 'admin@example.com', password: 'a long enough secret', firstName: 'Ada', lastName: 'Admin', businessUnit: 'Ops' },
      });
      const { token } = JSON.parse(signUp.body) as { token: string };

      const load = loadClients(server.url, token, label);
      // Under way: the clients have had answers (at least ten are asserted below).
      await vi.waitFor(() => expect(load.outcomes.filter((o) => o.answer).length).toBeGreaterThanOrEqual(10), { timeout: 15_000, interval: 50 });
      const inFlight = halfSentCreate(server.url, token, `${label} in flight`);
      await inFlight.started;
      const signalledAt = Date.now();
      signal(server);
      // The rest of the half-sent request arrives once the server is stopping (its log says so).
      await vi.waitFor(() => expect(server.output()).toMatch(/SIGTERM received/), { timeout: 5_000, interval: 20 });
      inFlight.finish();

      const exit = await server.exited;
      const stoppedAfterMs = Date.now() - signalledAt;
      await load.done();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(stoppedAfterMs).toBeLessThan(10_000);
      expect(isAlive(serverPid)).toBe(false);
      if (!storage.env.DATABASE_URL) expect(existsSync(path.join(storage.dataDir, 'app.lock'))).toBe(false);

      // The request that was still arriving when the signal came was answered, and stored.
      const late = await inFlight.answer;
      expect(late.status).toBe(201);
      load.acknowledged.push((JSON.parse(late.body) as { id: string }).id);

      // Every request either got a whole answer or found the server gone; none was cut off or failed.
      const answered = load.outcomes.filter((o) => o.answer);
      expect(answered.length).toBeGreaterThan(9);
      for (const o of load.outcomes) {
        if (o.error) {
          expect(o.error.afterHeaders, `${o.error.code}: ${o.error.message}`).toBeUndefined();
          expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(o.error.code);
          expect(o.startedAt).toBeGreaterThan(signalledAt - 1_000);
        } else {
          expect([200, 201, 503]).toContain(o.answer!.status);
        }
      }
      const exports = answered.map((a) => a.answer!.body.replace(/^\uFEFF/, '')).filter((text) => text.startsWith('id,'));
      expect(exports.length).toBeGreaterThan(0);
      for (const text of exports) expect(() => parse(text, { columns: true })).not.toThrow();

      // Restarted on the same storage: every acknowledged prompt is there.
      const again = await startNpm(storage);
      const login = await httpRequest(`${again.url}/api/login`, { method: 'POST', body: { email: 'admin@example.com', password: 'a long enough secret' } });
      const session = (JSON.parse(login.body) as { token: string }).token;
      for (const id of load.acknowledged) {
        expect((await httpRequest(`${again.url}/api/prompts/${id}`, { token: session })).status, id).toBe(200);
      }
      process.kill(again.child.pid!, 'SIGTERM');
      expect((await again.exited).code).toBe(0);
    },
    120_000,
  );
});

/**
 * The server process itself (no npm in between) on this project's engine, the same storage each run.
 * Writers keep its event loop busy; twenty connections then write a create each and the signal follows
 * at once, so most of those requests still sit unread (accepted by the kernel or by the process) when
 * it arrives. Every one must get its real answer, and be stored.
 */
describe('a busy server stopped with requests not yet read', () => {
  it('answers every request sent before the signal, ten runs in a row', async () => {
    const storage = await freshStorage();
    storages.push(storage);
    let token = '';
    let created: string[] = [];
    for (let run = 0; run < 10; run++) {
      const server = startProcess([process.execPath, 'dist/server/main.js'], storage, await freePort(), { SHUTDOWN_TIMEOUT_S: '10' });
      processes.push(server);
      await waitForHealth(server.url);
      if (!token) {
        const signUp = await httpRequest(`${server.url}/api/register`, {
          method: 'POST',
          body: { email: 'busy@example.com', password: 'a long enough secret', firstName: 'Bea', lastName: 'Busy', businessUnit: 'Ops' },
        });
        token = (JSON.parse(signUp.body) as { token: string }).token;
      }
      // What the previous run acknowledged is there.
      for (const id of created) expect((await httpRequest(`${server.url}/api/prompts/${id}`, { token })).status, id).toBe(200);

      const load = loadClients(server.url, token, `busy run ${run}`);
      while (load.acknowledged.length < 2) await new Promise((r) => setImmediate(r));
      const { port } = new URL(server.url);
      const clients = Array.from({ length: 20 }, () => openRawConnection(Number(port)));
      await Promise.all(clients.map((c) => c.connected));
      clients.forEach((c, i) => c.socket.write(rawCreatePromptRequest(token, `busy run ${run} unread ${i}`)));
      process.kill(server.child.pid!, 'SIGTERM');

      const answers = await Promise.all(clients.map((c) => c.answer));
      expect(await server.exited).toEqual({ code: 0, signal: null });
      await load.done();

      for (const [i, a] of answers.entries()) {
        expect(a.error, `run ${run}, client ${i}`).toBeUndefined();
        expect(statusLine(a), `run ${run}, client ${i}: ${a.text.slice(0, 200)}`).toBe('HTTP/1.1 201 Created');
      }
      created = answers.map((a) => (JSON.parse(a.text.slice(a.text.indexOf('\r\n\r\n') + 4)) as { id: string }).id);
    }
  }, 240_000);
});
