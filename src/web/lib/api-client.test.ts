import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, pathFromQueryKey, setPasswordChangeRequiredHandler } from './api-client';
import { safeNextPath } from './paths';
import { formatDate } from './utils';

describe('pathFromQueryKey (§7)', () => {
  it('uses the first element as the URL and adds non-empty string entries of an object as query parameters', () => {
    expect(pathFromQueryKey(['/api/prompts', { search: 'summ ar', tags: '', aiModels: 'Claude,ChatGPT', limit: 5 }])).toBe(
      '/api/prompts?search=summ+ar&aiModels=Claude%2CChatGPT',
    );
    expect(pathFromQueryKey(['/api/prompts', {}])).toBe('/api/prompts');
  });
  it('joins other elements with a slash', () => {
    expect(pathFromQueryKey(['/api/prompts', 'abc'])).toBe('/api/prompts/abc');
    expect(pathFromQueryKey(['/api/user'])).toBe('/api/user');
  });
});

describe('errors (§8)', () => {
  it('says "status: body text" and exposes the server message for display', () => {
    const err = new ApiError(409, '{"message":"A prompt with this title already exists"}', 'A prompt with this title already exists', undefined);
    expect(err.message).toBe('409: {"message":"A prompt with this title already exists"}');
    expect(errorMessage(err, 'fallback')).toBe('A prompt with this title already exists');
    expect(errorMessage(new ApiError(500, 'Internal Server Error', undefined, undefined), 'Failed to create prompt')).toBe('Failed to create prompt');
  });
});

describe('safeNextPath', () => {
  it('accepts same-origin relative paths only', () => {
    expect(safeNextPath('/prompts/1?x=2')).toBe('/prompts/1?x=2');
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', '/auth?next=/x', '', null]) expect(safeNextPath(bad)).toBeNull();
  });
});

describe('formatDate', () => {
  it('formats like "Nov 22, 2026"', () => {
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDate(null)).toBe('Unknown');
  });
});

describe('password_change_required', () => {
  afterEach(() => vi.unstubAllGlobals());
  // The browser's fetch answers like the server does while a temporary password is unchanged.
  const answer = (status: number, json: object) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } })));

  it('calls the installed handler when any call answers 403 with that code, and exposes the code', async () => {
    const handler = vi.fn();
    const uninstall = setPasswordChangeRequiredHandler(handler);
    answer(403, { message: 'Change your password first', code: 'password_change_required' });
    const err = await apiRequest('GET', '/api/prompts').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('password_change_required');
    expect(handler).toHaveBeenCalledTimes(1);
    uninstall();
    await apiRequest('GET', '/api/prompts').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reads the code, never the message text', async () => {
    const handler = vi.fn();
    const uninstall = setPasswordChangeRequiredHandler(handler);
    answer(403, { message: 'password_change_required', code: 'forbidden' });
    await apiRequest('GET', '/api/prompts').catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
    uninstall();
  });
});
