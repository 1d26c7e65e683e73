import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from './csv';
import { body, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
const tricky = {
  title: 'Quotes "and", commas',
  content: 'Line one\nLine two, with "quotes"\r\nÜnïcödé ✓ 日本語',
  notes: ',;"',
  aiModels: ['Claude', 'ChatGPT'],
  tags: ['Ça va', 'Legal'],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.register({ firstName: 'Zoë', lastName: "O'Brien" });
  await t.app.inject({ method: 'POST', url: '/api/prompts', headers: admin.auth, payload: tricky });
  await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    headers: admin.auth,
    payload: { title: 'Other', content: 'x', aiModels: ['Gemini'], tags: ['Misc'] },
  });
});
afterAll(() => t.close());

const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/admin/export?${qs}`, headers: admin.auth });

describe('data export', () => {
  it('downloads prompts as RFC 4180 CSV with a BOM that parses back to the stored values', async () => {
    const res = await get('type=prompts&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ai-prompts-prompts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.title === tricky.title)!;
    expect(row).toMatchObject({
      content: tricky.content,
      notes: tricky.notes,
      aiModels: 'Claude; ChatGPT',
      tags: 'Ça va; Legal',
      ownerFirstName: 'Zoë',
      ownerLastName: "O'Brien",
      ownerEmail: admin.user.email,
    });
  });

  it('downloads JSON, narrows prompts by the list filters, and counts what will be exported', async () => {
    const json = body<{ prompts: Array<Record<string, unknown>> }>(await get('type=prompts&format=json&tags=Legal')).prompts;
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ title: tricky.title, content: tricky.content, tags: ['Ça va', 'Legal'] });
    const count = await t.app.inject({ method: 'GET', url: '/api/admin/export/count?type=prompts&search=other', headers: admin.auth });
    expect(body(count)).toEqual({ count: 1 });
  });

  it('exports users without password material, and units and form fields', async () => {
    const users = await get('type=users&format=json');
    expect(users.body).not.toMatch(/argon2|password"/);
    expect(body<unknown[]>(users)).toHaveLength(1);
    const units = parse((await get('type=business-units&format=csv')).body, { bom: true, columns: true });
    expect(units).toHaveLength(1);
    const fields = body<Array<{ name: string }>>(await get('type=form-fields&format=json'));
    expect(fields.map((f) => f.name)).toContain('userBusinessUnit');
  });

  it('writes text that a spreadsheet would run as a formula as plain text in CSV, and exactly in JSON', async () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1)'];
    for (const [i, notes] of formulas.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: admin.auth,
        payload: { title: `f${i}`, content: 'x', notes, aiModels: ['Gemini'], tags: ['Formula'] },
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = parse((await get('type=prompts&format=csv&tags=Formula')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const notes = Object.fromEntries(rows.map((r) => [r.title, r.notes]));
    expect(formulas.map((_, i) => notes[`f${i}`])).toEqual(formulas.map((f) => `'${f}`));
    const json = body<{ prompts: Array<{ title: string; notes: string }> }>(await get('type=prompts&format=json&tags=Formula')).prompts;
    expect(json.find((p) => p.title === 'f0')?.notes).toBe(formulas[0]);
  });

  it('neutralises a leading tab or carriage return too, but leaves numbers and ordinary text alone', () => {
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('a-b = c')).toBe('a-b = c');
    // Behind white space (importers that trim it) and in full-width forms (read as the ASCII signs).
    expect(csvField('  =1+1')).toBe("'  =1+1");
    expect(csvField('\u3000@SUM(A1)')).toBe("'\u3000@SUM(A1)");
    expect(csvField('＝1+1')).toBe("'＝1+1");
    expect(csvField('＋1')).toBe("'＋1");
    expect(csvField('  plain')).toBe('  plain');
  });

  it('answers 400 for an unknown type or format', async () => {
    expect((await get('type=secrets&format=csv')).statusCode).toBe(400);
    expect((await get('type=users&format=xlsx')).statusCode).toBe(400);
  });
});
