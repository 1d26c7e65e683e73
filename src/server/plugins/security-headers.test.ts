import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-database';

let handle: DatabaseHandle;
let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  // A built client of one page, so the SPA's own answer is tested too.
  distDir = mkdtempSync(path.join(tmpdir(), 'apd-web-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>AI Prompts Database</title><div id="root"></div>');
  handle = await openTestDatabase();
  app = await buildApp({ config: testConfig({ authRateLimit: 10_000 }), db: handle.db, webDistDir: distDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(distDir, { recursive: true, force: true });
});

const directives = (res: LightMyRequestResponse) =>
  new Map(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

function expectPolicies(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).not.toContain('https:');
  expect(csp).not.toContain('upgrade-insecure-requests');
  const d = directives(res);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('style-src')).toEqual(["'self'"]);
  expect(d.get('style-src-attr')).toEqual(["'none'"]);
  expect(d.get('font-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);

  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'bluetooth', 'hid', 'display-capture']) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(permissions).toContain('clipboard-write=(self)');
}

describe('API answers', () => {
  it('are never stored: successes, sign-in answers (they carry a token), errors and 404s', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'first@example.com', password: 'correct horse battery', firstName: 'A', lastName: 'B', businessUnit: 'Sales' },
    });
    const signedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'first@example.com', password: 'correct horse battery' } });
    const token = (signedIn.json() as { token: string }).token;
    const answers = [
      registered,
      signedIn,
      await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } }),
      await app.inject({ method: 'GET', url: '/api/user' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not an email' } }),
      await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{oops' }),
      await app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200, 401, 400, 400, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
      expectPolicies(res);
    }
  });
});

describe('the web client', () => {
  it('is served with the strict policies and stays revalidated, not forbidden to cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/prompts', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expectPolicies(res);
  });
});
