import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

describe('advisory lock keys', () => {
  it('are distinct integers PostgreSQL accepts as one bigint key', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Number.isSafeInteger(key) && key > 0).toBe(true);
  });
});
