import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError } from '../errors';
import type { AttemptStore } from './rate-limit';

// Ceilings per account, whatever the address: they stop guessing spread over many addresses, which the
// per-(IP, account) and per-IP limits cannot see. Counted in the shared attempt store, so they hold
// across every instance on a PostgreSQL server. See docs/decisions/027-sign-in-ceilings.md.

/** The window of the per-account failure count. */
export const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** The longest wait one failure beyond the ceiling imposes on the next attempt. */
export const MAX_SLOWDOWN_S = 60;
/** How long an address that signed in to an account stays exempt from that account's slowdown. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Reset links sent per account an hour; further requests get the same neutral answer and no email. */
export const RESET_EMAILS_PER_HOUR = 3;

const accountOf = (email: string) => email.trim().toLowerCase();
const failuresKey = (account: string) => `sign-in-failures:${account}`;
const waitKey = (account: string) => `sign-in-wait:${account}`;
const knownKey = (account: string, ip: string) => `sign-in-known:${account}:${ip}`;

/** The wait after the n-th failure beyond the ceiling: 1 s, 2 s, 4 s … up to MAX_SLOWDOWN_S. */
export function slowdownSeconds(beyond: number): number {
  return Math.min(MAX_SLOWDOWN_S, 2 ** Math.min(Math.max(beyond, 1) - 1, 30));
}

/**
 * Failed sign-ins per account: up to `ceiling` an hour nothing changes; beyond it each failure makes
 * the next attempt on that account wait (429 with Retry-After), the wait doubling up to a minute. It
 * never locks the account: the owner waits at most a minute, and an address that signed in to the
 * account within KNOWN_ADDRESS_MS is not slowed at all. Counted per email as typed (normalised), so
 * an address without an account is slowed alike and the answer reveals nothing.
 */
export class SignInCeiling {
  constructor(
    private readonly store: AttemptStore,
    private readonly ceiling: number,
  ) {}

  /** Before the password is checked: refuses while the account's wait runs, unless this address is known to it. */
  async check(reply: FastifyReply, email: string, ip: string): Promise<void> {
    const account = accountOf(email);
    const [known, wait] = await this.store.peek([knownKey(account, ip), waitKey(account)]);
    if (known || !wait) return;
    const seconds = Math.max(1, Math.ceil(wait.msLeft / 1000));
    reply.header('Retry-After', String(seconds));
    throw new AppError(429, 'rate_limited', `Too many failed sign-ins for this account. Please wait ${seconds} seconds and try again.`);
  }

  /** Runs the sign-in, counting a wrong password as a failure and remembering the address of a success. */
  async track<T>(email: string, ip: string, signIn: () => Promise<T>): Promise<T> {
    const account = accountOf(email);
    let result: T;
    try {
      result = await signIn();
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_credentials') await this.failed(account);
      throw err;
    }
    await this.store.bump([knownKey(account, ip)], KNOWN_ADDRESS_MS);
    return result;
  }

  private async failed(account: string): Promise<void> {
    const [failures] = await this.store.bump([failuresKey(account)], FAILURE_WINDOW_MS);
    const beyond = failures!.count - this.ceiling;
    // The wait opens only when none is running: attempts are refused meanwhile, so this is the next one.
    if (beyond > 0) await this.store.bump([waitKey(account)], slowdownSeconds(beyond) * 1000);
  }
}

/**
 * Reset emails per account: RESET_EMAILS_PER_HOUR an hour, so the form cannot flood someone's inbox
 * from many addresses. Counted per email as typed, whether or not it has an account.
 */
export class ResetEmailCap {
  constructor(private readonly store: AttemptStore) {}

  /** Counts a request; false when it is over the cap (logged once an hour per account). */
  async allow(email: string, log: FastifyBaseLogger): Promise<boolean> {
    const account = accountOf(email);
    const [requests] = await this.store.bump([`reset-emails:${account}`], FAILURE_WINDOW_MS);
    if (requests!.count === RESET_EMAILS_PER_HOUR + 1) {
      log.warn(`password reset: more than ${RESET_EMAILS_PER_HOUR} requests this hour for ${account}; no more links are sent until the hour is over`);
    }
    return requests!.count <= RESET_EMAILS_PER_HOUR;
  }
}
