// --tls: the pure-Node self-signed certificate, a real HTTPS request trusting it, and its reuse.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'undici';
import { createSelfSignedCertificate, der } from '../../../src/sandbox/x509';
import { startTestSandbox } from '../helpers/sandbox';
import { send, token } from '../helpers/sandboxHttp';

describe('sandbox TLS', () => {
  test('DER basics: lengths, integers, object identifiers, times', () => {
    assert.equal(der.integer(Buffer.from([0x80])).toString('hex'), '02020080');
    assert.equal(der.integer(Buffer.from([0, 0, 5])).toString('hex'), '020105');
    assert.equal(der.oid('1.2.840.10045.4.3.2').toString('hex'), '06082a8648ce3d040302');
    assert.equal(der.octetString(Buffer.alloc(200)).subarray(0, 3).toString('hex'), '0481c8');
    assert.equal(der.time(new Date('2049-12-31T23:59:59Z')).toString('latin1').slice(2), '491231235959Z');
    assert.equal(der.time(new Date('2050-01-01T00:00:00Z')).toString('latin1').slice(2), '20500101000000Z');
  });

  test('the generated certificate parses and names localhost and 127.0.0.1', () => {
    const now = Date.now();
    const { certPem } = createSelfSignedCertificate({
      commonName: 'test',
      altNames: ['localhost', '127.0.0.1', '::1'],
      notBefore: new Date(now - 1000),
      notAfter: new Date(now + 86_400_000),
    });
    const cert = new X509Certificate(certPem);
    assert.equal(cert.ca, true);
    assert.match(cert.subjectAltName ?? '', /DNS:localhost/);
    assert.match(cert.subjectAltName ?? '', /IP Address:127\.0\.0\.1/);
    assert.match(cert.subjectAltName ?? '', /IP Address:0:0:0:0:0:0:0:1/);
    assert.equal(cert.checkHost('localhost'), 'localhost');
    assert.equal(cert.checkIP('127.0.0.1'), '127.0.0.1');
    assert.ok(cert.verify(cert.publicKey), 'self-signature verifies');
    assert.equal(cert.issuer, cert.subject);
  });

  test('serves HTTPS trusted through caFile, refuses untrusting clients, and reuses the certificate', async () => {
    const sbx = await startTestSandbox({ tls: true });
    try {
      assert.match(sbx.baseUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(sbx.caFile);
      const pem = await readFile(sbx.caFile, 'utf8');
      assert.doesNotThrow(() => new X509Certificate(pem));
      const t = await token(sbx, sbx.client('owner'));
      const res = await send(sbx, 'GET', '/v4/projects/1001', { token: t });
      assert.equal(res.status, 200);
      // By host name too: the SAN carries DNS:localhost.
      const byName = await request(`${sbx.baseUrl.replace('127.0.0.1', 'localhost')}/v4/organizations`, {
        headers: { authorization: `Bearer ${t}` },
        dispatcher: new Agent({ connect: { ca: pem } }),
      });
      assert.equal(byName.statusCode, 200);
      await byName.body.dump();
      await assert.rejects(
        request(`${sbx.baseUrl}/v4/organizations`, { dispatcher: new Agent() }),
        /self.signed|certificate/i,
      );
      await sbx.restart();
      assert.equal(await readFile(sbx.caFile ?? '', 'utf8'), pem);
    } finally {
      await sbx.close();
    }
  });
});
