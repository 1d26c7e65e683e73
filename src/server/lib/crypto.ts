import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

/** A URL-safe random token of 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** No 0/o, 1/l/i: a temporary password is read aloud or copied by hand without mistakes. */
const READABLE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random temporary password such as "k7pq-3mxa-wt9e-h2rd": 16 characters, about 79 bits. */
export function newTemporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

/** Tokens are stored only as their SHA-256, so a copy of the database cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The argon2id cost of new hashes: the library's defaults (19 MiB, 2 passes), unless an in-process test
 * run lowered it. A hash names its own cost, so checking a password needs no setting.
 */
let hashCost: Options | undefined;

/**
 * Tests that run the app in their own process create thousands of accounts: at the real cost each
 * hash is tens of milliseconds of CPU. Only test setup calls this (src/server/test/setup.ts); the
 * server never does, and one test checks the real cost is what the app uses otherwise.
 */
export function setPasswordHashCostForTests(cost: 'cheap' | 'real'): void {
  hashCost = cost === 'cheap' ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : undefined;
}

/** argon2id; the result is a self-describing PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, hashCost);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
}
