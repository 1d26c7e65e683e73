import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGateway, startFakeGateway } from '../../src/server/test/fake-ai-gateway';
import { apiCall, registerUser, type SeededUser, signInWithToken } from './support/api';
import { expectAccessible, screenshot, seen } from './support/browser';
import { useBrowserSuite } from './support/suite';

// A test run on the organization's model, against a local OpenAI-compatible gateway: the runner's Run
// streams the answer in as Markdown with its time and tokens, and Stop ends a long one.
let gateway: FakeGateway;
const suite = useBrowserSuite(async () => {
  gateway = await startFakeGateway();
  return { AI_BASE_URL: gateway.url, AI_API_KEY: 'sk-e2e', AI_MODELS: 'fake-stream,fake-slow', AI_TIMEOUT_S: '30' };
});
let writer: SeededUser;

beforeAll(async () => {
  writer = await registerUser(suite.server.url, { firstName: 'Rhea', lastName: 'Runner' });
  await apiCall(
    suite.server.url,
    'POST',
    '/api/prompts',
    { title: 'Haiku maker', content: 'Write a haiku about {{topic}}.', aiModels: ['Claude'], tags: ['poems'] },
    writer.token,
  );
});
afterAll(() => gateway?.close());

describe('a test run in the runner', () => {
  it('streams the answer with its time and tokens, and Stop ends a long one', async () => {
    const { page } = await suite.open({ width: 1366, height: 900 });
    await signInWithToken(page, writer.token, '/all-prompts');
    await page.getByRole('button', { name: 'Use prompt Haiku maker' }).first().click();
    const runner = page.getByRole('dialog', { name: 'Use “Haiku maker”' });
    await runner.getByLabel('topic').fill('autumn');
    await runner.getByRole('button', { name: 'Run' }).click();
    const answer = runner.getByRole('region', { name: 'Answer' });
    await expect.poll(() => answer.innerText()).toMatch(/Hello world!/);
    await expect.poll(() => answer.getByRole('status').innerText()).toMatch(/^fake-stream · answered in \d+\.\d s .* · 12 tokens in, 3 out$/);
    expect(gateway.requests.at(-1)?.body.messages[0]?.content).toBe('Write a haiku about autumn.');
    await expectAccessible(page, 'runner with an answer');
    await screenshot(page, 'test-run-answer', false);

    await runner.getByLabel('Model').selectOption('fake-slow');
    await runner.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => answer.innerText()).toMatch(/word2/);
    await answer.getByRole('button', { name: 'Stop' }).click();
    await seen(page, 'Stopped.');
    await expect.poll(() => gateway.requests.at(-1)?.closedEarly).toBe(true);
    await expect.poll(() => answer.getByRole('button', { name: 'Copy answer' }).isVisible()).toBe(true);
    await screenshot(page, 'test-run-stopped', false);
  });
});
