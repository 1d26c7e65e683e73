/**
 * A random Idempotency-Key. getRandomValues, not randomUUID: the latter exists only on secure
 * origins, and the app is often served over plain HTTP on a LAN.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
