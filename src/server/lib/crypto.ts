import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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

/** argon2id with the library's defaults; the result is a self-describing PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
