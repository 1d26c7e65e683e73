import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, pathFromQueryKey } from './api-client';
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
