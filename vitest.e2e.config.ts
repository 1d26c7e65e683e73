import { defineConfig } from 'vitest/config';

// Browser tests: the real built server, real Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Migrates one data folder (or template database) and starts one Chromium for the whole run.
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Pages load their data after they show: every expect.poll waits as long as a patient person would,
    // not the default second. On a shared CI machine under load a list refetch after a write was seen
    // to take over 10 s, so the wait is 20 s; a passing run is no slower for it.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
