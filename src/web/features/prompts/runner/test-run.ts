import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AiOptions, RunDone, RunError } from '../../../../shared/schemas/ai-runs';
import type { VariableValue } from '../../../../shared/variable-definitions';
import { ApiError, apiRequest, errorMessage, toApiError } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { showUse } from '../api/prompt-usage-queries';

// A test run of a prompt on the organization's model: the options the server offers (none when it
// has no AI gateway), and one run at a time, its answer read from the server's event stream as it
// arrives. Stop aborts the request, which ends the run on the server and at the gateway.

const OPTIONS_URL = '/api/ai/options';

/** The models and runs left, or null when the server offers no test runs (its 404). */
export const useAiOptions = () =>
  useQuery<AiOptions | null>({
    queryKey: [OPTIONS_URL],
    queryFn: async () => {
      try {
        return await apiRequest<AiOptions>('GET', OPTIONS_URL);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: false,
  });

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; answer: string }
  | { status: 'done'; answer: string; done: RunDone }
  | { status: 'stopped'; answer: string }
  | { status: 'failed'; answer: string; message: string };

/** Reads `event:`/`data:` blocks from the stream, calling `onEvent` for each whole one. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: unknown) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, JSON.parse(data));
    }
    if (done) return;
  }
}

export function useTestRun(promptId: string) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const qc = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  // A runner closed mid-run stops its run.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (values: Record<string, VariableValue>, model: string) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let answer = '';
      setState({ status: 'running', answer });
      try {
        const token = getAuthToken();
        const res = await fetch(`/api/prompts/${promptId}/run`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          credentials: 'include',
          body: JSON.stringify({ values, model }),
          signal: abort.signal,
        });
        if (!res.ok || !res.body) throw await toApiError(res);
        let ended: RunState | null = null;
        await readEvents(res.body, (event, data) => {
          if (event === 'delta') {
            // The first piece: the run reached the model, which the server counted as a use.
            if (!answer) showUse(qc, promptId);
            answer += (data as { text: string }).text;
            setState({ status: 'running', answer });
          } else if (event === 'done') ended = { status: 'done', answer, done: data as RunDone };
          else if (event === 'error') ended = { status: 'failed', answer, message: (data as RunError).message };
        });
        setState(ended ?? { status: 'failed', answer, message: 'The answer stopped before it was complete' });
      } catch (err) {
        if (abort.signal.aborted) setState({ status: 'stopped', answer });
        else setState({ status: 'failed', answer, message: errorMessage(err, 'The run could not be started') });
      } finally {
        // Every run sent counts against the day's runs, whatever came of it.
        void qc.invalidateQueries({ queryKey: [OPTIONS_URL] });
      }
    },
    [promptId, qc],
  );
  const stop = useCallback(() => controller.current?.abort(), []);
  return { state, start, stop };
}
