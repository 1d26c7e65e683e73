import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with no setup on the embedded database', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      passwordResetDelivery: 'log',
      sessionTtlDays: 30,
      authRateLimit: 10,
      logLevel: 'info',
    });
  });

  it('delivers reset links by email when SMTP is configured', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).passwordResetDelivery).toBe('email');
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', PASSWORD_RESET_DELIVERY: 'response', HOST: '127.0.0.1' }).passwordResetDelivery).toBe('response');
  });

  it('stops with a message naming every bad variable', () => {
    const bad = { PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_RATE_LIMIT: '0', PASSWORD_RESET_DELIVERY: 'pigeon' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const text = (err as Error).message;
      for (const name of Object.keys(bad)) expect(text).toContain(name);
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, and SMTP_URL for email delivery', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ PASSWORD_RESET_DELIVERY: 'email' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ ADMIN_EMAIL: ' Boss@Example.com ', ADMIN_PASSWORD: 'longenough' }).adminEmail).toBe('boss@example.com');
  });

  it('refuses PASSWORD_RESET_DELIVERY=response unless HOST is a loopback address, saying why', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      expect(loadConfig({ PASSWORD_RESET_DELIVERY: 'response', HOST }).passwordResetDelivery).toBe('response');
    }
    for (const HOST of [undefined, '0.0.0.0', '192.168.1.10', '::']) {
      expect(() => loadConfig({ PASSWORD_RESET_DELIVERY: 'response', HOST })).toThrow(/PASSWORD_RESET_DELIVERY.*loopback/);
    }
  });

  it('reads SESSION_IDLE_DAYS, TEMP_PASSWORD_TTL_HOURS and TRUST_PROXY with safe defaults', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleDays: 7, tempPasswordTtlHours: 72, trustProxy: false });
    const c = loadConfig({ SESSION_IDLE_DAYS: '2', TEMP_PASSWORD_TTL_HOURS: '24', TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' });
    expect(c).toMatchObject({ sessionIdleDays: 2, tempPasswordTtlHours: 24, trustProxy: ['10.0.0.1', '192.168.0.0/16'] });
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    expect((hops as (a: string, hop: number) => boolean)('10.0.0.1', 0)).toBe(true);
    expect((hops as (a: string, hop: number) => boolean)('10.0.0.1', 1)).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
  });

  it('reads VERIFICATION_DAYS: 180 by default, fractions of a day allowed as for the other day counts, never 0', () => {
    expect(loadConfig({}).verificationDays).toBe(180);
    expect(loadConfig({ VERIFICATION_DAYS: '0.5' }).verificationDays).toBe(0.5);
    expect(() => loadConfig({ VERIFICATION_DAYS: '0' })).toThrow(/VERIFICATION_DAYS/);
  });

  it('reads DB_CONNECT_RETRY_S: 30 s by default, 0 for no retry, and names it when it is bad', () => {
    expect(loadConfig({}).connectRetryS).toBe(30);
    expect(loadConfig({ DB_CONNECT_RETRY_S: '0' }).connectRetryS).toBe(0);
    expect(loadConfig({ DB_CONNECT_RETRY_S: '2.5' }).connectRetryS).toBe(2.5);
    expect(() => loadConfig({ DB_CONNECT_RETRY_S: 'soon' })).toThrow(/DB_CONNECT_RETRY_S: must be a number of seconds/);
    expect(() => loadConfig({ DB_CONNECT_RETRY_S: '-1' })).toThrow(/DB_CONNECT_RETRY_S: must be a number of seconds, 0 or more/);
    expect(() => loadConfig({ DB_CONNECT_RETRY_S: '100000' })).toThrow(/DB_CONNECT_RETRY_S: must be 86400 s/);
  });

  it('turns single sign-on on with OIDC_ISSUER, with its defaults', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const c = loadConfig({ OIDC_ISSUER: 'https://id.example.com/realms/main', OIDC_CLIENT_ID: 'prompts', OIDC_CLIENT_SECRET: 's3cret' });
    expect(c.oidc).toEqual({
      issuer: 'https://id.example.com/realms/main',
      clientId: 'prompts',
      clientSecret: 's3cret',
      displayName: 'Single Sign-On',
      scopes: 'openid email profile',
      roleClaim: undefined,
      adminValues: [],
      editValues: [],
      unitClaim: undefined,
      only: false,
      discoveryRetryMs: 2_000,
    });
  });

  it('reads the role and unit claims, their value lists and OIDC_ONLY', () => {
    const c = loadConfig({
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'prompts',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_DISPLAY_NAME: ' Contoso ID ',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ADMIN_VALUES: 'prompt-admins, it ,,',
      OIDC_EDIT_VALUES: 'prompt-editors',
      OIDC_UNIT_CLAIM: 'department',
      OIDC_ONLY: 'true',
    });
    expect(c.oidc).toMatchObject({
      displayName: 'Contoso ID',
      scopes: 'openid email profile groups',
      roleClaim: 'groups',
      adminValues: ['prompt-admins', 'it'],
      editValues: ['prompt-editors'],
      unitClaim: 'department',
      only: true,
    });
  });

  it('refuses single sign-on settings that cannot work, naming the variable', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_ISSUER: must be an https:\/\/ URL \(plain http only to a loopback address\)/,
    );
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_ISSUER: must be the identity provider’s issuer URL/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a' })).toThrow(
      /OIDC_CLIENT_ID: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required/,
    );
    expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY: =true needs OIDC_ISSUER/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_ONLY: 'yes' })).toThrow(
      /OIDC_ONLY: must be true or false/,
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_DISPLAY_NAME: 'x'.repeat(61) }),
    ).toThrow(/OIDC_DISPLAY_NAME/);
  });

  it('applies the password policy to ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD: must be at least 8/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'x'.repeat(257) })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss@Example.com' })).toThrow(
      /ADMIN_PASSWORD: Password must not be your email/,
    );
  });

  it('reads the AI gateway for test runs: off without AI_BASE_URL, models required with it, defaults for the limits', () => {
    expect(loadConfig({}).ai).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:4000/v1', AI_API_KEY: 'sk-1', AI_MODELS: 'gpt-4o, llama3 ,' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:4000/v1',
      apiKey: 'sk-1',
      models: ['gpt-4o', 'llama3'],
      runsPerUserPerDay: 50,
      timeoutMs: 60_000,
    });
    expect(loadConfig({ AI_BASE_URL: 'https://gw.example.org/v1', AI_MODELS: 'm', AI_RUNS_PER_USER_PER_DAY: '5', AI_TIMEOUT_S: '2.5' }).ai).toMatchObject({
      runsPerUserPerDay: 5,
      timeoutMs: 2_500,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'https://gw.example.org/v1' })).toThrow(/AI_MODELS: must name at least one model/);
    expect(() => loadConfig({ AI_BASE_URL: 'gateway', AI_MODELS: 'm' })).toThrow(/AI_BASE_URL: must be the URL of an OpenAI-compatible API/);
    expect(() => loadConfig({ AI_BASE_URL: 'https://gw.example.org/v1', AI_MODELS: 'm', AI_RUNS_PER_USER_PER_DAY: '0' })).toThrow(/AI_RUNS_PER_USER_PER_DAY/);
  });

  it('reads DATABASE_DIRECT_URL beside a pooled DATABASE_URL, and only with it', () => {
    const pooled = loadConfig({ DATABASE_URL: 'postgresql://app@pooler:6432/prompts', DATABASE_DIRECT_URL: 'postgresql://app@db:5432/prompts' });
    expect({ url: pooled.databaseUrl, direct: pooled.databaseDirectUrl }).toEqual({
      url: 'postgresql://app@pooler:6432/prompts',
      direct: 'postgresql://app@db:5432/prompts',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://app@db/prompts' }).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgresql://app@db/prompts' })).toThrow(/DATABASE_DIRECT_URL: goes with DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://a@b/c', DATABASE_DIRECT_URL: 'mysql://a@b/c' })).toThrow(
      /DATABASE_DIRECT_URL: must start with postgres/,
    );
  });
});
