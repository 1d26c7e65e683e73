#!/usr/bin/env node
// The JavaScript a browser must download before the first screen shows, gzip-compressed, checked
// against a budget so the client cannot grow heavy unnoticed: what every visit loads (the entry and
// its static imports) and a signed-in member's All Prompts page (plus that page's lazy chunk and its
// imports). Reads the manifest Vite writes next to the build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_BYTES = 150_000;
const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'dist/web');

/** Every JavaScript file a manifest chunk needs at once: itself and its static imports, recursively. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

function gzipBytes(files) {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(path.join(webDist, file))).length;
  return total;
}

export function firstLoadSizes() {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const pageKey = Object.keys(manifest).find((k) => k.endsWith('all-prompts-page.tsx'));
  const authKey = Object.keys(manifest).find((k) => k.endsWith('auth-page.tsx'));
  if (!entryKey || !pageKey || !authKey) throw new Error('the build manifest lacks the entry, the All Prompts page or the sign-in page');
  const entry = staticClosure(manifest, entryKey);
  const signIn = staticClosure(manifest, authKey, new Set(entry));
  const signedIn = staticClosure(manifest, pageKey, new Set(entry));
  return { everyPage: gzipBytes(entry), allPrompts: gzipBytes(signedIn), signInScreen: gzipBytes(signIn) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = firstLoadSizes();
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  // The sign-in screen also carries its forms' validation (zod, react-hook-form): reported, not held to
  // the budget, which covers what every visit loads and what a member's daily first page loads.
  const over = Object.entries({ everyPage: sizes.everyPage, allPrompts: sizes.allPrompts }).filter(([, bytes]) => bytes > FIRST_LOAD_BUDGET_BYTES);
  console.log(
    `First-load JavaScript (gzip): every page ${kb(sizes.everyPage)}, All Prompts ${kb(sizes.allPrompts)} (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}); sign-in screen ${kb(sizes.signInScreen)}`,
  );
  if (over.length && !process.argv.includes('--report-only')) {
    console.error(`Over the first-load budget: ${over.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);
    process.exit(1);
  }
}
