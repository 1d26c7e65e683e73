#!/usr/bin/env node
// Builds the web client only when dist/web is missing or older than its sources, so `npm start`
// is fast after the first run and never serves a stale client.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package.json', 'package-lock.json'];

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

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt > changedAt) {
  console.log('Web client is up to date.');
} else {
  console.log('Building the web client...');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
