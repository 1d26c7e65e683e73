import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from '../config';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { pgConnection, tlsRefusal } from './connection-tls';

// How the URL's sslmode (and DATABASE_CA_FILE) become node-postgres's TLS options, libpq's way.
const dir = mkdtempSync(path.join(tmpdir(), 'apd-tls-settings-'));
const caFile = path.join(dir, 'ca.crt');
writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const notPem = path.join(dir, 'ca.txt');
writeFileSync(notPem, 'not a certificate');
const base = 'postgresql://app:pw@db.example.com:5432/prompts';

describe('TLS settings of a database URL', () => {
  it('takes the TLS parameters out of the URL node-postgres is given, whatever the mode', () => {
    const { connectionString, ssl } = pgConnection(`${base}?sslmode=verify-full&application_name=apd&sslrootcert=${caFile}`, undefined).options;
    expect(connectionString).toBe(`${base}?application_name=apd`);
    expect(ssl).toMatchObject({ rejectUnauthorized: true, ca: expect.stringContaining('BEGIN CERTIFICATE') });
  });

  it('no sslmode or disable: no TLS', () => {
    expect(pgConnection(base, undefined).options.ssl).toBe(false);
    expect(pgConnection(`${base}?sslmode=disable`, undefined).options.ssl).toBe(false);
  });

  it('require: encrypted, the certificate unchecked, unless a CA is given (then the chain is checked, not the name)', () => {
    expect(pgConnection(`${base}?sslmode=require`, undefined)).toMatchObject({ options: { ssl: { rejectUnauthorized: false } }, verified: false });
    const withCa = pgConnection(`${base}?sslmode=require`, caFile);
    expect(withCa).toMatchObject({ options: { ssl: { rejectUnauthorized: true, ca: expect.any(String) } }, verified: true });
    expect((withCa.options.ssl as { checkServerIdentity?: unknown }).checkServerIdentity).toBeTypeOf('function');
  });

  it('verify-ca skips the name check; verify-full keeps Node’s own; sslrootcert=system uses the machine’s CAs', () => {
    const verifyCa = pgConnection(`${base}?sslmode=verify-ca`, caFile).options.ssl as Record<string, unknown>;
    expect(verifyCa.checkServerIdentity).toBeTypeOf('function');
    const verifyFull = pgConnection(`${base}?sslmode=verify-full`, caFile).options.ssl as Record<string, unknown>;
    expect(verifyFull).toEqual({ rejectUnauthorized: true, ca: expect.any(String) });
    expect(pgConnection(`${base}?sslmode=verify-full&sslrootcert=system`, caFile).options.ssl).toEqual({ rejectUnauthorized: true });
    // node-postgres's own ssl=true meant a checked connection.
    expect(pgConnection(`${base}?ssl=true`, undefined)).toMatchObject({ sslMode: 'verify-full', verified: true });
  });

  it('reads the rest of the URL as node-postgres does: a local socket with a password, repeated parameters (the last wins), sslnegotiation', () => {
    const socket = 'postgresql://postgres:s3cret@/prompts?host=%2Fvar%2Frun%2Fpostgresql';
    expect(pgConnection(socket, undefined).options).toEqual({
      connectionString: 'postgresql://postgres:s3cret@/prompts?host=%2Fvar%2Frun%2Fpostgresql',
      ssl: false,
    });
    expect(pgConnection(`${base}?sslmode=disable&sslmode=require`, undefined).sslMode).toBe('require');
    // node-postgres would read it as ssl=true over our options: it is taken out and given apart.
    expect(pgConnection(`${base}?sslmode=verify-full&sslnegotiation=direct`, caFile).options).toEqual({
      connectionString: base,
      ssl: expect.objectContaining({ ca: expect.any(String) }),
      sslnegotiation: 'direct',
    });
    expect(pgConnection(`${base}?ssl=no-verify`, undefined)).toMatchObject({ sslMode: 'require', verified: false });
    expect(pgConnection(`${base}?sslrootcert=system`, undefined)).toMatchObject({ sslMode: 'verify-full', options: { ssl: { rejectUnauthorized: true } } });
  });

  it('refuses at start what cannot work or would fall back to clear text, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(problems({ DATABASE_URL: `${base}?sslmode=prefer` })).toContain(
      'DATABASE_URL: sslmode=prefer would fall back to an unencrypted connection without saying so; use sslmode=require or verify-full (encrypted), or disable',
    );
    expect(problems({ DATABASE_URL: `${base}?sslmode=strict` })).toContain(
      'DATABASE_URL: sslmode must be disable, require, verify-ca or verify-full (not strict)',
    );
    expect(problems({ DATABASE_URL: base, DATABASE_CA_FILE: caFile })).toContain(
      'DATABASE_URL: DATABASE_CA_FILE given but the URL asks for no TLS: add sslmode=verify-full (or verify-ca)',
    );
    expect(problems({ DATABASE_URL: `${base}?sslmode=verify-full`, DATABASE_CA_FILE: path.join(dir, 'missing.crt') })).toContain(
      `DATABASE_CA_FILE: cannot read ${path.join(dir, 'missing.crt')} (ENOENT)`,
    );
    expect(problems({ DATABASE_URL: `${base}?sslmode=verify-full`, DATABASE_DIRECT_URL: `${base}?sslmode=verify-full&sslrootcert=${notPem}` })).toContain(
      `DATABASE_DIRECT_URL sslrootcert: ${notPem} holds no PEM certificate`,
    );
    expect(problems({ DATABASE_URL: `${base}?sslmode=require&sslrootcert=system` })).toContain(
      'DATABASE_URL: sslrootcert=system needs sslmode=verify-full (not require)',
    );
    expect(problems({ DATABASE_URL: `${base}?sslmode=disable&sslcert=a.crt&sslkey=a.key` })).toContain(
      'DATABASE_URL: sslcert, sslkey given but the URL asks for no TLS: add sslmode=verify-full (or verify-ca)',
    );
    expect(problems({ DATABASE_URL: `postgresql://app:s3cret@/prompts?host=/tmp&sslmode=prefer` })).not.toContain('s3cret');
    expect(problems({ DATABASE_URL: `${base}?sslmode=verify-full`, DATABASE_CA_FILE: caFile })).toBe('');
  });

  it('warns at start when the certificate goes unchecked', () => {
    expect(configWarnings(loadConfig({ DATABASE_URL: `${base}?sslmode=require` }))).toEqual([
      expect.stringMatching(/^DATABASE_URL has sslmode=require: .* not checked/),
    ]);
    expect(configWarnings(loadConfig({ DATABASE_URL: `${base}?sslmode=verify-full` }))).toEqual([]);
  });

  it('a certificate refused while running is the database being unavailable (503), not a fault of the request', () => {
    const refused = Object.assign(new Error('self-signed certificate in certificate chain'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' });
    expect(tlsRefusal(refused)).toContain('its TLS certificate was refused');
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(tlsRefusal(new Error('syntax error'))).toBeUndefined();
    const wrongPurpose = Object.assign(new Error('unsupported certificate purpose'), { code: 'INVALID_PURPOSE' });
    expect(isDatabaseUnavailable(wrongPurpose)).toBe(true);
    const handshake = Object.assign(new Error('tlsv13 alert certificate required\nSSL alert number 116\n'), {
      code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
    });
    expect(tlsRefusal(handshake)).toBe(
      "the TLS handshake failed (tlsv13 alert certificate required, ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED): check the server's TLS requirements (a client certificate: sslcert and sslkey in DATABASE_URL)",
    );
  });
});
