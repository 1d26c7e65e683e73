import { z } from 'zod';
import * as audit from '../../shared/schemas/audit';
import * as auth from '../../shared/schemas/auth';
import * as bulk from '../../shared/schemas/bulk';
import * as businessUnits from '../../shared/schemas/business-units';
import * as catalog from '../../shared/schemas/catalog';
import * as common from '../../shared/schemas/common';
import * as exportSchemas from '../../shared/schemas/export';
import * as formFields from '../../shared/schemas/form-fields';
import * as prompts from '../../shared/schemas/prompts';
import * as tags from '../../shared/schemas/tags';
import * as tokens from '../../shared/schemas/tokens';
import * as users from '../../shared/schemas/users';

/** A small deterministic generator (mulberry32): the same seed sends the same requests every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof seededRandom>;

/**
 * Every field name of every request contract in src/shared, so that a new field is fuzzed without
 * this file changing.
 */
export function contractFieldNames(): string[] {
  const names = new Set<string>(['cursor', 'transferTo']);
  for (const mod of [audit, auth, bulk, businessUnits, catalog, common, exportSchemas, formFields, prompts, tags, tokens, users]) {
    for (const value of Object.values(mod)) {
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
    }
  }
  return [...names].sort();
}

/** Values that pass most contracts, so that one bad field at a time reaches the services. */
const PLAUSIBLE: Record<string, unknown> = {
  title: 'Fuzz title',
  content: 'Fuzz content',
  notes: 'Notes',
  aiModels: ['Claude'],
  tags: ['Fuzz'],
  email: 'fuzz@example.com',
  password: 'correct horse battery',
  currentPassword: 'correct horse battery',
  newPassword: 'battery horse correct',
  confirmPassword: 'battery horse correct',
  firstName: 'Fuzz',
  lastName: 'Tester',
  businessUnit: 'Engineering',
  userBusinessUnit: 'Engineering',
  role: 'edit',
  name: 'Fuzz name',
  label: 'Fuzz Label',
  type: 'text',
  required: false,
  enabled: true,
  order: 3,
  options: ['One', 'Two'],
  placeholder: 'Type here',
  fields: [],
  customFields: {},
  model: 'Fuzz model',
  format: 'json',
  sort: 'title',
  limit: 10,
  // Personal API tokens and audit filters: a plausible rest lets one spoiled field reach the database.
  scopes: ['prompts:read'],
  expiresInDays: 30,
  actor: 'fuzz@example.com',
};

const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** JSON text spliced into a body as is: nesting this deep would overflow JSON.stringify itself. */
export class RawJson {
  constructor(readonly text: string) {}
}
const DEEP = new RawJson(`${'['.repeat(20_000)}"bottom"${']'.repeat(20_000)}`);
const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}`);

/** JSON.stringify that splices RawJson values in. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v));
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Text that has broken servers before: SQL and tsquery syntax, NUL, bad Unicode, huge strings, bogus cursors. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%_\\',
  '"\'`$$',
  ':* & | ! ( ) <-> <%',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  'half a pair \udc00 in the middle',
  'emoji cut short \ud83d',
  '😀 é ü 日本語 \u202e',
  'x'.repeat(100_000),
  'é'.repeat(5_000),
  '-1',
  '1e308',
  'NaN',
  'null',
  'true',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45T99:99:99Z',
  'garbage-cursor',
  cursorOf(['updatedAt', 'desc', '2026-02-30 00:00:00+00', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['relevance', 'desc', 1e300, '00000000-0000-4000-8000-000000000000']),
  cursorOf(['title', 'asc', 'a\u0000', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['title', 'asc', { a: 1 }, "'; --"]),
  cursorOf({ sort: 'title' }),
];

/** Any JSON value of the wrong kind: numbers, booleans, arrays, objects, deep nesting. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  [],
  ['a', 'a', 'A'],
  Array.from({ length: 300 }, (_, i) => `item ${i}`),
  [1, null, {}, []],
  {},
  { nested: { deeper: ['x'] } },
  { constructor: 'x', toString: 'y', valueOf: 1, hasOwnProperty: null },
  DEEP,
  DEEP_OBJECT,
];

/** Half of a UTF-16 surrogate pair, alone or reversed: no character at all, yet valid in a JSON string. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The inputs that broke the server most often come up more often than their share of the lists. */
const FREQUENT: readonly string[] = NASTY_STRINGS.filter(
  (s) => s.includes('\0') || UNPAIRED_SURROGATE.test(s) || s.length > 40 || /^[A-Za-z0-9_-]{20,}$/.test(s),
);

const SURROGATE_TEXT: readonly string[] = NASTY_STRINGS.filter((s) => UNPAIRED_SURROGATE.test(s));
const NUL_TEXT: readonly string[] = NASTY_STRINGS.filter((s) => s.includes('\0'));
let unsafeTurn = 0;

/**
 * Text PostgreSQL or an encoder cannot take, for one field of a body: the input guard must refuse it
 * on every route. Successive calls walk the fields in turn, not at random, so that every field of a
 * route gets it: half a surrogate pair on two passes over the fields out of three, NUL on the third.
 */
function unsafeField(names: readonly string[]): [string, string] {
  const turn = unsafeTurn++;
  const pass = Math.floor(turn / names.length);
  const pool = pass % 3 === 2 ? NUL_TEXT : SURROGATE_TEXT;
  return [names[turn % names.length]!, pool[pass % pool.length]!];
}

export function nastyValue(r: Random): unknown {
  const roll = r.next();
  if (roll < 0.25) return r.pick(FREQUENT);
  return roll < 0.65 ? r.pick(NASTY_STRINGS) : r.pick(NASTY_VALUES);
}

/** A body: usually a plausible one with a few fields spoiled, sometimes not an object at all. */
export function fuzzBody(r: Random, names: readonly string[]): unknown {
  const roll = r.next();
  if (roll < 0.1) return r.pick(NASTY_VALUES);
  if (roll < 0.15) return r.pick(NASTY_STRINGS);
  if (roll < 0.45) {
    // One field of unsafe text beside plausible values only (optional fields without one left out),
    // so that nothing else stops the request before the guard would.
    const body: Record<string, unknown> = Object.fromEntries(names.filter((n) => n in PLAUSIBLE).map((n) => [n, PLAUSIBLE[n]]));
    const [field, text] = unsafeField(names);
    body[field] = text;
    return body;
  }
  const body: Record<string, unknown> = {};
  for (const name of names) body[name] = PLAUSIBLE[name] ?? 'Fuzz value';
  const spoiled = 1 + r.int(5);
  for (let i = 0; i < spoiled; i++) body[r.pick(names)] = nastyValue(r);
  if (r.next() < 0.2) body.customFields = { [r.pick(['constructor', 'fuzz', '__proto__x', 'key \ud800'])]: nastyValue(r) };
  return body;
}

/** Raw payloads that are not JSON at all, or JSON that the parser must refuse. */
export const RAW_PAYLOADS: readonly string[] = ['{"a":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '[', 'null', '""'];

/** A query string of a few contract fields with spoiled values, percent-encoded or deliberately not. */
export function fuzzQuery(r: Random, names: readonly string[]): string {
  const parts: string[] = [];
  const count = 1 + r.int(7);
  for (let i = 0; i < count; i++) {
    const name = r.pick(names);
    const value = r.next() < 0.3 ? String(PLAUSIBLE[name] ?? 'fuzz') : String(r.next() < 0.3 ? r.pick(FREQUENT) : r.pick(NASTY_STRINGS)).slice(0, 8_000);
    let encoded: string;
    try {
      encoded = encodeURIComponent(value);
    } catch {
      // A lone surrogate cannot be encoded: send the invalid UTF-8 it would have been.
      encoded = '%ED%A0%80';
    }
    parts.push(`${name}=${encoded}`);
    if (r.next() < 0.2) parts.push(`${name}=${encoded}`);
  }
  if (r.next() < 0.15) parts.push(r.pick(['search=%', 'search=%ZZ', 'tags=%E0%A4%A', 'limit=1e3', 'limit=-0', 'sort[]=x', 'a[b][c]=d']));
  return parts.join('&');
}

/** A well-formed v4 uuid drawn from the generator. */
export function randomUuid(r: Random): string {
  const hex = Array.from({ length: 32 }, () => r.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A value for a path parameter: a real id when one is given, else a random uuid or something worse. */
export function fuzzParam(r: Random, realIds: readonly string[]): string {
  const roll = r.next();
  if (roll < 0.3 && realIds.length) return r.pick(realIds);
  if (roll < 0.5) return randomUuid(r);
  return r.pick([
    'not-a-uuid',
    '%00',
    'a%00b',
    '%ZZ',
    '..%2F..%2Fetc',
    "'%20OR%201=1",
    'x'.repeat(250),
    '00000000-0000-0000-0000-000000000000',
    '%F0%9F%98%80',
    '%ED%A0%80',
  ]);
}
