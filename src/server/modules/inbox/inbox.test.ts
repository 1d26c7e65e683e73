import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxListSchema, type InboxType } from '../../../shared/schemas/inbox';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createMailer } from '../../lib/mailer';
import { smtpServerAvailable, type SmtpServer, startSmtpServer } from '../../test/smtp-server';
import { body, createTestApp, type TestApp, type TestUser, usersForEveryRole } from '../../test/test-app';
import { deliverDigests, deliverItemEmails, deliverReviewNotices } from './inbox.delivery';

// The inbox: an item for each kind of event, written with the change that caused it; the unread count,
// pages, marking read; titles hidden once the prompt is; "review due" written once per review date by
// the delivery pass; and the emails members ask for, through a real SMTP server.

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-06-01T09:00:00Z');
let t: TestApp;
let admin: TestUser;
let eve: TestUser; // owner, Legal
let otto: TestUser; // editor, Sales
let rita: TestUser; // read member
let promptId = '';

const request = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload === undefined ? {} : { payload }) });
const inbox = async (u: TestUser, qs = '') => {
  const res = await request(u, 'GET', `/api/inbox${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return inboxListSchema.strict().parse(res.json());
};
const types = async (u: TestUser) => (await inbox(u)).items.map((i) => i.type);
const ok = async (res: Promise<{ statusCode: number; body: string }>) => expect((await res).statusCode, (await res).body).toBeLessThan(300);

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, verificationDays: 30 });
  ({ admin, editor: eve, other: otto, reader: rita } = await usersForEveryRole(t));
  const res = await request(eve, 'POST', '/api/prompts', { title: 'Inbox prompt', content: 'Body', aiModels: ['ChatGPT'], tags: ['Inbox'] });
  promptId = body<{ id: string }>(res).id;
});
afterAll(() => t.close());

describe('items', () => {
  it('arrive for each kind of event, to the right people, never to the one who acted', async () => {
    await ok(request(otto, 'PUT', `/api/prompts/${promptId}/favorite`));
    await ok(request(rita, 'PUT', `/api/prompts/${promptId}/vote`, { value: 'up', note: 'Saved me an hour' }));
    // The same note again is no news.
    await ok(request(rita, 'PUT', `/api/prompts/${promptId}/vote`, { value: 'up', note: 'Saved me an hour' }));
    await ok(request(admin, 'PUT', `/api/prompts/${promptId}/status`, { status: 'verified' }));
    await ok(request(eve, 'PUT', `/api/prompts/${promptId}`, { title: 'Inbox prompt', content: 'Body, changed', aiModels: ['ChatGPT'], tags: ['Inbox'] }));
    await ok(request(eve, 'PUT', `/api/prompts/${promptId}/owners`, { ownerId: eve.user.id, coOwnerIds: [otto.user.id] }));
    await ok(request(admin, 'PUT', `/api/admin/users/${rita.user.id}/curator-units`, { units: ['legal'] }));
    await ok(request(eve, 'PUT', `/api/prompts/${promptId}/status`, { status: 'deprecated' }));

    expect(await types(eve)).toEqual(['prompt_verified', 'feedback_note'] satisfies InboxType[]);
    // Otto starred it (then co-owns it): he hears of the change, the co-ownership and the deprecation.
    expect(await types(otto)).toEqual(['prompt_deprecated', 'co_owner_added', 'favorite_changed'] satisfies InboxType[]);
    expect(await types(rita)).toEqual(['curator_assigned'] satisfies InboxType[]);
    const [curator] = (await inbox(rita)).items;
    expect(curator).toMatchObject({ actor: { id: admin.user.id, firstName: 'Ada', lastName: 'Admin' }, detail: 'Legal', promptId: null, readAt: null });
    const note = (await inbox(eve)).items[1]!;
    expect(note).toMatchObject({ promptId, promptTitle: 'Inbox prompt', detail: 'Saved me an hour', actor: { id: rita.user.id } });
  });

  it('count unread, page newest first, and are marked read by id (only one’s own) or all at once', async () => {
    const first = await inbox(otto, '?limit=2');
    expect(first.unread).toBe(3);
    expect(first.items.map((i) => i.type)).toEqual(['prompt_deprecated', 'co_owner_added']);
    const second = await inbox(otto, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.type)).toEqual(['favorite_changed']);
    expect(second.nextCursor).toBeNull();

    const evesItem = (await inbox(eve)).items[0]!;
    const marked = await request(otto, 'POST', '/api/inbox/read', { ids: [first.items[0]!.id, evesItem.id] });
    expect(body(marked)).toEqual({ unread: 2 });
    expect((await inbox(eve)).unread).toBe(2);
    expect((await inbox(otto, '?unread=true')).items.map((i) => i.type)).toEqual(['co_owner_added', 'favorite_changed']);
    expect(body(await request(otto, 'GET', '/api/inbox/unread'))).toEqual({ unread: 2 });
    expect(body(await request(otto, 'POST', '/api/inbox/read', { all: true }))).toEqual({ unread: 0 });
    expect((await inbox(otto)).items.every((i) => i.readAt !== null)).toBe(true);

    for (const bad of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { ids: [evesItem.id], all: true }]) {
      expect((await request(otto, 'POST', '/api/inbox/read', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await request(otto, 'GET', '/api/inbox?cursor=garbage')).statusCode).toBe(400);
  });

  it('name a prompt only while the member may see it', async () => {
    await ok(request(eve, 'PUT', `/api/prompts/${promptId}/owners`, { ownerId: eve.user.id, coOwnerIds: [] }));
    await ok(
      request(eve, 'PUT', `/api/prompts/${promptId}`, {
        title: 'Inbox prompt',
        content: 'Body, changed',
        aiModels: ['ChatGPT'],
        tags: ['Inbox'],
        visibility: 'private',
      }),
    );
    const items = (await inbox(otto)).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.promptTitle === null)).toBe(true);
  });
});

describe('review due', () => {
  it('is written once per review date, to the owner and co-owners, when the verification runs out', async () => {
    const res = await request(eve, 'POST', '/api/prompts', { title: 'Ages', content: 'Body', aiModels: ['ChatGPT'], tags: ['Inbox'] });
    const id = body<{ id: string }>(res).id;
    await ok(request(eve, 'PUT', `/api/prompts/${id}/owners`, { ownerId: eve.user.id, coOwnerIds: [otto.user.id] }));
    await ok(request(admin, 'PUT', `/api/prompts/${id}/status`, { status: 'verified' }));
    expect(await deliverReviewNotices(t.db, now)).toBe(0);
    now = new Date(now.getTime() + 31 * DAY);
    expect(await deliverReviewNotices(t.db, now)).toBe(1);
    expect(await deliverReviewNotices(t.db, now)).toBe(0);
    for (const u of [eve, otto]) expect((await inbox(u)).items.filter((i) => i.type === 'review_due' && i.promptId === id)).toHaveLength(1);
    // Verified again, it is due again at its next date.
    await ok(request(admin, 'PUT', `/api/prompts/${id}/status`, { status: 'verified' }));
    now = new Date(now.getTime() + 31 * DAY);
    expect(await deliverReviewNotices(t.db, now)).toBe(1);
    expect((await inbox(eve)).items.filter((i) => i.type === 'review_due' && i.promptId === id)).toHaveLength(2);
  });
});

describe.runIf(smtpServerAvailable())('email', () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.stop());

  it('sends one message per item to those who chose it, once, and a daily digest to those who chose that', async () => {
    const options = () => ({
      db: t.db,
      mailer: createMailer({ ...t.config, smtpUrl: smtp.url }),
      baseUrl: 'https://prompts.example.com',
      clock: () => now,
      log: { warn: () => undefined },
    });
    expect(body(await request(rita, 'GET', '/api/inbox/settings'))).toEqual({ email: 'off', emailAvailable: false });
    await ok(request(rita, 'PUT', '/api/inbox/settings', { email: 'each' }));
    expect((await request(rita, 'PUT', '/api/inbox/settings', { email: 'hourly' })).statusCode).toBe(400);
    // A digest holds the unread items: Eve has read hers so far.
    await ok(request(eve, 'POST', '/api/inbox/read', { all: true }));
    await ok(request(eve, 'PUT', '/api/inbox/settings', { email: 'daily' }));
    await ok(request(admin, 'PUT', `/api/admin/users/${rita.user.id}/curator-units`, { units: ['Legal', 'Sales'] }));
    const res = await request(eve, 'POST', '/api/prompts', { title: 'Mailed', content: 'Body', aiModels: ['ChatGPT'], tags: ['Inbox'] });
    await ok(request(otto, 'PUT', `/api/prompts/${body<{ id: string }>(res).id}/vote`, { value: 'down', note: 'Too long' }));

    expect(await deliverItemEmails(options())).toBe(1);
    expect(await deliverItemEmails(options())).toBe(0);
    // Eve's day has not passed since she chose the digest.
    expect(await deliverDigests(options())).toBe(0);
    // A day passes for Eve's digest (the database's clock stamps items and digests alike).
    await t.db
      .update(users)
      .set({ inboxDigestAt: sql`now() - interval '25 hours'` })
      .where(eq(users.id, eve.user.id));
    expect(await deliverDigests(options())).toBe(1);
    expect(await deliverDigests(options())).toBe(0);
    await expect.poll(() => smtp.messages().length).toBe(2);
    const [each, digest] = smtp.messages();
    expect(each!.to).toBe(rita.user.email);
    expect(each!.text).toContain('Ada Admin made you a curator of Sales');
    expect(each!.text).toContain('https://prompts.example.com/inbox');
    expect(digest!.to).toBe(eve.user.email);
    expect(digest!.subject).toBe('1 new in your prompts inbox');
    expect(digest!.text).toContain('Otto Other left feedback on “Mailed”');
    expect(digest!.text).toContain('“Too long”');
  });
});
