import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiOptionsSchema, type RunDone, type RunError, runInputSchema } from '../../../shared/schemas/ai-runs';
import { uuidParamsSchema } from '../../../shared/schemas/common';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { fillPrompt } from '../prompts/prompt-render.routes';
import { recordUse } from '../prompts/prompt-usage.service';
import { describeFailure, type RunChunk, streamAnswer } from './ai-gateway';
import { aiNotConfigured, aiOptions, auditRun, chosenModel, claimRun, type RunOutcome, secondsUntilTomorrow } from './ai-runs.service';

const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const RUN_DESCRIPTION = `The prompt filled as \`POST /api/prompts/{id}/render\` fills it (a 400 names a missing or wrong value, a 422 a snippet that cannot be expanded) goes to \`model\` (one of \`GET /api/ai/options\`; the first when left out) on the organization's AI gateway, and the answer comes back as server-sent events:

- \`delta\` \`{ text }\`: the next piece of the answer (Markdown);
- \`done\` \`{ model, durationMs, firstTokenMs, promptTokens, completionTokens }\`: the end (token counts null when the gateway gives none);
- \`error\` \`{ code, message }\`: the gateway failed after the answer began (\`ai_gateway_error\`) or ran out of time (\`ai_gateway_timeout\`).

Closing the connection stops the run. Before the first piece arrives, failures are plain JSON errors: 502 \`ai_gateway_error\` (the gateway refused or cannot be reached), 504 \`ai_gateway_timeout\` (no answer within AI_TIMEOUT_S). Each member has AI_RUNS_PER_USER_PER_DAY runs a UTC day; every run sent counts, failed or not, and beyond it the answer is 429 \`ai_run_limit\`. 404 \`ai_not_configured\` when the server has no gateway. A run counts as a use of the prompt (kind \`run\`) and is an audit event, without the text sent or received.`;

export async function aiRunRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'signedIn', token: 'prompts:read' } as const;

  r.get(
    '/api/ai/options',
    {
      config: signedIn,
      schema: {
        summary: 'Test run options',
        description:
          'The models a prompt can be run on, and how many runs the caller has left today (UTC). 404 `ai_not_configured` when the server has no AI gateway.',
        tags: ['Prompts'],
        response: { 200: aiOptionsSchema },
      },
    },
    (request) => {
      if (!app.config.ai) throw aiNotConfigured();
      return aiOptions(app.db, requireUser(request), app.config.ai);
    },
  );

  r.post(
    '/api/prompts/:id/run',
    {
      config: signedIn,
      schema: {
        summary: 'Run a prompt on the organization’s model',
        description: RUN_DESCRIPTION,
        tags: ['Prompts'],
        params: uuidParamsSchema,
        body: runInputSchema,
        documentedResponses: { 200: { description: 'The answer, as server-sent events', content: { 'text/event-stream': z.string() } } },
        errorStatuses: [422, 429, 502, 504],
      },
    },
    async (request, reply) => {
      const ai = app.config.ai;
      if (!ai) throw aiNotConfigured();
      const user = requireUser(request);
      const model = chosenModel(ai, request.body.model);
      const { prompt, text } = await fillPrompt(app.db, user, request.params.id, request.body.values);
      await claimRun(app.db, user, ai).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 429) reply.header('Retry-After', String(secondsUntilTomorrow()));
        throw err;
      });

      const started = Date.now();
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), ai.timeoutMs);
      // Stop: the person closed the stream (the runner's Stop button aborts its request).
      const stop = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      const answer = streamAnswer(ai, model, text, AbortSignal.any([deadline.signal, stop.signal]));
      const finish = (run: Omit<RunOutcome, 'model' | 'durationMs'>) => {
        clearTimeout(timer);
        return auditRun(app.db, user, prompt, { model, durationMs: Date.now() - started, ...run }).catch((err: unknown) =>
          request.log.error({ err }, 'could not record a test run'),
        );
      };

      let first: IteratorResult<RunChunk>;
      try {
        first = await answer.next();
      } catch (err) {
        const failure = describeFailure(err, deadline.signal);
        await finish({ outcome: failure.kind === 'timeout' ? 'timed out' : 'failed', promptTokens: null, completionTokens: null });
        throw new AppError(failure.kind === 'timeout' ? 504 : 502, failure.kind === 'timeout' ? 'ai_gateway_timeout' : 'ai_gateway_error', failure.message);
      }
      const firstTokenMs = Date.now() - started;
      // The run reached the model: it is a use (a prompt deleted meanwhile has none to count).
      await recordUse(app.db, user, prompt.id, 'run').catch(() => undefined);

      async function* events(): AsyncGenerator<string> {
        let usage: RunChunk['usage'];
        let outcome: RunOutcome['outcome'] = 'stopped';
        try {
          for (let next = first; !next.done; next = await answer.next()) {
            if (next.value.text) yield sse('delta', { text: next.value.text });
            usage = next.value.usage ?? usage;
          }
          const done: RunDone = {
            model,
            durationMs: Date.now() - started,
            firstTokenMs,
            promptTokens: usage?.promptTokens ?? null,
            completionTokens: usage?.completionTokens ?? null,
          };
          outcome = 'completed';
          yield sse('done', done);
        } catch (err) {
          if (stop.signal.aborted && !deadline.signal.aborted) return;
          const failure = describeFailure(err, deadline.signal);
          outcome = failure.kind === 'timeout' ? 'timed out' : 'failed';
          const error: RunError = { code: failure.kind === 'timeout' ? 'ai_gateway_timeout' : 'ai_gateway_error', message: failure.message };
          yield sse('error', error);
        } finally {
          // Closed early (Stop) or ended: the gateway's stream goes too.
          stop.abort();
          await finish({ outcome, promptTokens: usage?.promptTokens ?? null, completionTokens: usage?.completionTokens ?? null });
        }
      }

      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(events()));
    },
  );
}
