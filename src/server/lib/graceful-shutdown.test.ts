import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGracefulShutdown } from './graceful-shutdown';

const log = { info: () => {}, warn: () => {}, error: () => {} };
// Signals are emitted on an emitter of the test's own: the test runner's worker has signal handlers too.
const signals = new EventEmitter() as unknown as Pick<NodeJS.Process, 'on' | 'off'> & EventEmitter;
let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  vi.useRealTimers();
});

function install(drain: () => Promise<void>, timeoutMs = 10_000) {
  const exits: number[] = [];
  const released: number[] = [];
  uninstall = installGracefulShutdown({ timeoutMs, drain, release: () => released.push(1), log, exit: (code) => exits.push(code), signals });
  return { exits, released };
}

describe('graceful shutdown', () => {
  it('drains once for a signal echoed within the window (npm forwarding a group signal), then exits 0', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const drain = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { exits, released } = install(drain);
    signals.emit('SIGTERM', 'SIGTERM');
    vi.advanceTimersByTime(20);
    signals.emit('SIGTERM', 'SIGTERM');
    expect(drain).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    finish();
    await vi.runOnlyPendingTimersAsync();
    expect(exits).toEqual([0]);
    expect(released).toEqual([1]);
  });

  it('exits at once on a second signal that comes later', () => {
    vi.useFakeTimers();
    const { exits, released } = install(() => new Promise<void>(() => {}));
    signals.emit('SIGINT', 'SIGINT');
    // npm's forwarded copy of the same signal, late on a loaded machine: still the first signal.
    vi.advanceTimersByTime(2_000);
    signals.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1_500);
    signals.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
    expect(released).toEqual([1]);
  });

  it('exits 1 when the requests in flight outlast the timeout', () => {
    vi.useFakeTimers();
    const { exits } = install(() => new Promise<void>(() => {}), 10_000);
    signals.emit('SIGTERM', 'SIGTERM');
    vi.advanceTimersByTime(9_999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
  });
});
