// One reading and one cap of a server's Retry-After (core/platform/retry.ts retryAfterWait), whoever waits: a
// sandbox whose every request answers 429 with `Retry-After: 86400` (a day) must make the log stream wait the
// cap (30 s), never the day, and say both numbers; the transport's own wait (nextDelay) reads the same header alike.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LogStream } from '../../../src/core/logs/stream';
import type { LogStreamStatus } from '../../../src/core/logs/streamOptions';
import type { PlatformClient } from '../../../src/core/platform/client';
import { DEFAULT_RETRY, nextDelay, parseRetryAfter, retryAfterWait } from '../../../src/core/platform/retry';
import { clientFor } from '../platform/support';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { TOPIC } from './support';

const DAY = '86400';

describe('Retry-After: one cap for the log stream and the transport', { timeout: 60_000 }, () => {
  let sbx: TestSandbox;
  let client: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox({ faults: `rate429=1,retryAfter=${DAY}` });
    // No transport retries: the 429 reaches the stream, which decides the wait.
    client = clientFor(sbx, 'owner', { retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.close();
    await sbx.close();
  });

  test('a day-long Retry-After on the log stream waits the 30 s cap and says so', async () => {
    let said: (s: LogStreamStatus) => void = () => undefined;
    const recovering = new Promise<LogStreamStatus>((resolve) => {
      said = resolve;
    });
    const stream = new LogStream({
      requester: client.requester,
      topic: TOPIC,
      start: { kind: 'beginning' },
      onStatus: (s) => {
        if (s.state === 'recovering') said(s);
      },
    });
    const first = stream[Symbol.asyncIterator]()
      .next()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    const status = await recovering;
    assert.match(status.message ?? '', /asked to retry after 86400 s \(429\); waiting 30 s\./);
    await stream.stop();
    await first;
  });

  test('the transport reads the same header value to the same capped wait', () => {
    const asked = parseRetryAfter(DAY);
    assert.equal(asked, 86_400_000);
    assert.equal(retryAfterWait(asked, 0), DEFAULT_RETRY.maxRetryAfterMs);
    assert.equal(nextDelay(1, DEFAULT_RETRY, asked), retryAfterWait(asked, 0));
    const inAnHour = parseRetryAfter(new Date(Date.now() + 3_600_000).toUTCString());
    assert.equal(nextDelay(1, DEFAULT_RETRY, inAnHour), retryAfterWait(inAnHour, 0));
    assert.equal(retryAfterWait(parseRetryAfter('2'), 0), 2000);
    assert.equal(retryAfterWait(undefined, 123), 123);
  });
});
