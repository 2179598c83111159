// The event-log consumer API at the log URL (platform-api.md, "Event-log consumer API";
// real-client-shapes.md for the collector's paths): Kafka REST Proxy v2 semantics, the consumer named by
// the `consumer-group` and `consumer-name` headers, errors as `{error_code, message}`, 204 for every
// call without a reply body. Every request needs a token with scope `log` and counts against the
// caller's request rate.
import { caller, LOG_SCOPES } from '../auth';
import type { SandboxContext } from '../context';
import { asConsumerApiBody, ConsumerApiError, consumerBadRequest, ErrorCode } from '../logs/consumerErrors';
import { parseConsumerConfig, type ConsumerInstance } from '../logs/consumerInstance';
import { fetchRecords } from '../logs/fetchRecords';
import { requireReadableTopic, topicOfGroup } from '../logs/topics';
import { parseOffsets, parsePartitions, parseSubscription } from '../logs/wireBodies';
import { bytes, empty, json, type Handler, type HttpMethod, type Router, type SandboxRequest } from '../router';

/** Longest long poll of one Get Records, whatever the consumer asks (clients time out around 30 s). */
const MAX_WAIT_MS = 30_000;
const MAX_RECORDS = 500;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export function registerConsumerRoutes(router: Router, ctx: SandboxContext): void {
  const kit = consumerRoutes(router, ctx);
  registerConsumerLifecycleRoutes(kit, ctx);
  registerRecordRoutes(kit, ctx);
  registerOffsetRoutes(kit, ctx);
  registerPartitionRoutes(kit, ctx);
}

/** What every consumer route shares: registration with the log scope, the rate limit and the consumer error shape, and the consumer the headers name. */
interface ConsumerRoutes {
  route<P extends string>(method: HttpMethod, path: P, handler: Handler<P>): void;
  names(req: SandboxRequest): { group: string; name: string };
  instance(req: SandboxRequest): ConsumerInstance;
  groupTopic(req: SandboxRequest): string;
  partitionCount(c: ConsumerInstance): number;
  optionalJson(req: SandboxRequest): Promise<unknown>;
}

function consumerRoutes(router: Router, ctx: SandboxContext): ConsumerRoutes {
  const { consumers, store } = ctx.logs;

  const route = <P extends string>(method: HttpMethod, path: P, handler: Handler<P>): void =>
    router.add({
      method,
      path,
      auth: LOG_SCOPES,
      errorBody: asConsumerApiBody,
      handler: (req) => {
        ctx.logs.limiter.take(caller(req).clientId);
        return handler(req);
      },
    });

  const names = (req: SandboxRequest): { group: string; name: string } => {
    const group = header(req, 'consumer-group');
    const name = header(req, 'consumer-name');
    if (!group || !name)
      throw consumerBadRequest(
        'Send the consumer-group and consumer-name headers (appID-<app>-clientName-<name>-<nn> and consumer-<uuid>).',
      );
    return { group, name };
  };
  /** The consumer named by the headers; the caller must still be allowed to read its topic. */
  const instance = (req: SandboxRequest): ConsumerInstance => {
    const { group, name } = names(req);
    const c = consumers.get(group, name);
    requireReadableTopic(ctx.state, caller(req), c.topic);
    return c;
  };
  /** The topic of the headers' group, for the calls that need no consumer instance. */
  const groupTopic = (req: SandboxRequest): string => {
    const topic = topicOfGroup(names(req).group);
    requireReadableTopic(ctx.state, caller(req), topic);
    return topic;
  };
  const partitionCount = (c: ConsumerInstance): number => store.partitions(c.topic).length;
  const optionalJson = async (req: SandboxRequest): Promise<unknown> =>
    (await req.body()).toString('utf8').trim() === '' ? undefined : req.json();
  return { route, names, instance, groupTopic, partitionCount, optionalJson };
}

/** Creating and deleting a consumer, its subscription and its assignments. */
function registerConsumerLifecycleRoutes(
  { route, names, instance, partitionCount, optionalJson }: ConsumerRoutes,
  ctx: SandboxContext,
): void {
  const { consumers } = ctx.logs;
  route('POST', '/consumers', async (req) => {
    const { group, name } = names(req);
    const topic = topicOfGroup(group);
    requireReadableTopic(ctx.state, caller(req), topic);
    consumers.create(group, name, topic, parseConsumerConfig(await optionalJson(req)));
    return empty(204);
  });

  route('DELETE', '/consumers', (req) => {
    consumers.delete(instance(req));
    return empty(204);
  });

  route('POST', '/consumers/subscription', async (req) => {
    const c = instance(req);
    consumers.subscribe(c, parseSubscription(await req.json(), c.topic));
    return empty(204);
  });

  route('DELETE', '/consumers/subscription', (req) => {
    consumers.unsubscribe(instance(req));
    return empty(204);
  });

  // The spec documents 204 "with a subscription body"; a 204 cannot carry one, so this answers 200.
  route('GET', '/consumers/subscription', (req) => {
    const c = instance(req);
    return json({ topics: c.mode.kind === 'subscribed' ? c.mode.topics : [] });
  });

  route('POST', '/consumers/assignments', async (req) => {
    const c = instance(req);
    consumers.assign(
      c,
      parsePartitions(await req.json(), c.topic, partitionCount(c)).map((p) => p.partition),
    );
    return empty(204);
  });

  route('GET', '/consumers/assignments', (req) => {
    const c = instance(req);
    return json({ partitions: c.owned.map((partition) => ({ topic: c.topic, partition })) });
  });
}

/** Get Records: a long poll, ended early when the client hangs up. */
function registerRecordRoutes({ route, instance }: ConsumerRoutes, ctx: SandboxContext): void {
  const { consumers } = ctx.logs;
  route('GET', '/consumers/records', async (req) => {
    const c = instance(req);
    if (ctx.faults.emptyFetch()) return json([]);
    const timeoutMs = Math.min(MAX_WAIT_MS, queryInt(req, 'timeout') ?? c.config.requestTimeoutMs);
    const maxBytes = queryInt(req, 'max_bytes') ?? DEFAULT_MAX_BYTES;
    const hungUp = new AbortController();
    const onClose = (): void => hungUp.abort();
    req.raw.socket.once('close', onClose);
    try {
      const texts = await fetchRecords(consumers, c, {
        timeoutMs,
        maxBytes,
        maxRecords: MAX_RECORDS,
        signal: hungUp.signal,
      });
      return bytes(Buffer.from(`[${texts.join(',')}]`), 'application/json');
    } finally {
      req.raw.socket.off('close', onClose);
    }
  });
}

/** Committed offsets, commits and seeks. */
function registerOffsetRoutes(
  { route, instance, partitionCount, optionalJson }: ConsumerRoutes,
  ctx: SandboxContext,
): void {
  const { consumers } = ctx.logs;
  const committed: Handler = async (req) => {
    const c = instance(req);
    const refs = parsePartitions(await req.json(), c.topic, partitionCount(c));
    const offsets = refs.flatMap((r) => {
      const offset = ctx.logs.offsets.get(c.group, r.topic, r.partition);
      return offset === undefined ? [] : [{ topic: r.topic, partition: r.partition, offset, metadata: '' }];
    });
    return json({ offsets });
  };
  // The collector POSTs; Kafka REST Proxy documents GET with a body. Both are served.
  route('POST', '/consumers/committed/offsets', committed);
  route('GET', '/consumers/committed/offsets', committed);

  route('POST', '/consumers/offsets', async (req) => {
    const c = instance(req);
    const body = await optionalJson(req);
    const offsets = body === undefined ? consumers.fetchedOffsets(c) : parseOffsets(body, c.topic, partitionCount(c));
    await ctx.logs.offsets.commit(c.group, offsets);
    return empty(204);
  });

  route('POST', '/consumers/positions', async (req) => {
    const c = instance(req);
    for (const o of parseOffsets(await req.json(), c.topic, partitionCount(c)))
      consumers.seek(c, o.partition, o.offset);
    return empty(204);
  });

  for (const where of ['beginning', 'end'] as const) {
    route('POST', `/consumers/positions/${where}`, async (req) => {
      const c = instance(req);
      for (const p of parsePartitions(await req.json(), c.topic, partitionCount(c)))
        consumers.seek(c, p.partition, where);
      return empty(204);
    });
  }
}

/** A topic's partitions and their offset ranges (no consumer instance needed). */
function registerPartitionRoutes({ route, groupTopic }: ConsumerRoutes, ctx: SandboxContext): void {
  const { store } = ctx.logs;
  route('GET', '/partitions', (req) => {
    const topic = groupTopic(req);
    return json({ topic, partitions: store.partitions(topic).map((_, i) => i) });
  });

  route('GET', '/partitions/:partition/offsets', (req) => {
    const topic = groupTopic(req);
    const raw = req.params.partition;
    const log = /^\d+$/.test(raw) ? store.partitions(topic)[Number(raw)] : undefined;
    if (!log) {
      throw new ConsumerApiError(
        404,
        ErrorCode.PARTITION_NOT_FOUND,
        `Partition "${raw}" of topic "${topic}" not found; it has partitions 0..${store.partitions(topic).length - 1}.`,
      );
    }
    return json({ beginning_offset: log.beginning, end_offset: log.end });
  });
}

function header(req: SandboxRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

function queryInt(req: SandboxRequest, name: string): number | undefined {
  const v = req.query.get(name);
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw consumerBadRequest(`Query parameter ${name} must be a whole number ≥ 0 (got "${v}").`);
  return n;
}
