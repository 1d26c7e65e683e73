import { defineConfig } from 'vitest/config';

// API and server unit tests run on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL is set. Tests of src/shared touch no database and run once; component tests
// (*.test.tsx) run once, in jsdom.
const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: kind,
    include: ['src/server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    setupFiles: ['src/server/test/setup.ts'],
    // Files share one module graph per worker instead of importing the whole server again for each
    // file (that import was about a third of the embedded engine's run). Each file still opens its own
    // database and app, so nothing but module code is shared; component tests keep their isolation,
    // because jsdom's document would carry one file's leftovers into the next.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    globals: true,
    pool: 'forks',
    projects: [
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'web',
          globals: true,
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
