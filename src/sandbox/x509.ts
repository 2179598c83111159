// A minimal DER encoder and a self-signed X.509 v3 certificate builder (ECDSA P-256 + SHA-256), so the
// sandbox can serve HTTPS without the openssl binary or a new dependency.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

const tlv = (tag: number, content: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const der = {
  sequence: (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items)),
  set: (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items)),
  /** A non-negative integer from big-endian bytes. */
  integer: (bytes: Buffer): Buffer => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.subarray(i);
    return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
  },
  boolean: (v: boolean): Buffer => tlv(0x01, Buffer.from([v ? 0xff : 0])),
  bitString: (bytes: Buffer, unusedBits = 0): Buffer => tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes])),
  octetString: (bytes: Buffer): Buffer => tlv(0x04, bytes),
  utf8: (s: string): Buffer => tlv(0x0c, Buffer.from(s, 'utf8')),
  oid: (dotted: string): Buffer => {
    const arcs = dotted.split('.').map(Number);
    const out: number[] = [40 * (arcs[0] ?? 0) + (arcs[1] ?? 0)];
    for (const arc of arcs.slice(2)) {
      const group: number[] = [];
      let v = arc;
      do {
        group.unshift(v & 0x7f);
        v = Math.floor(v / 128);
      } while (v > 0);
      for (let k = 0; k < group.length - 1; k++) group[k] = (group[k] ?? 0) | 0x80;
      for (const item of group) out.push(item);
    }
    return tlv(0x06, Buffer.from(out));
  },
  /** UTCTime before 2050, GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
  time: (d: Date): Buffer => {
    const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
    return d.getUTCFullYear() < 2050
      ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii'))
      : tlv(0x18, Buffer.from(iso, 'ascii'));
  },
  explicit: (n: number, content: Buffer): Buffer => tlv(0xa0 | n, content),
  implicitPrimitive: (n: number, bytes: Buffer): Buffer => tlv(0x80 | n, bytes),
};

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

export interface CertificateOptions {
  commonName: string;
  /** DNS names and IP addresses for the subjectAltName. */
  altNames: string[];
  notBefore: Date;
  notAfter: Date;
}

export interface GeneratedCertificate {
  keyPem: string;
  certPem: string;
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return der.sequence(der.oid(oid), ...(critical ? [der.boolean(true)] : []), der.octetString(value));
}

function ipBytes(ip: string): Buffer {
  if (isIPv4(ip)) return Buffer.from(ip.split('.').map(Number));
  // Expand "::" and write eight 16-bit groups.
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.concat(
    groups.map((g) => {
      const b = Buffer.alloc(2);
      b.writeUInt16BE(parseInt(g, 16));
      return b;
    }),
  );
}

/** A self-signed certificate usable both as the server certificate and as the CA a client trusts. */
export function createSelfSignedCertificate(options: CertificateOptions): GeneratedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const name = der.sequence(
    der.set(der.sequence(der.oid(OID.organization), der.utf8('Conversational Studio'))),
    der.set(der.sequence(der.oid(OID.commonName), der.utf8(options.commonName))),
  );
  const algorithm = der.sequence(der.oid(OID.ecdsaWithSha256));
  const altNames = options.altNames.map((n) =>
    isIPv4(n) || isIPv6(n) ? der.implicitPrimitive(7, ipBytes(n)) : der.implicitPrimitive(2, Buffer.from(n, 'ascii')),
  );
  const extensions = der.sequence(
    extension(OID.basicConstraints, true, der.sequence(der.boolean(true))),
    // digitalSignature (bit 0) and keyCertSign (bit 5): 1000 0100, two unused bits.
    extension(OID.keyUsage, true, der.bitString(Buffer.from([0x84]), 2)),
    extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth))),
    extension(OID.subjectAltName, false, der.sequence(...altNames)),
    extension(OID.subjectKeyIdentifier, false, der.octetString(createHash('sha1').update(spki).digest())),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = der.sequence(
    der.explicit(0, der.integer(Buffer.from([2]))),
    der.integer(serial),
    algorithm,
    name,
    der.sequence(der.time(options.notBefore), der.time(options.notAfter)),
    name,
    spki,
    der.explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = der.sequence(tbs, algorithm, der.bitString(signature));
  return { keyPem: pemKey(privateKey), certPem: pem('CERTIFICATE', cert) };
}

function pemKey(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function pem(label: string, bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** True when `keyPem` is the private key matching `certPublicKey` (guards against mismatched files). */
export function keyMatches(keyPem: string, certPublicKey: KeyObject): boolean {
  const derived = createPublicKey(keyPem).export({ type: 'spki', format: 'der' });
  return derived.equals(certPublicKey.export({ type: 'spki', format: 'der' }));
}
