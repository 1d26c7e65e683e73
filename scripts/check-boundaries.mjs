#!/usr/bin/env node
// Module boundaries of ENGINEERING.md, checked on every lint:
// web never imports server; shared imports only zod and itself; web features do not import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'src');
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

const problems = [];
for (const file of files(root)) {
  const rel = path.relative(root, file);
  const [area, sub, featureName] = rel.split(path.sep);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    const target = spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)) : null;
    const [targetArea, targetSub, targetFeature] = target ? target.split(path.sep) : [];
    if (area === 'web' && targetArea === 'server') problems.push(`${rel}: web must not import server (${spec})`);
    if (area === 'shared' && target && targetArea !== 'shared') problems.push(`${rel}: shared may import only shared (${spec})`);
    if (area === 'shared' && !target && spec !== 'zod') problems.push(`${rel}: shared may import only zod (${spec})`);
    if (area === 'server' && targetArea === 'web') problems.push(`${rel}: server must not import web (${spec})`);
    if (area === 'web' && sub === 'features' && targetSub === 'features' && targetFeature !== featureName && !file.endsWith('.test.tsx')) {
      problems.push(`${rel}: features must not import each other (${spec}); compose them in src/web/app`);
    }
  }
}
if (problems.length) {
  console.error(`Module boundary violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Module boundaries: ok');
