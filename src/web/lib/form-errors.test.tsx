import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, hasErrorCode } from './api-client';
import { applyServerFieldErrors } from './form-errors';

afterEach(() => vi.unstubAllGlobals());

/** A failed call as the browser sees it: the body is whatever the server wrote. */
async function failedCall(status: number, body: string): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );
  return apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
}

describe('the error contract', () => {
  it('reads code and field errors from a body that has the shared shape', async () => {
    const err = await failedCall(400, JSON.stringify({ message: 'Too common', code: 'validation_failed', errors: { password: 'Too common' } }));
    expect(hasErrorCode(err, 'validation_failed')).toBe(true);
    expect((err as ApiError).fieldErrors).toEqual({ password: 'Too common' });
  });

  it('takes nothing from a body of another shape, so no branch can fire on it', async () => {
    const err = await failedCall(409, JSON.stringify({ message: 'already exists', errors: { password: 7 } }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBeUndefined();
    expect((err as ApiError).fieldErrors).toBeUndefined();
    expect((err as ApiError).serverMessage).toBeUndefined();
  });

  it('puts server field messages under the named form fields and skips the unknown ones', async () => {
    const err = await failedCall(400, JSON.stringify({ message: 'x', code: 'validation_failed', errors: { email: 'Taken', shoeSize: 'Nope' } }));
    const { result } = renderHook(() => useForm<{ email: string; password: string }>({ defaultValues: { email: '', password: '' } }));
    let applied = 0;
    act(() => {
      applied = applyServerFieldErrors(err, result.current.setError, ['email', 'password']);
    });
    expect(applied).toBe(1);
    expect(result.current.getFieldState('email').error?.message).toBe('Taken');
    expect(result.current.getFieldState('password').error).toBeUndefined();
  });
});
