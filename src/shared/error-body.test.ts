import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-body';
import { errorBodySchema } from './schemas/error-body';

const samples: unknown[] = [
  { message: 'Nope', code: 'forbidden' },
  { message: 'Bad', code: 'validation_failed', errors: { email: 'Please enter a valid email address', 'customFields.x': 'Too long' } },
  { message: 'Bad', code: 'validation_failed', errors: {} },
  { message: 'Bad', code: 'validation_failed', errors: { email: 7 } },
  { message: 'Bad', code: 'validation_failed', errors: ['email'] },
  { message: 'Bad', code: 'validation_failed', errors: null },
  { message: 'No code' },
  { code: 'no_message' },
  { message: 3, code: 'x' },
  { message: 'x', code: null },
  [],
  null,
  'Internal Server Error',
  42,
  undefined,
  { message: 'Extra keys are ignored', code: 'x', detail: 'kept out' },
];

describe('the error body', () => {
  it('is read without zod exactly as the schema reads it', () => {
    for (const sample of samples) {
      const parsed = errorBodySchema.safeParse(sample);
      expect(readErrorBody(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
