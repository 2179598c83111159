// How requests reach the platform: the sandbox's --tls certificate through the `ca` option, and proxies
// (a real CONNECT proxy on loopback) with loopback and NO_PROXY bypass.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Agent, ProxyAgent } from 'undici';
import { DispatcherPool } from '../../../src/core/platform/dispatcher';
import { NetworkError } from '../../../src/core/platform/errors';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, RecordingLogger, rejectsWith } from './support';

describe('connectivity: TLS with the sandbox certificate', () => {
  let sbx: TestSandbox;
  before(async () => {
    sbx = await startTestSandbox({ tls: true });
  });
  after(async () => {
    await sbx.close();
  });

  test('trusting the sandbox CA works; without it the failure says so and is not retried', async () => {
    assert.match(sbx.baseUrl, /^https:/);
    const caFile = sbx.caFile;
    assert.ok(caFile, 'the TLS sandbox reports its certificate file');
    const trusted = clientFor(sbx, 'owner', { ca: readFileSync(caFile) });
    const log = new RecordingLogger();
    const untrusted = clientFor(sbx, 'owner', { logger: log });
    try {
      assert.equal((await trusted.projects.get('1001')).id, '1001');
      const e = await rejectsWith(untrusted.projects.get('1001'), NetworkError);
      assert.match(
        e.message,
        /certificate is not trusted; add its CA certificate to the connection \(POST \/oauth2\/token\)/,
      );
      assert.equal(log.lines.filter((l) => l.includes('POST /oauth2/token → Network')).length, 1);
    } finally {
      await Promise.all([trusted.close(), untrusted.close()]);
    }
  });
});

/** A minimal real HTTPS-style CONNECT proxy that counts tunnels. */
function startConnectProxy(): Promise<{ url: string; tunnels: string[]; close(): Promise<void> }> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        tunnels,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('connectivity: proxies', () => {
  let sbx: TestSandbox;
  let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
  before(async () => {
    sbx = await startTestSandbox();
    proxy = await startConnectProxy();
  });
  after(async () => {
    await proxy.close();
    await sbx.close();
  });

  test('with an explicit proxy and no exemptions, requests tunnel through the proxy', async () => {
    const client = clientFor(sbx, 'owner', { proxyUrl: proxy.url, noProxy: '' });
    try {
      assert.equal((await client.projects.get('1001')).id, '1001');
      const target = new URL(sbx.baseUrl).host;
      assert.ok(proxy.tunnels.includes(target), `tunnels: ${proxy.tunnels.join(', ')}`);
    } finally {
      await client.close();
    }
  });

  test('loopback bypasses the proxy by default', async () => {
    const before = proxy.tunnels.length;
    const client = clientFor(sbx, 'owner', { proxyUrl: proxy.url });
    try {
      assert.equal((await client.projects.get('1001')).id, '1001');
      assert.equal(proxy.tunnels.length, before);
    } finally {
      await client.close();
    }
  });

  test('the pool reads HTTPS_PROXY / HTTP_PROXY and NO_PROXY from the environment', async () => {
    const pool = new DispatcherPool({ env: { HTTPS_PROXY: proxy.url, NO_PROXY: '.internal.example' } });
    try {
      assert.ok(pool.forOrigin('https://mix.api.example.com') instanceof ProxyAgent);
      assert.ok(pool.forOrigin('https://svc.internal.example') instanceof Agent);
      assert.ok(pool.forOrigin('https://127.0.0.1:8443') instanceof Agent);
      assert.ok(pool.forOrigin('http://mix.api.example.com') instanceof Agent, 'HTTP_PROXY is unset');
      assert.equal(
        pool.forOrigin('https://mix.api.example.com'),
        pool.forOrigin('https://other.example.com'),
        'one ProxyAgent per proxy',
      );
    } finally {
      await pool.close();
    }
  });
});
