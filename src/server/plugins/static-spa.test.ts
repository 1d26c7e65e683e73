import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-database';

const dist = mkdtempSync(path.join(tmpdir(), 'apd-dist-'));
let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  handle = await openTestDatabase();
  app = await buildApp({ config: testConfig(), db: handle.db, webDistDir: dist });
});
afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the client', () => {
  it('answers client routes with index.html, even to */*', async () => {
    for (const [url, accept] of [
      ['/', '*/*'],
      ['/all-prompts', 'text/html'],
      ['/prompts/abc?x=1', '*/*'],
    ]) {
      const res = await app.inject({ method: 'GET', url: url!, headers: { accept: accept! } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and keeps missing assets and API routes as JSON 404s', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'route_not_found' });
  });
});
