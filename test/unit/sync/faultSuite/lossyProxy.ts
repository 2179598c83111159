// A loopback proxy between a client and the sandbox that can lose replies the way a network does: it
// forwards a request, lets the sandbox answer (so the request took effect), and then drops the reply by
// closing the client's connection. Rules are hooks called when a request arrives and when its answer is
// in, so a test can act on exact events (kill the client when it sends an append, drop the reply to a job
// poll) instead of timers. A rule may also hold a request before forwarding it (a slow gateway): the client
// can be killed meanwhile and the request still arrives; `idle()` tells when every held request is through.
// Bodies are buffered: the test projects are small.
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
}

/** forward: send it on; refuse429: answer 429 with Retry-After 1 without sending it; drop: close the connection unsent. */
export type RequestAction = 'forward' | 'refuse429' | 'drop';
/** pass: give the client the answer; drop: close the connection instead (the request did take effect); body: answer this instead (a hostile server). */
export type ReplyAction = 'pass' | 'drop' | { readonly body: Uint8Array };

export interface ProxyRules {
  onRequest?(req: ProxiedRequest): RequestAction | Promise<RequestAction>;
  onReply?(req: ProxiedRequest, status: number, body: Buffer): ReplyAction | Promise<ReplyAction>;
}

export class LossyProxy {
  rules: ProxyRules = {};
  /** Replies dropped so far. */
  dropped = 0;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(upstream: string): Promise<LossyProxy> {
    const target = new URL(upstream);
    const ref: { proxy?: LossyProxy } = {};
    const server = createServer((req, res) => {
      void ref.proxy?.handle(req, res, target);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ref.proxy = new LossyProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return ref.proxy;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves once no request is being held, forwarded or answered. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
    this.inFlight++;
    try {
      await this.handleOne(req, res, target);
    } finally {
      if (--this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async handleOne(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
    try {
      const body = await readAll(req);
      const info: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/' };
      const action = (await this.rules.onRequest?.(info)) ?? 'forward';
      if (action === 'drop') {
        res.socket?.destroy();
        return;
      }
      if (action === 'refuse429') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ error: { code: 429, message: 'Too many requests (fault proxy); retry after 1 second.' } }),
        );
        return;
      }
      const answer = await forward(target, info, req.headers, body);
      const reply = (await this.rules.onReply?.(info, answer.status, answer.body)) ?? 'pass';
      if (reply === 'drop') {
        this.dropped++;
        res.socket?.destroy();
        return;
      }
      const sent = reply === 'pass' ? answer.body : Buffer.from(reply.body);
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(sent.length) });
      res.end(sent);
    } catch {
      res.socket?.destroy();
    }
  }
}

async function forward(
  target: URL,
  req: ProxiedRequest,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  out.host = target.host;
  out['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.path, headers: out },
      (res) => {
        readAll(res).then((data) => {
          const back: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) back[k] = v;
          back['content-length'] = String(data.length);
          resolve({ status: res.statusCode ?? 502, headers: back, body: data });
        }, reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'proxy-connection',
]);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
