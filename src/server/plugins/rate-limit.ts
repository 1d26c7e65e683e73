import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

/**
 * How many times the per-key allowance one client address gets, summed over every account it tries.
 * Keys per (IP, account) stop guessing at one account; this wider per-IP key stops spraying many
 * accounts, while an office behind one NAT address can still sign in a roomful of people.
 */
export const PER_IP_MULTIPLIER = 10;

/** One counter to bump: its key and how many attempts a minute it allows. */
export interface AttemptKey {
  key: string;
  limit: number;
}

/**
 * Fixed one-minute windows counted in memory. Never counted per email alone: then anyone could lock
 * the real owner out of an account by guessing wrongly from anywhere.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt under each key; throws a 429 with Retry-After when any key is over its limit. */
  hit(reply: FastifyReply, keys: AttemptKey[]): void {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { key, limit } of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + 60_000 };
        this.windows.set(key, window);
      }
      window.count++;
      if (window.count > limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (this.windows.size > 50_000) this.sweep(now);
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      reply.header('Retry-After', String(seconds));
      throw new AppError(429, 'rate_limited', `Too many attempts. Please wait ${seconds} seconds and try again.`);
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
