#!/usr/bin/env node
// Builds the web client and the server only when their output is missing or older than their sources,
// so `npm start` is fast after the first run and never runs a stale build.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['src/shared', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

function isStale(output, sources) {
  const outputPath = path.join(root, output);
  const builtAt = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  return builtAt <= Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

/**
 * Two builds at once (two `npm start`s, or test workers starting servers together) would write the same
 * files: the second waits for the first, then finds everything up to date.
 */
async function withBuildLock(run) {
  const lock = path.join(root, 'dist/.build-lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // A lock older than ten minutes was left by a build that died.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

await withBuildLock(async () => {
  if (isStale('dist/web/index.html', ['src/web', 'vite.config.ts', ...shared])) {
    console.log('Building the web client...');
    // Always the production bundle: run from a test (NODE_ENV=test), Vite would otherwise bundle React's
    // development build, which `npm start` would then serve.
    execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  } else {
    console.log('Web client is up to date.');
  }
  if (isStale('dist/server/main.js', ['src/server', 'scripts/build-server.mjs', ...shared])) {
    console.log('Building the server...');
    await buildServer();
  } else {
    console.log('Server is up to date.');
  }
});
