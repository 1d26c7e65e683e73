import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

/**
 * Fixed one-minute windows counted in memory. Sign-in, sign-up and reset requests are counted both
 * per client IP and per email address, so neither one IP nor a spread of IPs can hammer one account.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt under each key; throws a 429 when any key is over its limit. */
  hit(reply: FastifyReply, keys: string[]): void {
    const now = this.now();
    let retryAfterMs = 0;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + 60_000 };
        this.windows.set(key, window);
      }
      window.count++;
      if (window.count > this.limitPerMinute) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
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
