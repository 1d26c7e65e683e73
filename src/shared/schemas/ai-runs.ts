import { z } from 'zod';
import { renderInputSchema } from './variables';

// Test runs of a prompt on the organization's model (when the server has an AI gateway): the filled
// prompt goes to the model through the server, and the answer comes back as server-sent events.

export const AI_MESSAGES = {
  notConfigured: 'Test runs are not set up on this server',
  unknownModel: (models: readonly string[]) => `model must be one of: ${models.join(', ')}`,
  limit: (perDay: number) => `You have used today’s ${perDay} test runs; more tomorrow (UTC)`,
} as const;

/** `POST /api/prompts/{id}/run`: the values (as for render) and the model (the first offered when left out). */
export const runInputSchema = renderInputSchema.extend({
  model: z.string({ error: 'model must be text' }).max(200, 'model must be at most 200 characters').optional(),
});
export type RunInput = z.output<typeof runInputSchema>;

/** `GET /api/ai/options`: what the runner offers. */
export const aiOptionsSchema = z.object({
  models: z.array(z.string()),
  runsPerDay: z.number().int(),
  runsLeftToday: z.number().int(),
});
export type AiOptions = z.infer<typeof aiOptionsSchema>;

/** The stream's events, each a JSON `data` line under its `event` name. */
export const runDeltaSchema = z.object({ text: z.string() });
export const runDoneSchema = z.object({
  model: z.string(),
  durationMs: z.number().int(),
  firstTokenMs: z.number().int(),
  promptTokens: z.number().int().nullable(),
  completionTokens: z.number().int().nullable(),
});
export type RunDone = z.infer<typeof runDoneSchema>;
export const runErrorSchema = z.object({ code: z.enum(['ai_gateway_error', 'ai_gateway_timeout']), message: z.string() });
export type RunError = z.infer<typeof runErrorSchema>;
