// Formatting, filters, stats, bounded buffers, WAV headers, audio references and JSONL files.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioRefsOf, sampleRateOf } from '../../../src/core/logs/audioRefs';
import { clientNameOf, consumerGroupName, newConsumerName } from '../../../src/core/logs/consumer';
import { compileFilter, describeFilter, parseFilters } from '../../../src/core/logs/filters';
import { formatRecord, summaryOf } from '../../../src/core/logs/formatter';
import { toJsonLine, writeJsonl } from '../../../src/core/logs/jsonl';
import type { LogRecord } from '../../../src/core/logs/records';
import { RingBuffer } from '../../../src/core/logs/ringBuffer';
import { LogStats } from '../../../src/core/logs/stats';
import { pcmToWav } from '../../../src/core/logs/wav';

const SESSION = '72dfe494-2115-4521-a294-547de8b4e926';
const rec = (service: string, type: string, data: Record<string, unknown>, offset = 0): LogRecord => ({
  topic: 'COFFEE-DEV',
  key: { service, id: 'k' },
  partition: 1,
  offset,
  value: {
    specversion: '1.0',
    service,
    source: service,
    type,
    id: 'k',
    timestamp: '2024-05-01T12:00:03.120Z',
    appid: 'COFFEE-DEV',
    datacontenttype: 'application/json',
    data,
  },
});
const clientData = { 'x-nuance-dialog-session-id': SESSION };
const asr = rec('ASRaaS', 'Recognize', {
  clientData,
  response: { result: { hypotheses: [{ formattedText: 'a large latte', averageConfidence: 0.912 }] } },
});
const nlu = rec('NLUaaS', 'Interpret', {
  clientData,
  response: {
    result: {
      literal: 'a large latte',
      interpretations: [
        { singleIntentInterpretation: { intent: 'ORDER_COFFEE', confidence: 0.88, entities: { COFFEE_SIZE: {} } } },
      ],
    },
  },
});
const dlg = rec('DLGaaS', 'Execute', {
  sessionid: SESSION,
  request: { payload: { userInput: { userText: 'a large latte', interpretation: { intent: 'ORDER_COFFEE' } } } },
  response: { payload: { qaAction: { message: { visual: [{ text: 'Anything else?' }] } } } },
});
const tts = rec('TTSaaS', 'Synthesize', {
  clientData,
  request: { input: { text: { text: 'Welcome!\nHow can I help?' } } },
});
const summary = rec('ASRaaS', 'asr-callsummary', {
  dataContentType: 'application/x-nuance-asr-callsummary.v1+json',
  audioUrn: 'urn:svc:log:service:audio/asraas/u1',
  callsummary: {
    clientData,
    recognize: [
      {
        audioUrn: 'urn:svc:log:service:audio/asraas/u1',
        audioDurationMs: 2400,
        recognitionParameters: { audioFormat: 'audio/L16;rate=16000' },
        finalResult: { formattedText: 'a large latte' },
      },
    ],
  },
});
const odd = rec('XYZaaS', 'Thing', { a: 1 });

describe('formatter', () => {
  test('one line per record: time, service, type, session, summary', () => {
    assert.equal(formatRecord(asr), `2024-05-01T12:00:03.120Z  ASR  Recognize        72dfe494  "a large latte" (0.91)`);
    assert.match(formatRecord(nlu), /NLU  Interpret .* ORDER_COFFEE 0\.88 "a large latte" \[COFFEE_SIZE\]$/);
    assert.match(summaryOf(dlg), /^"a large latte" → ORDER_COFFEE \| "Anything else\?"$/);
    assert.equal(summaryOf(tts), 'says "Welcome!\nHow can I help?"');
    assert.ok(!formatRecord(tts).includes('\n'), 'one line even when the text has newlines');
    assert.match(
      summaryOf(summary),
      /^"a large latte" audio 2\.4 s, audio\/L16;rate=16000 \(urn:svc:log:service:audio\/asraas\/u1\)$/,
    );
    assert.match(formatRecord(odd), /XYZ  Thing\s+-\s+\{"a":1\}$/);
    const broken = { topic: 't', key: {}, partition: 0, offset: 0, value: {} } as LogRecord;
    assert.match(formatRecord(broken), /^-  unknown  unknown/);
  });
});

describe('filters', () => {
  test('kinds combine, values alternate, text searches the line and the JSON', () => {
    const all = [asr, nlu, dlg, tts, summary, odd];
    const pick = (...specs: string[]): LogRecord[] => all.filter(compileFilter(parseFilters(specs)));
    assert.deepEqual(pick('service=asr'), [asr, summary]);
    assert.deepEqual(pick('service=nlu,TTSaaS'), [nlu, tts]);
    assert.deepEqual(pick('type=callsummary'), [summary]);
    assert.deepEqual(pick('session=72dfe4'), [asr, nlu, dlg, tts, summary]);
    assert.deepEqual(pick('service=asr', 'type=recognize'), [asr]);
    assert.deepEqual(pick('LATTE', 'service=dlg'), [dlg]);
    assert.deepEqual(pick('text=audioDurationMs'), [summary], 'text also searches the JSON');
    assert.equal(describeFilter(parseFilters(['service=asr', 'latte'])), 'service=asr "latte"');
    assert.throws(() => parseFilters(['service=']), /no value/);
  });
});

describe('stats, buffers, names', () => {
  test('count and rate over the last seconds', () => {
    let now = 10_000;
    const stats = new LogStats(() => now);
    for (let i = 0; i < 30; i++) {
      stats.add();
      now += 100;
    }
    assert.equal(stats.count, 30);
    assert.ok(Math.abs(stats.rate - 10) < 1.5, String(stats.rate));
    now += 10_000;
    assert.equal(stats.rate, 0, 'decays when quiet');
    assert.match(stats.describe(), /^30 records · 0\.0\/s$/);
  });

  test('a ring buffer keeps the newest items only', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    assert.deepEqual([...ring], [3, 4, 5]);
    assert.equal(ring.dropped, 2);
    assert.equal(ring.at(0), 3);
    assert.throws(() => new RingBuffer(0));
  });

  test('consumer group and name follow the spec patterns', () => {
    assert.equal(consumerGroupName('COFFEE-DEV', 'cstudio', 1), 'appID-COFFEE-DEV-clientName-cstudio-01');
    assert.match(newConsumerName(), /^consumer-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(clientNameOf('appID:COFFEE-DEV:geo:us:clientName:log-reader'), 'log-reader');
    assert.equal(clientNameOf('svc-api-client:123'), undefined);
  });
});

describe('audio references and WAV', () => {
  test('call summaries name their audio and its rate', () => {
    assert.deepEqual(audioRefsOf(summary), [
      {
        urn: 'urn:svc:log:service:audio/asraas/u1',
        audioFormat: 'audio/L16;rate=16000',
        sampleRate: 16000,
        durationMs: 2400,
      },
    ]);
    assert.deepEqual(audioRefsOf(asr), []);
    assert.equal(sampleRateOf('PCM 8000 Hz'), 8000);
    assert.equal(sampleRateOf({ pcm: { sampleRateHz: 22050 } }), 22050);
    assert.equal(sampleRateOf('ulaw'), 8000);
    assert.equal(sampleRateOf('opus'), undefined);
  });

  test('WAV header fields; an odd trailing byte is dropped', () => {
    const wav = pcmToWav(new Uint8Array([1, 0, 2, 0, 3]), { sampleRate: 8000 });
    assert.equal(wav.length, 48);
    assert.equal(wav.readUInt32LE(28), 16000, 'byte rate');
    assert.equal(wav.readUInt16LE(32), 2, 'block align');
    assert.equal(wav.readUInt32LE(40), 4);
    assert.throws(() => pcmToWav(new Uint8Array(2), { sampleRate: 12 }), /sample rate/);
  });
});

describe('JSONL', () => {
  test('one record per line, written atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-jsonl-'));
    try {
      assert.equal(toJsonLine(asr), `${JSON.stringify(asr)}\n`);
      const many = Array.from({ length: 500 }, (_, i) => ({ ...asr, offset: i }));
      const file = join(dir, 'logs.jsonl');
      assert.equal(await writeJsonl(file, many), 500);
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      assert.equal(lines.length, 500);
      assert.deepEqual(JSON.parse(lines[499] ?? ''), many[499]);
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(writeJsonl(file, many, controller.signal));
      assert.equal(
        (await readFile(file, 'utf8')).trimEnd().split('\n').length,
        500,
        'a cancelled save leaves the old file',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
