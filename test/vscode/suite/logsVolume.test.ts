/// <reference types="mocha" />
// Memory stays bounded at any volume: 20k+ records streamed through the extension host with small limits
// (500 kept records, a 2,000-line channel). The kept records, the writer's queue and the channel never grow
// past their limits, and the heap after a full collection stays flat while the records go by. The topic is
// filled first, so the sandbox (in the same process, holding its records in memory) does not grow meanwhile.
import assert from 'node:assert/strict';
import { updateSetting, waitFor } from '../helpers';
import { usePrompterForSuite } from '../explorerHelpers';
import { heapUsedMb, recordLines, session, simulate, stopIfRunning, stream } from '../logsHelpers';

const VOLUME = 20_000;

suite('event logs: bounded memory under volume', () => {
  usePrompterForSuite();
  suiteSetup(async () => {
    await updateSetting('cstudio.logs.keptRecords', 500);
    await updateSetting('cstudio.logs.maxChannelLines', 2000);
  });
  suiteTeardown(async function () {
    this.timeout(120_000); // a safety net: stopping commits and deletes the consumer, then two settings are written
    await stopIfRunning();
    await updateSetting('cstudio.logs.keptRecords', undefined);
    await updateSetting('cstudio.logs.maxChannelLines', undefined);
  });

  test(`${VOLUME.toLocaleString('en-US')}+ records: kept records, queue and channel stay within their limits; the heap stays flat`, async function () {
    this.timeout(180_000);
    // About a dozen records a session (it varies): fill the topic until the volume is there.
    let written = 0;
    while (written < VOLUME) written += (await simulate(Math.max(20, Math.ceil((VOLUME - written) / 10)))).records;

    const before = heapUsedMb();
    const t0 = Date.now();
    await stream('beginningUntilEnd');
    const s = await session();
    let maxBacklog = 0;
    let maxChannel = 0;
    let maxMirror = 0;
    const heap: number[] = [];
    const quarter = written / 4;
    await waitFor(
      'the stream to reach the end',
      () => {
        maxBacklog = Math.max(maxBacklog, s.backlog);
        maxChannel = Math.max(maxChannel, s.channelLineCount);
        maxMirror = Math.max(maxMirror, s.lines().length);
        if (s.stats.count >= quarter * (heap.length + 1) && heap.length < 3) heap.push(heapUsedMb());
        return s.state === 'ended' || s.state === 'failed';
      },
      150_000,
    );
    const seconds = (Date.now() - t0) / 1000;
    assert.equal(s.state, 'ended', s.error?.message);
    heap.push(heapUsedMb());
    const total = s.stats.count;
    console.log(
      `    ${total} records in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s); heap ${before.toFixed(1)} MB before, ${heap.map((h) => h.toFixed(1)).join(' / ')} MB at 25/50/75/100%; ` +
        `max queue ${maxBacklog}, max channel ${maxChannel} lines`,
    );
    assert.ok(total >= VOLUME, `${total} records streamed`);
    assert.equal(s.kept.size, 500, 'the ring buffer keeps exactly its capacity');
    assert.equal(s.kept.dropped, total - 500);
    assert.ok(maxBacklog <= 501, `the writer's queue stays within a batch (max ${maxBacklog})`);
    assert.ok(maxChannel <= 2000 + 500, `the channel is trimmed near its limit (max ${maxChannel} lines)`);
    assert.ok(maxMirror <= 2000 + 500);
    assert.ok(recordLines(s).length <= 2000);
    const growth = Math.max(...heap) - Math.min(...heap);
    assert.ok(
      growth < 24,
      `the heap stays flat while ${total} records (~${Math.round(total / 1000)} MB of JSON) go by: ${heap.map((h) => h.toFixed(1)).join(', ')} MB`,
    );
    assert.ok(Math.max(...heap) - before < 32, `and close to where it started (${before.toFixed(1)} MB)`);
  });
});
