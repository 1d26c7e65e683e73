import { defineConfig } from 'vitest/config';

// Browser tests: real server, real Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Pages load their data after they show: every expect.poll waits as long as a person would, not the
    // default second (too short on a loaded CI machine).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
