import { z } from 'zod';
import type { ErrorBody } from '../error-body';

/** The project's error body as a schema: what every 4xx/5xx answer of the server must match. */
export const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
