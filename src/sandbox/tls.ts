// The HTTPS certificate of `--tls`: generated at the first start (pure Node, see x509.ts), kept in
// `<data>/tls/` and reused while it stays valid; regenerated when missing, expiring within a day, or not
// matching its key. Clients trust it by using `caFile` (the certificate itself) as their CA.
import { X509Certificate } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/fs/atomicFile';
import { createSelfSignedCertificate, keyMatches } from './x509';

export interface SandboxCertificate {
  keyPem: string;
  certPem: string;
  /** Path of the certificate PEM: the CA file clients trust. */
  certFile: string;
}

const DAY_MS = 24 * 3600 * 1000;
const VALIDITY_DAYS = 825;

export async function ensureCertificate(dataDir: string, now: () => number = Date.now): Promise<SandboxCertificate> {
  const dir = join(dataDir, 'tls');
  const keyFile = join(dir, 'sandbox-key.pem');
  const certFile = join(dir, 'sandbox-cert.pem');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const [keyPem, certPem] = await Promise.all([readFile(keyFile, 'utf8'), readFile(certFile, 'utf8')]);
    const cert = new X509Certificate(certPem);
    if (Date.parse(cert.validTo) - now() > DAY_MS && keyMatches(keyPem, cert.publicKey))
      return { keyPem, certPem, certFile };
  } catch {
    // Missing or unreadable: generate a new pair below.
  }
  const t = now();
  const generated = createSelfSignedCertificate({
    commonName: 'Conversational Studio sandbox',
    altNames: ['localhost', '127.0.0.1', '::1'],
    notBefore: new Date(t - DAY_MS),
    notAfter: new Date(t + VALIDITY_DAYS * DAY_MS),
  });
  // Key first: a crash in between leaves a certificate that no longer matches, which triggers regeneration.
  await writeFileAtomic(keyFile, generated.keyPem, 0o600);
  await writeFileAtomic(certFile, generated.certPem);
  return { ...generated, certFile };
}
