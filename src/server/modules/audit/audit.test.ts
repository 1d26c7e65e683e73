import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, auditPageSchema } from '../../../shared/schemas/audit';
import { queryRows } from '../../db/client';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { purgeAuditEvents } from './audit';

// The log itself: append-only at the database, the retention purge, filters, pages and the CSV.
let t: TestApp;

/** The database's own refusal (the driver wraps it in a "Failed query" error whose cause it is). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  const err = await statement.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(err, 'the statement should have been refused').not.toBeNull();
  return `${err!.message} ${err!.cause?.message ?? ''}`;
}
let admin: TestUser;
let editor: TestUser;

const page = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${qs}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return auditPageSchema.parse(body(res));
};

/** Every event matching `qs`, following the cursor page by page. */
async function allPages(qs: string, limit: number): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(`${qs}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    events.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor);
  return events;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ email: 'audit.admin@example.com', firstName: 'Ada', lastName: 'Admin' });
  editor = await t.userWithRole('edit', { email: 'audit.editor@example.com' });
});
afterAll(() => t.close());

describe('the audit_events table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const [{ n }] = (await queryRows(t.db, sql`select count(*)::int as n from audit_events`)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(await refusal(t.db.execute(sql`update audit_events set summary = 'rewritten'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from audit_events`))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate audit_events`))).toMatch(/append-only: TRUNCATE/);
    const after = (await queryRows(t.db, sql`select count(*)::int as n, count(*) filter (where summary = 'rewritten')::int as changed from audit_events`))[0]!;
    expect(after).toEqual({ n, changed: 0 });
  });

  it('lets only the retention purge remove events, and only those older than the retention', async () => {
    await t.db.execute(sql`insert into audit_events (at, action, summary) values
      (now() - interval '400 days', 'auth.sign_in', 'very old'), (now() - interval '300 days', 'auth.sign_in', 'recent enough')`);
    expect(await purgeAuditEvents(t.db, 365)).toBe(1);
    const left = await queryRows(t.db, sql`select summary from audit_events where summary in ('very old', 'recent enough')`);
    expect(left.map((r) => r.summary)).toEqual(['recent enough']);
    // The purge's permission ends with its own transaction.
    expect(await refusal(t.db.execute(sql`delete from audit_events where summary = 'recent enough'`))).toMatch(/append-only/);
  });
});

describe('GET /api/admin/audit', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/business-units', headers: admin.auth, payload: { name: `Audit unit ${i}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'audit.editor@example.com', password: 'wrong password here' } });
  });

  it('answers admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: editor.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('pages newest first through every matching event exactly once', async () => {
    const events = await allPages('action=business_unit.created', 3);
    expect(events.map((e) => e.summary)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Created business unit “Audit unit ${i}”`));
    expect(new Set(events.map((e) => e.id)).size).toBe(7);
    const whole = await allPages('', 4);
    expect(new Set(whole.map((e) => e.id)).size).toBe(whole.length);
    expect(whole.length).toBe((await page('')).total);
    const times = whole.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by actor email, start of an email or id, by target type and by days', async () => {
    const byEmail = await allPages('actor=AUDIT.EDITOR@example.com', 50);
    expect(byEmail.map((e) => e.action)).toContain('auth.sign_in_failed');
    expect(byEmail.every((e) => e.actor.email === 'audit.editor@example.com')).toBe(true);
    const byPrefix = await allPages('actor=audit.ad', 50);
    expect(byPrefix.length).toBeGreaterThanOrEqual(8);
    expect(byPrefix.every((e) => e.actor.email === 'audit.admin@example.com')).toBe(true);
    const byId = await allPages(`actor=${admin.user.id}`, 50);
    expect(byId.map((e) => e.id).sort()).toEqual(byPrefix.map((e) => e.id).sort());
    // A % in the filter is a character, not a wildcard.
    expect((await page('actor=%25')).total).toBe(0);

    const units = await allPages('targetType=business_unit', 50);
    expect(units.length).toBe(7);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=${today}&to=${today}&action=business_unit.created`)).total).toBe(7);
    expect((await page('to=2020-01-01')).total).toBe(0);
  });

  it('hides the routine sign-ins and sign-outs on request, keeping failed sign-ins', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'audit.admin@example.com', password: admin.password } });
    expect(login.statusCode, login.body).toBe(200);
    const everything = await allPages('', 50);
    expect(everything.map((e) => e.action)).toContain('auth.sign_in');
    const hidden = await allPages('hideSignIns=true', 50);
    expect(hidden.map((e) => e.action)).not.toContain('auth.sign_in');
    expect(hidden.map((e) => e.action)).not.toContain('auth.sign_out');
    expect(hidden.map((e) => e.action)).toContain('auth.sign_in_failed');
    expect(hidden.length).toBe(everything.filter((e) => e.action !== 'auth.sign_in' && e.action !== 'auth.sign_out').length);
    expect((await page('hideSignIns=true')).total).toBe(hidden.length);
    expect((await page('hideSignIns=false')).total).toBe(everything.length);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit?hideSignIns=yes', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors?: Record<string, string> }>(bad).errors).toMatchObject({ hideSignIns: 'hideSignIns must be true or false' });

    // The CSV follows it too, through a one-time link whose filters travel as JSON.
    const ticket = await t.app.inject({ method: 'POST', url: '/api/admin/audit/export/tickets', headers: admin.auth, payload: { hideSignIns: true } });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const csv = await t.app.inject({ method: 'GET', url: body<{ url: string }>(ticket).url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',auth.sign_in_failed,');
    expect(csv.body).not.toContain(',auth.sign_in,');
  });

  it('names the acting account beside its address, when the account still exists', async () => {
    const [mine] = (await page(`actor=${admin.user.id}&limit=1`)).items;
    expect(mine!.actor).toMatchObject({ id: admin.user.id, email: 'audit.admin@example.com', name: 'Ada Admin' });
    // A failed sign-in to an address without an account has no one to name.
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody.here@example.com', password: 'wrong password here' } });
    const [stranger] = (await page('actor=nobody.here@example.com&limit=1')).items;
    expect(stranger!.actor).toEqual({ id: null, email: 'nobody.here@example.com', name: null });
  });

  it('keeps the address and user agent of the request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/business-units',
      headers: { ...admin.auth, 'user-agent': 'AuditTest/1.0' },
      payload: { name: 'Agent unit' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(201);
    const [event] = (await page('action=business_unit.created&limit=1')).items;
    expect(event).toMatchObject({ summary: 'Created business unit “Agent unit”', ip: '203.0.113.9', userAgent: 'AuditTest/1.0' });
  });

  it('answers 400 naming the problem for bad filters and cursors', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['from=yesterday', 'from'],
      ['to=2026-02-31', 'to'],
      ['action=prompt.eaten', 'action'],
      ['targetType=planet', 'targetType'],
      ['limit=0', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ];
    for (const [qs, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${qs}`, headers: admin.auth });
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(body<{ errors?: Record<string, string> }>(res).errors ?? {}), qs).toContain(field);
    }
  });

  it('exports the filtered log as CSV, directly and through a one-time link', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/admin/audit/export?action=business_unit.created', headers: admin.auth });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toContain('text/csv');
    const lines = direct.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,actorEmail,actorId,action,targetType,targetId,summary,before,after,ip,userAgent');
    expect(lines).toHaveLength(1 + 8);
    // The download is recorded too: the file holds addresses and browsers.
    expect((await page('action=data.exported&limit=1')).items[0]).toMatchObject({ summary: 'Exported the audit log as CSV', after: { type: 'audit-log' } });
    expect(lines.slice(1).every((l) => l.includes(',business_unit.created,business_unit,'))).toBe(true);

    const ticket = await t.app.inject({ method: 'POST', url: '/api/admin/audit/export/tickets', headers: admin.auth, payload: { actor: 'audit.editor@' } });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const url = body<{ url: string }>(ticket).url;
    const viaLink = await t.app.inject({ method: 'GET', url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.body).toContain('auth.sign_in_failed');
    expect(viaLink.body).not.toContain('audit.admin@example.com');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/audit/export/tickets', headers: admin.auth, payload: { from: '2026-13-01' } });
    expect(refused.statusCode).toBe(400);
  });
});
