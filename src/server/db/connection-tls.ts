import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

/**
 * TLS to PostgreSQL, read from the URL's `sslmode` the way libpq reads it, so that the URL a managed
 * service hands out means here what it means to psql:
 * - absent or `disable`: no TLS;
 * - `require`: encrypted; the certificate is checked against a CA only when one is given
 *   (DATABASE_CA_FILE or `sslrootcert`), as libpq does;
 * - `verify-ca`: encrypted, and the certificate must be signed by the given CA (else the system's);
 * - `verify-full`: that, and the certificate must name the host connected to.
 * `allow` and `prefer` are refused: both fall back to an unencrypted connection without saying so.
 * node-postgres reads the same parameters differently (it treats `require` as `verify-full`, and reads
 * PGSSLMODE), so they are taken out of the URL and the TLS options given explicitly.
 */
export type SslMode = 'disable' | 'require' | 'verify-ca' | 'verify-full';

const SSL_MODES: readonly string[] = ['disable', 'require', 'verify-ca', 'verify-full'];
/** URL parameters about TLS that node-postgres would otherwise act on in its own way. */
const TLS_PARAMETERS = ['sslmode', 'ssl', 'sslrootcert', 'sslcert', 'sslkey', 'sslpassword', 'sslcompression', 'sslnegotiation', 'uselibpqcompat'];

export interface PgConnection {
  /** What node-postgres is given: the URL without its TLS parameters, and the TLS options. */
  options: { connectionString: string; ssl: false | ConnectionOptions; sslnegotiation?: 'postgres' | 'direct' };
  sslMode: SslMode;
  /** Whether the server's certificate is checked at all. */
  verified: boolean;
}

/** A TLS setting that cannot work: `setting` names the variable, `problem` what to change. */
export class DatabaseTlsSettingError extends Error {
  constructor(
    readonly setting: string,
    readonly problem: string,
  ) {
    super(`${setting}: ${problem}`);
  }
}

const connections = new Map<string, PgConnection>();

/**
 * The node-postgres settings for `url` (named `setting` in messages), with `caFile` the PEM file of
 * the CA that signs the server's certificate. Files are read once per process.
 */
export function pgConnection(url: string, caFile: string | undefined, setting = 'DATABASE_URL'): PgConnection {
  const key = JSON.stringify([url, caFile, setting]);
  let connection = connections.get(key);
  if (!connection) connections.set(key, (connection = readConnection(url, caFile, setting)));
  return connection;
}

/**
 * The URL's query string, parsed apart from the rest: a URL node-postgres accepts but WHATWG URL does
 * not (a password before an empty host, for a local socket) keeps working, and no message quotes it.
 */
function splitQuery(url: string): { base: string; params: URLSearchParams } {
  const at = url.indexOf('?');
  return at < 0 ? { base: url, params: new URLSearchParams() } : { base: url.slice(0, at), params: new URLSearchParams(url.slice(at + 1)) };
}

/** A parameter's value as libpq reads a repeated one: the last. */
const lastOf = (params: URLSearchParams, name: string): string | undefined => params.getAll(name).at(-1);

function readConnection(url: string, caFile: string | undefined, setting: string): PgConnection {
  const { base, params } = splitQuery(url);
  const legacySsl = lastOf(params, 'ssl');
  const rootCert = lastOf(params, 'sslrootcert');
  const clientCert = lastOf(params, 'sslcert');
  const clientKey = lastOf(params, 'sslkey');
  const negotiation = lastOf(params, 'sslnegotiation');
  // libpq: a root certificate of `system` makes verify-full the default. node-postgres: ssl=no-verify
  // is an unchecked connection, any other true value a checked one.
  const mode =
    lastOf(params, 'sslmode') ??
    (rootCert === 'system'
      ? 'verify-full'
      : legacySsl === 'no-verify'
        ? 'require'
        : legacySsl && !['0', 'false'].includes(legacySsl)
          ? 'verify-full'
          : 'disable');
  if (mode === 'allow' || mode === 'prefer') {
    throw new DatabaseTlsSettingError(
      setting,
      `sslmode=${mode} would fall back to an unencrypted connection without saying so; use sslmode=require or verify-full (encrypted), or disable`,
    );
  }
  if (!SSL_MODES.includes(mode)) throw new DatabaseTlsSettingError(setting, `sslmode must be disable, require, verify-ca or verify-full (not ${mode})`);
  const sslMode = mode as SslMode;
  if (negotiation !== undefined && negotiation !== 'postgres' && negotiation !== 'direct') {
    throw new DatabaseTlsSettingError(setting, `sslnegotiation must be postgres or direct (not ${negotiation})`);
  }
  for (const name of TLS_PARAMETERS) params.delete(name);
  const query = params.toString();
  const connectionString = query ? `${base}?${query}` : base;
  if (sslMode === 'disable') {
    // Certificates given with no TLS to use them on would be ignored: the operator meant something else.
    const ignored = [
      caFile && 'DATABASE_CA_FILE',
      rootCert && 'sslrootcert',
      clientCert && 'sslcert',
      clientKey && 'sslkey',
      negotiation === 'direct' && 'sslnegotiation=direct',
    ];
    const named = ignored.filter(Boolean);
    if (named.length)
      throw new DatabaseTlsSettingError(setting, `${named.join(', ')} given but the URL asks for no TLS: add sslmode=verify-full (or verify-ca)`);
    return { options: { connectionString, ssl: false }, sslMode, verified: false };
  }
  // libpq refuses the machine's CAs with a mode that would not check against them.
  if (rootCert === 'system' && sslMode !== 'verify-full')
    throw new DatabaseTlsSettingError(setting, `sslrootcert=system needs sslmode=verify-full (not ${sslMode})`);
  // A CA in the URL is that URL's own; `system` means the certificates this machine trusts.
  const caPath = rootCert === 'system' ? undefined : (rootCert ?? caFile);
  const ca = caPath ? readPem(caPath, rootCert ? `${setting} sslrootcert` : 'DATABASE_CA_FILE', 'CERTIFICATE') : undefined;
  if ((clientCert === undefined) !== (clientKey === undefined)) throw new DatabaseTlsSettingError(setting, `sslcert and sslkey go together`);
  const client =
    clientCert && clientKey
      ? { cert: readPem(clientCert, `${setting} sslcert`, 'CERTIFICATE'), key: readPem(clientKey, `${setting} sslkey`, 'PRIVATE KEY') }
      : {};
  const verified = sslMode !== 'require' || ca !== undefined;
  const ssl: ConnectionOptions = !verified
    ? { rejectUnauthorized: false, ...client }
    : {
        rejectUnauthorized: true,
        ...(ca ? { ca } : {}),
        ...client,
        // verify-ca (and require with a CA): the chain is checked, the name on the certificate is not.
        ...(sslMode === 'verify-full' ? {} : { checkServerIdentity: () => undefined }),
      };
  return { options: { connectionString, ssl, ...(negotiation ? { sslnegotiation: negotiation } : {}) }, sslMode, verified };
}

function readPem(file: string, setting: string, kind: 'CERTIFICATE' | 'PRIVATE KEY'): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DatabaseTlsSettingError(setting, `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (!new RegExp(`-----BEGIN [A-Z ]*${kind}-----`).test(text)) {
    throw new DatabaseTlsSettingError(setting, `${file} holds no PEM ${kind === 'CERTIFICATE' ? 'certificate' : 'private key'}`);
  }
  return text;
}

/** The connection's TLS in a few words, for the start-up log. */
export function describeTls(connection: PgConnection): string {
  if (!connection.options.ssl) return 'without TLS';
  if (!connection.verified) return 'over TLS, the certificate not checked (sslmode=require)';
  return `over TLS (sslmode=${connection.sslMode})`;
}

/**
 * Certificate failures of `tls.connect`, and node-postgres's words for a server that declined TLS:
 * the connection was refused on our side, and waiting will not change that.
 */
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
]);

/**
 * Why TLS to the database failed and what to change, or undefined when `err` is not a TLS failure.
 * `setting` names the variable holding the URL.
 */
export function tlsRefusal(err: unknown, setting = 'DATABASE_URL'): string | undefined {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  // OpenSSL's messages may run over several lines: the start-up message is one.
  const text = typeof message === 'string' ? (message.split('\n')[0] ?? '').trim() : '';
  if (/does not support SSL connections/i.test(text)) {
    return `the server does not accept TLS connections: enable ssl on it, or change sslmode in ${setting}`;
  }
  if (typeof code === 'string' && code.startsWith('ERR_SSL_')) {
    return `the TLS handshake failed (${text}, ${code}): check the server's TLS requirements (a client certificate: sslcert and sslkey in ${setting})`;
  }
  if (typeof code !== 'string' || !CERTIFICATE_CODES.has(code)) return undefined;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const { host, cert } = err as { host?: string; cert?: { subjectaltname?: string } };
    const names = cert?.subjectaltname ?? 'no names';
    return `its TLS certificate is for ${names}, not ${host ?? 'this host'}: connect by a name on the certificate in ${setting}, or use sslmode=verify-ca`;
  }
  return `its TLS certificate was refused (${text}, ${code}): set DATABASE_CA_FILE to the certificate of the CA that signs it`;
}

/** Whether `err` is a TLS failure of a connection to the database (see tlsRefusal). */
export const isTlsRefusal = (err: unknown): boolean => tlsRefusal(err) !== undefined;
