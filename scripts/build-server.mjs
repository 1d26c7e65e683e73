#!/usr/bin/env node
// Bundles the server into dist/server/main.js, run by `npm start` with plain node: no TypeScript loader
// stands between the process manager and the server, so signals reach the server itself.
// Packages stay external (node_modules is resolved at run time, as in development).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(root, 'dist/server/main.js'),
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
