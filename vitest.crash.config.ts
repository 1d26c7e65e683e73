import { defineConfig } from 'vitest/config';

// `npm run test:crash`: the built server killed with SIGKILL under write load, on the embedded database
// always and on PostgreSQL when TEST_DATABASE_URL is set.
const project = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `crash-${kind}`,
    include: ['tests/crash/**/*.crash.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    fileParallelism: false,
    projects: [project('pglite'), ...(process.env.TEST_DATABASE_URL ? [project('postgres')] : [])],
  },
});
