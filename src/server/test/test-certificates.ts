import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  dir: string;
  /** A private CA, as a managed service's or an organization's own. */
  caFile: string;
  /** Signed by that CA, for the names in `names`. */
  serverCertFile: string;
  serverKeyFile: string;
  /** Another CA, which signed nothing here. */
  otherCaFile: string;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function newCa(dir: string, name: string): void {
  openssl(
    dir,
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'].concat([
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-subj',
      `/CN=${name}`,
    ]),
  );
}

/** A CA and a server certificate it signed for `names` (DNS names), made with the openssl command. */
export function makeTestCertificates(names: string[] = ['localhost']): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'apd-tls-'));
  newCa(dir, 'test-ca');
  newCa(dir, 'other-ca');
  openssl(dir, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    `/CN=${names[0]}`,
  ]);
  writeFileSync(path.join(dir, 'server.ext'), `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'test-ca.crt',
    '-CAkey',
    'test-ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    'server.crt',
    '-extfile',
    'server.ext',
  ]);
  // PgBouncer drops to the postgres user when started as root: it must read them.
  chmodSync(dir, 0o755);
  for (const file of ['server.crt', 'server.key', 'test-ca.crt', 'other-ca.crt']) chmodSync(path.join(dir, file), 0o644);
  return {
    dir,
    caFile: path.join(dir, 'test-ca.crt'),
    serverCertFile: path.join(dir, 'server.crt'),
    serverKeyFile: path.join(dir, 'server.key'),
    otherCaFile: path.join(dir, 'other-ca.crt'),
  };
}
