import OpenAI from 'openai';
import type { AppConfig } from '../../config';

// The organization's model, through its OpenAI-compatible API (a gateway such as LiteLLM, Azure
// OpenAI's compatible endpoint, vLLM or Ollama), with the official client. The key stays here: the
// browser only ever talks to our server. No retries: a run that fails says so, and counts.

export type AiSettings = NonNullable<AppConfig['ai']>;

export interface RunChunk {
  /** Text of the answer, as it arrives. */
  text: string;
  /** The token counts, with the last chunk, when the gateway reports them. */
  usage?: { promptTokens: number; completionTokens: number };
}

/** Why a run stopped short, in the words and codes the caller gets. */
export class GatewayFailure extends Error {
  constructor(
    readonly kind: 'error' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

const clients = new WeakMap<AiSettings, OpenAI>();

function clientFor(ai: AiSettings): OpenAI {
  let client = clients.get(ai);
  if (!client) {
    // A key the gateway does not need (a local Ollama) is still a header the client sends: any text will do.
    client = new OpenAI({ baseURL: ai.baseUrl, apiKey: ai.apiKey ?? 'unused', maxRetries: 0, timeout: ai.timeoutMs });
    clients.set(ai, client);
  }
  return client;
}

/**
 * What a failure of the gateway says: a timeout (ours, the `deadline` signal's reason, or the
 * client's), or the gateway's refusal with its status, or that it could not be reached. Never the
 * request, which holds the prompt.
 */
export function describeFailure(err: unknown, deadline: AbortSignal): GatewayFailure {
  // The deadline first: an aborted stream may end quietly, and then look cut off.
  if (deadline.aborted || err instanceof OpenAI.APIConnectionTimeoutError) return new GatewayFailure('timeout', 'The AI gateway did not answer in time');
  if (err instanceof GatewayFailure) return err;
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const detail = (err.error as { message?: unknown } | undefined)?.message;
    return new GatewayFailure('error', `The AI gateway refused the run (${err.status}${typeof detail === 'string' ? `: ${detail.slice(0, 300)}` : ''})`);
  }
  return new GatewayFailure('error', 'The AI gateway could not be reached');
}

/**
 * The answer to `text` from `model`, chunk by chunk. `signal` ends it (the deadline, or the person
 * pressing Stop); whatever goes wrong is thrown as it comes, for the caller to describe.
 */
export async function* streamAnswer(ai: AiSettings, model: string, text: string, signal: AbortSignal): AsyncGenerator<RunChunk> {
  const stream = await clientFor(ai).chat.completions.create(
    { model, messages: [{ role: 'user', content: text }], stream: true, stream_options: { include_usage: true } },
    { signal },
  );
  let finished = false;
  for await (const chunk of stream) {
    finished ||= Boolean(chunk.choices[0]?.finish_reason);
    const piece = chunk.choices[0]?.delta?.content ?? '';
    const usage = chunk.usage ? { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens } : undefined;
    if (piece || usage) yield { text: piece, ...(usage ? { usage } : {}) };
  }
  // Every OpenAI-compatible answer ends with a reason (stop, length, …): a stream that ends without
  // one was cut off (the client library reads a dropped connection as the end).
  if (!finished) throw new GatewayFailure('error', 'The AI gateway ended the answer before it was complete');
}
