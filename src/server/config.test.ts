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
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', PASSWORD_RESET_DELIVERY: 'response' }).passwordResetDelivery).toBe('response');
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
});
