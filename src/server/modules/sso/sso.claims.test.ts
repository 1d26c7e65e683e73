import { describe, expect, it } from 'vitest';
import { cleanText, profileFromClaims, roleFromClaims, safeNext, SsoRefusal, unitFromClaims } from './sso.claims';

const settings = {
  issuer: 'https://id.example.com',
  clientId: 'prompts',
  clientSecret: 'secret',
  displayName: 'Single Sign-On',
  scopes: 'openid email profile',
  roleClaim: 'groups',
  adminValues: ['prompt-admins', 'it'],
  editValues: ['prompt-editors'],
  unitClaim: 'department',
  only: false,
  discoveryRetryMs: 2_000,
};

describe('roles from the role claim', () => {
  it('takes admin over edit over read, from a string or a list', () => {
    expect(roleFromClaims({ groups: ['prompt-editors', 'it'] }, settings)).toBe('admin');
    expect(roleFromClaims({ groups: 'prompt-admins' }, settings)).toBe('admin');
    expect(roleFromClaims({ groups: ['staff', 'prompt-editors'] }, settings)).toBe('edit');
    expect(roleFromClaims({ groups: ['staff'] }, settings)).toBe('read');
    expect(roleFromClaims({}, settings)).toBe('read');
    expect(roleFromClaims({ groups: [null, 7, { a: 1 }] }, settings)).toBe('read');
  });

  it('matches values exactly (case and spacing count only after trimming)', () => {
    expect(roleFromClaims({ groups: [' prompt-admins '] }, settings)).toBe('admin');
    expect(roleFromClaims({ groups: ['Prompt-Admins'] }, settings)).toBe('read');
  });

  it('reads a nested claim by a dotted name', () => {
    const keycloak = { ...settings, roleClaim: 'realm_access.roles' };
    expect(roleFromClaims({ realm_access: { roles: ['prompt-editors'] } }, keycloak)).toBe('edit');
    expect(roleFromClaims({ 'realm_access.roles': ['it'] }, keycloak)).toBe('admin');
    expect(roleFromClaims({ realm_access: 'x' }, keycloak)).toBe('read');
  });

  it('leaves the role to the app without a role claim', () => {
    expect(roleFromClaims({ groups: ['prompt-admins'] }, { ...settings, roleClaim: undefined })).toBeUndefined();
  });
});

describe('units from the unit claim', () => {
  it('takes the first non-empty value, and nothing without the claim configured', () => {
    expect(unitFromClaims({ department: ['', 'Research', 'Sales'] }, settings)).toBe('Research');
    expect(unitFromClaims({ department: '  ' }, settings)).toBeUndefined();
    expect(unitFromClaims({ department: 'Research' }, { unitClaim: undefined })).toBeUndefined();
  });
});

describe('text from claims', () => {
  it('drops control characters and bounds the length', () => {
    expect(cleanText('Ada\u0000 Love\nlace')).toBe('Ada  Love lace');
    expect(cleanText('x'.repeat(500))).toHaveLength(200);
    expect(cleanText(42)).toBe('42');
    expect(cleanText({})).toBeUndefined();
  });
});

describe('the profile', () => {
  const claims = {
    sub: 'abc',
    email: ' Ada@Example.COM ',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    groups: ['it'],
    department: 'R&D',
  };

  it('holds the lowercased email, names, role and unit', () => {
    expect(profileFromClaims(claims, settings)).toEqual({
      subject: 'abc',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      businessUnit: 'R&D',
    });
    expect(profileFromClaims({ ...claims, email_verified: 'true' }, settings).email).toBe('ada@example.com');
  });

  it('splits `name` when given and family names are missing', () => {
    const { firstName, lastName } = profileFromClaims({ sub: 'a', email: 'a@b.co', email_verified: true, name: 'Grace Brewster Hopper' }, settings);
    expect([firstName, lastName]).toEqual(['Grace Brewster', 'Hopper']);
    const none = profileFromClaims({ sub: 'a', email: 'a@b.co', email_verified: true }, settings);
    expect([none.firstName, none.lastName]).toEqual([undefined, undefined]);
  });

  it.each([
    [{ ...claims, email_verified: false }, 'email_unverified'],
    [{ ...claims, email_verified: undefined }, 'email_unverified'],
    [{ ...claims, email_verified: 'yes' }, 'email_unverified'],
    [{ ...claims, email: undefined }, 'email_missing'],
    [{ ...claims, email: 'not an email' }, 'email_missing'],
    [{ ...claims, email: ['a@b.co'] }, 'email_missing'],
    [{ ...claims, sub: undefined }, 'failed'],
  ])('refuses %o with %s', (bad, code) => {
    expect(() => profileFromClaims(bad as Record<string, unknown>, settings)).toThrow(SsoRefusal);
    try {
      profileFromClaims(bad as Record<string, unknown>, settings);
    } catch (err) {
      expect((err as SsoRefusal).code).toBe(code);
    }
  });
});

describe('destinations after sign-in', () => {
  it.each([
    ['/my-prompts', '/my-prompts'],
    ['/prompts/1?x=1#y', '/prompts/1?x=1#y'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/ok\\no', '/'],
    ['https://evil.example', '/'],
    ['evil', '/'],
    ['/\u0000', '/'],
    ['/\tx', '/'],
    ['', '/'],
    [undefined, '/'],
    [['/a'], '/'],
    [`/${'a'.repeat(3000)}`, '/'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
