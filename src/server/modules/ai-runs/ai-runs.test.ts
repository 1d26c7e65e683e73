import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiOptionsSchema } from '../../../shared/schemas/ai-runs';
import { auditEvents } from '../../db/schema';
import { FAKE_MODELS, type FakeGateway, startFakeGateway } from '../../test/fake-ai-gateway';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// Test runs against a local OpenAI-compatible gateway that streams, fails, stalls and refuses on
// demand, over real HTTP (the answer is a stream the caller can stop).

let gateway: FakeGateway;
let t: TestApp;
let base: string;
let writer: TestUser;
let promptId: string;

const ai = (runsPerUserPerDay = 100) => ({ baseUrl: gateway.url, apiKey: 'sk-test-key', models: [...FAKE_MODELS], runsPerUserPerDay, timeoutMs: 800 });

beforeAll(async () => {
  gateway = await startFakeGateway();
  t = await createTestApp({ ai: ai() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.register({ firstName: 'Ada', lastName: 'Admin' });
  writer = await t.userWithRole('edit', { firstName: 'Rui', lastName: 'Runner' });
  const snippet = await t.app.inject({
    method: 'POST',
    url: '/api/snippets',
    headers: writer.auth,
    payload: { name: 'be-brief', content: 'Answer in {{words}} words.' },
  });
  expect(snippet.statusCode, snippet.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: writer.auth,
    payload: { title: 'Greeter', content: 'Greet {{name}}. {{> be-brief}}', aiModels: ['Claude'], tags: ['runs'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  promptId = body<{ id: string }>(res).id;
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});

type Event = { event: string; data: Record<string, unknown> };
function parseEvents(text: string): Event[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
}
const run = (payload: Record<string, unknown>, signal?: AbortSignal) =>
  fetch(`${base}/api/prompts/${promptId}/run`, {
    method: 'POST',
    headers: { ...writer.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ values: { name: 'Ana', words: '20' }, ...payload }),
    signal,
  });
const lastAudit = async () =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'prompt.run'), eq(auditEvents.targetId, promptId)))
      .orderBy(desc(auditEvents.at))
      .limit(1)
  )[0];

describe('a test run', () => {
  it('offers the configured models and the runs left today', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/options', headers: writer.auth });
    expect(aiOptionsSchema.parse(body(res))).toEqual({ models: [...FAKE_MODELS], runsPerDay: 100, runsLeftToday: 100 });
  });

  it('streams the answer to the filled prompt, snippets expanded, with the time and token counts; the key stays on the server', async () => {
    const res = await run({ model: 'fake-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(await res.text());
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(['Hello', ' world', '!']);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ model: 'fake-stream', promptTokens: 12, completionTokens: 3 });
    expect(done.data.durationMs).toBeGreaterThanOrEqual(done.data.firstTokenMs as number);
    const sent = gateway.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test-key');
    expect(sent.body).toMatchObject({ model: 'fake-stream', stream: true, messages: [{ role: 'user', content: 'Greet Ana. Answer in 20 words.' }] });
    // A use of kind run, and an audit event without the text.
    const prompt = body<{ useCount: number }>(await t.app.inject({ method: 'GET', url: `/api/prompts/${promptId}`, headers: writer.auth }));
    expect(prompt.useCount).toBe(1);
    const audit = await lastAudit();
    expect(audit?.after).toMatchObject({ model: 'fake-stream', outcome: 'completed', promptTokens: 12, completionTokens: 3 });
    expect(JSON.stringify(audit)).not.toContain('Greet Ana');
  });

  it('answers a refusal or failure before the answer as 502 and a stall as 504, in JSON', async () => {
    const refused = await run({ model: 'fake-refuse' });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ code: 'ai_gateway_error', message: 'The AI gateway refused the run (400: This model does not answer that)' });
    const failed = await run({ model: 'fake-fail' });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { code: string }).code).toBe('ai_gateway_error');
    const stalled = await run({ model: 'fake-stall' });
    expect(stalled.status).toBe(504);
    expect(await stalled.json()).toEqual({ code: 'ai_gateway_timeout', message: 'The AI gateway did not answer in time' });
    expect((await lastAudit())?.after).toMatchObject({ model: 'fake-stall', outcome: 'timed out' });
  });

  it('ends a stream that breaks or stalls after it began with an error event', async () => {
    const broken = parseEvents(await (await run({ model: 'fake-break' })).text());
    expect(broken.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(broken[1]!.data).toMatchObject({ code: 'ai_gateway_error' });
    const hung = parseEvents(await (await run({ model: 'fake-hang' })).text());
    expect(hung.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(hung[1]!.data).toEqual({ code: 'ai_gateway_timeout', message: 'The AI gateway did not answer in time' });
  });

  it('stops when the caller closes the stream, and the gateway’s request goes with it', async () => {
    const stop = new AbortController();
    const res = await run({ model: 'fake-slow' }, stop.signal);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    stop.abort();
    await expect.poll(() => gateway.requests.at(-1)?.closedEarly, { timeout: 5_000 }).toBe(true);
    await expect.poll(async () => (await lastAudit())?.after, { timeout: 5_000 }).toMatchObject({ model: 'fake-slow', outcome: 'stopped' });
  });

  it('checks the model and the values before sending anything', async () => {
    const before = gateway.requests.length;
    const unknown = await run({ model: 'gpt-unknown' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: Record<string, string> }).errors.model).toBe(`model must be one of: ${FAKE_MODELS.join(', ')}`);
    const noSuchPrompt = await fetch(`${base}/api/prompts/00000000-0000-4000-8000-000000000000/run`, {
      method: 'POST',
      headers: { ...writer.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noSuchPrompt.status).toBe(404);
    // Another member's private prompt does not exist for the caller.
    const other = await t.userWithRole('edit');
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: other.auth,
      payload: { title: 'Not yours', content: 'Secret', aiModels: ['Claude'], tags: ['runs'], visibility: 'private' },
    });
    const hiddenRun = await fetch(`${base}/api/prompts/${body<{ id: string }>(hidden).id}/run`, {
      method: 'POST',
      headers: { ...writer.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(hiddenRun.status).toBe(404);
    expect(gateway.requests.length).toBe(before);
  });
});

describe('limits and settings', () => {
  it('counts every run sent, failed or not, and refuses beyond the daily limit with Retry-After', async () => {
    const limited = await createTestApp({ ai: ai(2) });
    try {
      const member = await limited.userWithRole('edit');
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: member.auth,
        payload: { title: 'Once', content: 'Hi', aiModels: ['Claude'], tags: ['runs'] },
      });
      const id = body<{ id: string }>(created).id;
      const send = (model: string) => limited.app.inject({ method: 'POST', url: `/api/prompts/${id}/run`, headers: member.auth, payload: { model } });
      expect((await send('fake-refuse')).statusCode).toBe(502);
      expect((await send('fake-stream')).statusCode).toBe(200);
      const third = await send('fake-stream');
      expect(third.statusCode).toBe(429);
      expect(body(third)).toEqual({ code: 'ai_run_limit', message: 'You have used today’s 2 test runs; more tomorrow (UTC)' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(aiOptionsSchema.parse(body(await limited.app.inject({ method: 'GET', url: '/api/ai/options', headers: member.auth }))).runsLeftToday).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('without a gateway, offers nothing and answers 404 ai_not_configured', async () => {
    const plain = await createTestApp();
    try {
      const member = await plain.userWithRole('edit');
      const options = await plain.app.inject({ method: 'GET', url: '/api/ai/options', headers: member.auth });
      expect(options.statusCode).toBe(404);
      expect(body(options)).toMatchObject({ code: 'ai_not_configured' });
      const res = await plain.app.inject({ method: 'POST', url: `/api/prompts/${promptId}/run`, headers: member.auth, payload: {} });
      expect(body(res)).toMatchObject({ code: 'ai_not_configured' });
    } finally {
      await plain.close();
    }
  });
});
