import { z } from 'zod';
import type { ErrorBody } from '../error-body';
import type { ErrorCode } from '../error-codes';

/**
 * The project's error body as a schema: what every 4xx/5xx answer of the server must match. Its code
 * is read as any string, as readErrorBody reads it (see there why); the server's types keep it to
 * ErrorCode.
 */
export const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  message: z.string(),
  code: z.string() as z.ZodType<ErrorCode>,
  errors: z.record(z.string(), z.string()).optional(),
});
