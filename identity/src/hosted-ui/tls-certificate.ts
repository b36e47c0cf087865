import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TlsMaterial {
  key: string;
  cert: string;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3_600_000;

/**
 * aws-amplify reaches the hosted UI only over https, so the embedded service needs a certificate
 * from the very first start: a self-signed one for localhost, made once and kept in the data dir
 * (browsers warn once; tests trust it explicitly).
 */
export async function loadOrCreateCertificate(dataDir: string): Promise<TlsMaterial> {
  const keyFile = join(dataDir, 'hosted-ui-key.pem');
  const certFile = join(dataDir, 'hosted-ui-cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  }
  // Loaded only to make one (once per data dir): with its ASN.1 libraries it is a large part
  // of a start otherwise. A CommonJS package: its exports are the `default` of the import both
  // in Node and in the server bundle (where a lazily loaded chunk exports only that).
  const { generate } = (await import('selfsigned')).default;
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + TEN_YEARS_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(dataDir, { recursive: true });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert);
  return { key: pems.private, cert: pems.cert };
}
