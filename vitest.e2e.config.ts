import { defineConfig } from 'vitest/config';

// Browser tests: real server, real Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
