// The error body every 4xx/5xx answer has, read without zod: the web client reads each failed call
// through this, and its first page load cannot afford the validation library. The zod schema of the
// same shape (errorBodySchema) describes the server's answers; a test keeps the two in agreement.

import type { ErrorCode } from './error-codes';

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string>;
}

/** The body as an ErrorBody, or undefined when it is not one (a proxy's HTML page, a bare string). */
export function readErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { message, code: rawCode, errors } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof rawCode !== 'string') return undefined;
  // The code is taken on trust: the server answers only codes of ErrorCode (its types and tests see to
  // that), and checking here would add the whole list to the first page load. A code from elsewhere
  // (a proxy's JSON) matches none of the client's branches, so it does no harm.
  const code = rawCode as ErrorCode;
  if (errors === undefined) return { message, code };
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(errors)) {
    if (typeof text !== 'string') return undefined;
    fields[name] = text;
  }
  return { message, code, errors: fields };
}
