import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, isServerUnreachable, pathFromQueryKey, setPasswordChangeRequiredHandler } from './api-client';
import { safeNextPath } from './paths';
import { formatDate } from './utils';

describe('pathFromQueryKey', () => {
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

describe('errors', () => {
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } })),
    );

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

describe('a server that cannot reach its database', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is told apart by its code, shown with its own words, and cleared by the next normal answer', async () => {
    const { DATABASE_UNAVAILABLE_TEXT } = await import('./database-status');
    const statuses: boolean[] = [];
    const { renderHook } = await import('@testing-library/react');
    const { useDatabaseUnavailable } = await import('./database-status');
    const hook = renderHook(() => useDatabaseUnavailable());
    const answer = (status: number, body: object) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(body), { status })),
      );

    answer(503, { message: 'The server cannot reach its database. Please try again in a few seconds.', code: 'database_unavailable' });
    const err = await apiRequest('GET', '/api/prompts').catch((e: unknown) => e);
    expect(errorMessage(err, 'Failed to load prompts')).toBe(DATABASE_UNAVAILABLE_TEXT);
    hook.rerender();
    statuses.push(hook.result.current);

    answer(503, { message: 'Service Unavailable', code: 'something_else' });
    expect(errorMessage(await apiRequest('GET', '/api/prompts').catch((e: unknown) => e), 'Failed to load prompts')).toBe('Service Unavailable');
    answer(200, { items: [] });
    await apiRequest('GET', '/api/prompts');
    hook.rerender();
    statuses.push(hook.result.current);
    expect(statuses).toEqual([true, false]);
  });

  it('makes reads retry every 5 s, and writes not', async () => {
    const { createQueryClient, DATABASE_RETRY_DELAY_MS } = await import('./query-client');
    const defaults = createQueryClient().getDefaultOptions();
    const retry = defaults.queries!.retry as (n: number, e: unknown) => boolean;
    const retryDelay = defaults.queries!.retryDelay as (n: number, e: unknown) => number;
    const down = new ApiError(503, '', '', undefined, 'database_unavailable');
    expect(retry(0, down)).toBe(true);
    expect(retry(0, new ApiError(500, '', '', undefined, 'internal_error'))).toBe(false);
    expect(retry(24, down)).toBe(false);
    expect(retryDelay(3, down)).toBe(DATABASE_RETRY_DELAY_MS);
    expect(defaults.mutations!.retry).toBe(false);
  });
});

describe('a server that gives no answer', () => {
  afterEach(() => vi.unstubAllGlobals());
  const refuse = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

  it('is told in the app\'s words, never "Failed to fetch": a read is retried, a save keeps its values', async () => {
    const { SERVER_UNREACHABLE_TEXT } = await import('./database-status');
    const { SAVE_UNREACHABLE_TEXT, saveErrorMessage } = await import('./save-error');
    refuse();
    const read = await apiRequest('GET', '/api/prompts').catch((e: unknown) => e);
    expect(isServerUnreachable(read)).toBe(true);
    expect(errorMessage(read, 'Failed to load prompts')).toBe(SERVER_UNREACHABLE_TEXT);
    const write = await apiRequest('POST', '/api/prompts', { title: 't' }).catch((e: unknown) => e);
    expect(saveErrorMessage(write, 'Failed to create prompt')).toBe(SAVE_UNREACHABLE_TEXT);
    expect(errorMessage(write, 'x')).not.toMatch(/Failed to fetch/);
    // Bad input is still the server's own words.
    const refused = new ApiError(409, '', 'A prompt with this title already exists', undefined, 'duplicate_title');
    expect(saveErrorMessage(refused, 'Failed to create prompt')).toBe('A prompt with this title already exists');
  });

  it('counts a gateway answering for a silent app (502, 503 or 504 without our error code) as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    expect(isServerUnreachable(await apiRequest('GET', '/api/prompts').catch((e: unknown) => e))).toBe(true);
  });

  it('sends the idempotency key it is given', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/prompts', {}, { idempotencyKey: 'k1' });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('retries reads with growing pauses (1 s, 2 s, 4 s… at most 30 s) for as long as it takes', async () => {
    const { createQueryClient, UNREACHABLE_MAX_DELAY_MS } = await import('./query-client');
    const defaults = createQueryClient().getDefaultOptions();
    const retry = defaults.queries!.retry as (n: number, e: unknown) => boolean;
    const retryDelay = defaults.queries!.retryDelay as (n: number, e: unknown) => number;
    refuse();
    const err = await apiRequest('GET', '/api/prompts').catch((e: unknown) => e);
    expect(retry(1_000, err)).toBe(true);
    expect([0, 1, 2, 10].map((n) => retryDelay(n, err))).toEqual([1_000, 2_000, 4_000, UNREACHABLE_MAX_DELAY_MS]);
  });
});
