import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';

describe('the error codes', () => {
  it('are each listed once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('tell a listed code from any other value', () => {
    expect(isErrorCode('validation_failed')).toBe(true);
    expect(isErrorCode('fst_err_bad_url')).toBe(false);
    expect(isErrorCode('VALIDATION_FAILED')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
