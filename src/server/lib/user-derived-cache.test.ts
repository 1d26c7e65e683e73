import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { afterUserWrite, onUsersChanged } from './user-derived-cache';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('afterUserWrite', () => {
  it('drops the cached users and sessions once the write has committed, and refuses to run inside it', async () => {
    let dropped = 0;
    const stop = onUsersChanged(() => dropped++);
    try {
      await expect(handle.db.transaction(async (tx) => afterUserWrite(tx))).rejects.toThrow(/root database, after the transaction has committed/);
      expect(dropped).toBe(0);
      afterUserWrite(handle.db);
      expect(dropped).toBe(1);
    } finally {
      stop();
    }
  });
});
