// The event-log stream behind each VS Code channel (src/features/logs/logSession.ts, channelWriter.ts), in
// plain Node against a real sandbox: batched writes, backpressure, the channel trimmed to its limit, the
// ring buffer, live filters, pause and stop (the consumer deleted). The channel is a recording sink.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../../src/core/logger';
import { ConsumerApi, isConsumerGone } from '../../../src/core/logs/consumer';
import type { PlatformClient } from '../../../src/core/platform/client';
import { ChannelWriter, type ChannelSink } from '../../../src/features/logs/channelWriter';
import { LogSession } from '../../../src/features/logs/logSession';
import type { StreamMode } from '../../../src/features/logs/streamModes';
import { clientFor, simulate, startLogSandbox, TOPIC, type LogSandbox } from '../logs/support';

class RecordingSink implements ChannelSink {
  appends = 0;
  replaces = 0;
  lines: string[] = [];
  append(value: string): void {
    this.appends++;
    this.lines.push(...value.slice(0, -1).split('\n'));
  }
  replace(value: string): void {
    this.replaces++;
    this.lines = value === '' ? [] : value.slice(0, -1).split('\n');
  }
}

const RECORD = /^\d{4}-\d\d-\d\dT/;
const until = async (what: string, probe: () => boolean, ms = 10_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('ChannelWriter', () => {
  test('writes in batches, makes writers wait past a batch, and asks to be trimmed past its limit', async () => {
    const sink = new RecordingSink();
    let full = 0;
    const writer = new ChannelWriter(sink, {
      maxLines: 25,
      flushMs: 20,
      batchLines: 10,
      mirror: true,
      onFull: () => {
        full++;
        writer.rewrite(['kept']);
      },
    });
    for (let i = 0; i < 9; i++) writer.write(`line ${i}`);
    assert.equal(sink.appends, 0, 'nothing goes out before the flush');
    let waited = false;
    await writer.drained().then(() => {
      waited = true;
    });
    assert.ok(waited, 'under a batch: no wait');
    writer.write('line 9');
    const pending = writer.drained();
    assert.equal(sink.appends, 0);
    await pending;
    assert.equal(sink.appends, 1, 'a full batch waits for the flush, which writes it in one append');
    assert.deepEqual(
      sink.lines,
      Array.from({ length: 10 }, (_, i) => `line ${i}`),
    );
    for (let i = 10; i < 30; i++) writer.write(`line ${i}`);
    writer.flush();
    assert.equal(full, 1, 'past 25 lines the owner rewrites the channel');
    assert.deepEqual(sink.lines, ['kept']);
    assert.deepEqual(writer.lines(), ['kept'], 'the mirror follows the channel');
    assert.equal(writer.lineCount, 1);
    writer.dispose();
    writer.write('after dispose');
    writer.flush();
    assert.deepEqual(sink.lines, ['kept']);
  });
});

describe('LogSession against the sandbox', () => {
  let l: LogSandbox;
  let client: PlatformClient;
  before(async () => {
    l = await startLogSandbox({ logRateLimit: 0 });
    client = clientFor(l);
  });
  after(async () => {
    await client.close();
    await l.sb.close();
  });

  function open(
    mode: StreamMode,
    sink: RecordingSink,
    settings = { keptRecords: 100, maxChannelLines: 1000 },
    flushMs?: number,
  ): LogSession {
    return new LogSession({
      target: {
        connectionId: 'test',
        connectionName: 'test sandbox',
        topic: TOPIC,
        applicationName: 'Coffee Shop Assistant',
      },
      mode,
      requester: client.requester,
      clientName: 'tests',
      settings,
      sink,
      mirror: true,
      flushMs,
      logger: silentLogger,
      onChange: () => undefined,
      onFailure: () => undefined,
    });
  }

  test('from the beginning until the end: every record once, bounded ring buffer and channel', async () => {
    const written = await simulate(l, 300);
    const sink = new RecordingSink();
    const session = open('beginningUntilEnd', sink);
    await session.done;
    assert.equal(session.state, 'ended');
    assert.equal(session.stats.count, written);
    assert.equal(session.kept.size, 100);
    assert.equal(session.kept.dropped, written - 100);
    assert.ok(sink.replaces >= 1, 'the channel was trimmed');
    assert.ok(sink.lines.length <= 1000 + 500, `${sink.lines.length} lines`);
    assert.deepEqual(sink.lines, [...session.lines()], 'the mirror is what the channel holds');
    assert.match(
      sink.lines.at(-1) ?? '',
      new RegExp(`^── reached the end: ${written.toLocaleString('en-US')} records received`),
    );
    assert.ok(sink.appends < written / 50, `batched: ${sink.appends} appends for ${written} records`);
  });

  test('a trim made by the last flush keeps the closing line last', async () => {
    // A slow machine flushes the closing line together with many records; that flush overflows the channel, and the
    // trim that follows used to rewrite it with the kept records only (the soak run found the end line gone). A
    // 500 ms quiet time makes the last flush carry the records read since the previous one with the closing line.
    const sink = new RecordingSink();
    const session = open('beginningUntilEnd', sink, { keptRecords: 5, maxChannelLines: 12 }, 500);
    await session.done;
    assert.ok(sink.replaces >= 1, 'the channel was trimmed');
    assert.deepEqual(sink.lines, [...session.lines()], 'the mirror is what the channel holds');
    assert.match(sink.lines.at(-1) ?? '', /^── reached the end: [\d,]+ records received/);
  });

  test('a filter rewrites the channel with the kept records that pass and applies to new ones', async () => {
    const sink = new RecordingSink();
    const session = open('follow', sink);
    await session.started;
    await simulate(l, 5);
    await until(
      'records',
      () =>
        session.stats.count > 0 &&
        session.backlog === 0 &&
        sink.lines.filter((x) => RECORD.test(x)).length === session.stats.count,
    );
    session.setFilter({ services: ['nlu'] });
    const shown = sink.lines.filter((x) => RECORD.test(x));
    assert.ok(shown.length > 0 && shown.every((x) => x.includes('  NLU  ')), shown.join('\n'));
    const counted = session.stats.count;
    await simulate(l, 5);
    await until('more records', () => session.stats.count > counted && session.backlog === 0);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(sink.lines.filter((x) => RECORD.test(x)).every((x) => x.includes('  NLU  ')));
    assert.ok(session.describeCounts().includes('shown'));
    await session.stop();
  });

  test('pause stops pulling; stop commits and deletes the consumer', async () => {
    const sink = new RecordingSink();
    const session = open('follow', sink);
    await session.started;
    session.pause();
    assert.equal(session.state, 'paused');
    await simulate(l, 10);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(session.stats.count, 0, 'nothing pulled while paused');
    session.resume();
    await until('the records written while paused', () => session.stats.count > 0 && session.backlog === 0);
    const name = session.consumerName;
    assert.ok(name);
    await session.stop();
    assert.equal(session.state, 'stopped');
    const api = new ConsumerApi(client.requester, { topic: TOPIC, group: session.consumerGroup, name });
    await assert.rejects(api.assignments(), (err: unknown) => isConsumerGone(err));
  });
});
