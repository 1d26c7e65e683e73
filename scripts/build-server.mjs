#!/usr/bin/env node
// Bundles the server into dist/server/main.js, run by `npm start` with plain node: no TypeScript loader
// stands between the process manager and the server, so signals reach the server itself.
// Packages stay external (node_modules is resolved at run time, as in development).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export async function buildServer() {
  await build({
    // The backup's worker thread is an entry of its own, loaded from beside main.js by embedded-backup.ts.
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'embedded-backup.worker': path.join(root, 'src/server/lib/embedded-backup.worker.ts'),
    },
    outdir: path.join(root, 'dist/server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
