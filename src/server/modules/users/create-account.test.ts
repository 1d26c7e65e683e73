import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from './create-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const account = (email: string) => ({ email, password: 'not-a-hash', firstName: 'Ada', lastName: 'Lovelace', businessUnit: 'Finance' });

describe('createAccount', () => {
  it('makes the first account the administrator only when asked to, and a later one an editor', async () => {
    const notAsked = await t.db.transaction((tx) => createAccount(tx, account('first@example.com'), { firstAccountBecomesAdmin: false }));
    expect(notAsked).toMatchObject({ firstAdmin: false, user: { role: 'edit' } });
    await t.db.delete(users);

    const first = await t.db.transaction((tx) => createAccount(tx, account('one@example.com'), { firstAccountBecomesAdmin: true }));
    expect(first).toMatchObject({ firstAdmin: true, user: { role: 'admin' } });
    const second = await t.db.transaction((tx) => createAccount(tx, account('two@example.com'), { firstAccountBecomesAdmin: true }));
    expect(second).toMatchObject({ firstAdmin: false, user: { role: 'edit' } });
  });

  it('keeps a role its caller decided and stores the business unit under its resolved name', async () => {
    const { user } = await t.db.transaction((tx) =>
      createAccount(tx, { ...account('reader@example.com'), businessUnit: 'FINANCE', role: 'read' }, { firstAccountBecomesAdmin: true }),
    );
    expect(user.role).toBe('read');
    expect(user.businessUnit).toBe('Finance');
  });
});
