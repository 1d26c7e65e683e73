import { describe, expect, it } from 'vitest';
import { expiryText, inactiveReason, inactiveScopes, lastUsedText, lifetimeLabel, lifetimesForRole, scopesForRole, tokenCount } from './token-rules';

describe('what a role may give a token', () => {
  it('offers read to everyone, write from editors up and admin to administrators only', () => {
    expect(scopesForRole('read')).toEqual(['prompts:read']);
    expect(scopesForRole('edit')).toEqual(['prompts:read', 'prompts:write']);
    expect(scopesForRole('admin')).toEqual(['prompts:read', 'prompts:write', 'admin']);
  });

  it('offers a token that never expires to administrators only', () => {
    expect(lifetimesForRole('read')).toEqual([30, 90, 365]);
    expect(lifetimesForRole('edit')).toEqual([30, 90, 365]);
    expect(lifetimesForRole('admin')).toEqual([30, 90, 365, null]);
    expect(lifetimesForRole('admin').map(lifetimeLabel)).toEqual(['30 days', '90 days', '365 days (1 year)', 'Never']);
  });
});

describe('scopes a role no longer allows', () => {
  it('are inactive: write and admin for a read member, admin for an editor, none for an administrator', () => {
    const all = ['prompts:read', 'prompts:write', 'admin'] as const;
    expect(inactiveScopes(all, 'read')).toEqual(['prompts:write', 'admin']);
    expect(inactiveScopes(all, 'edit')).toEqual(['admin']);
    expect(inactiveScopes(all, 'admin')).toEqual([]);
    expect(inactiveScopes(['prompts:read'], 'read')).toEqual([]);
  });

  it('say why, to the owner or to an administrator looking at someone else’s token', () => {
    expect(inactiveReason(['prompts:write', 'admin'], 'read', true)).toBe(
      'Your role (Read Only) does not allow Write prompts and Administration: the token keeps only its other rights.',
    );
    expect(inactiveReason(['admin'], 'edit', false)).toBe('The owner’s role (Editor) does not allow Administration: the token keeps only its other rights.');
  });
});

describe('the dates of a token', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('reads "Never" without an expiry, "Expired" once past it, else the day', () => {
    expect(expiryText(null, now)).toEqual({ text: 'Never', expired: false });
    expect(expiryText('2026-05-01T11:59:59Z', now)).toEqual({ text: 'Expired', expired: true });
    expect(expiryText('2026-05-31T12:00:00Z', now)).toEqual({ text: 'May 31, 2026', expired: false });
  });

  it('reads "Never used" until the token is first used', () => {
    expect(lastUsedText(null)).toBe('Never used');
    expect(lastUsedText('2026-05-01T12:00:00Z')).toMatch(/^May 1, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('counts tokens', () => {
    expect(tokenCount(1)).toBe('1 token');
    expect(tokenCount(12)).toBe('12 tokens');
  });
});
