import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashCostForTests, verifyPassword } from './crypto';

describe('password hashing', () => {
  afterAll(() => setPasswordHashCostForTests('cheap'));

  it('uses argon2id at its real cost (19 MiB, 2 passes) unless a test lowered it', async () => {
    setPasswordHashCostForTests('real');
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterx')).toBe(false);
  });

  it('checks a password against a hash of any cost, since the hash names its own', async () => {
    setPasswordHashCostForTests('cheap');
    const cheap = await hashPassword('a test password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    setPasswordHashCostForTests('real');
    expect(await verifyPassword(cheap, 'a test password')).toBe(true);
  });
});
