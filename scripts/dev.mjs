#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and Vite's dev server with hot reload, together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.log('API on http://localhost:5000, web client with hot reload on http://localhost:5173');

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
