// The audio API (raw PCM behind call-summary URNs) and the client that wraps it in WAV.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchAudioWav } from '../../../src/core/logs/audio';
import { audioRefsOf } from '../../../src/core/logs/audioRefs';
import type { LogRecord } from '../../../src/core/logs/records';
import type { PlatformClient } from '../../../src/core/platform/client';
import { send } from '../helpers/sandboxHttp';
import { clientFor, consumer, drain, simulate, startLogSandbox, type LogSandbox } from './support';

let l: LogSandbox;
let client: PlatformClient;
let summaries: LogRecord[];

before(async () => {
  l = await startLogSandbox();
  await simulate(l, 6);
  const c = consumer(l, 'consumer-audio');
  await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
  await c('POST', '/consumers/subscription', { topics: ['COFFEE-DEV'] });
  summaries = ((await drain(c)) as unknown as LogRecord[]).filter((r) => audioRefsOf(r).length > 0);
  client = clientFor(l);
});
after(async () => {
  await client.close();
  await l.sb.close();
});

/** Root-mean-square level of 16-bit little-endian samples, 0..1. */
function rms(pcm: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += (pcm.readInt16LE(i) / 32768) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}

describe('audio API', () => {
  test("every call summary's URN answers raw 16-bit PCM of the stated rate and length, which sounds like something", async () => {
    assert.ok(summaries.length >= 6, 'call summaries were written');
    for (const record of summaries.slice(0, 4)) {
      const [ref] = audioRefsOf(record);
      assert.ok(ref?.sampleRate, 'the audioFormat names the rate');
      const res = await send(l.sb, 'GET', `/api/v1/audio?urn=${encodeURIComponent(ref.urn)}`, { token: l.logToken });
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), new RegExp(`sample-rate=${ref.sampleRate}`));
      assert.notEqual(res.bytes.subarray(0, 4).toString('ascii'), 'RIFF', 'raw PCM, not WAV');
      assert.equal(res.bytes.length % 2, 0);
      assert.equal(
        res.bytes.length,
        Math.round((ref.sampleRate * (ref.durationMs ?? 0)) / 1000) * 2,
        'duration as the summary says',
      );
      const level = rms(res.bytes);
      assert.ok(level > 0.03 && level < 0.6, `audible, not clipped (rms ${level})`);
      const again = await send(l.sb, 'GET', `/api/v1/audio?urn=${encodeURIComponent(ref.urn)}`, { token: l.logToken });
      assert.ok(again.bytes.equals(res.bytes), 'the same URN always sounds the same');
    }
  });

  test('unknown URN → 404; no token → 401; a token without scope log → 403', async () => {
    const unknown = await send(
      l.sb,
      'GET',
      `/api/v1/audio?urn=${encodeURIComponent('urn:svc:log:service:audio/asraas/nope')}`,
      { token: l.logToken },
    );
    assert.equal(unknown.status, 404);
    assert.match((unknown.json as { message: string }).message, /No audio file/);
    assert.equal((await send(l.sb, 'GET', '/api/v1/audio?urn=x', { token: l.logToken })).status, 404);
    assert.equal((await send(l.sb, 'GET', '/api/v1/audio', { token: l.logToken })).status, 400);
    const urn = audioRefsOf(summaries[0] as LogRecord)[0]?.urn ?? '';
    assert.equal((await send(l.sb, 'GET', `/api/v1/audio?urn=${encodeURIComponent(urn)}`)).status, 401);
    assert.equal(
      (await send(l.sb, 'GET', `/api/v1/audio?urn=${encodeURIComponent(urn)}`, { token: l.mgmtToken })).status,
      403,
    );
  });

  test('the client downloads with a log token and wraps the PCM in a valid WAV header', async () => {
    const [ref] = audioRefsOf(summaries[0] as LogRecord);
    const audio = await fetchAudioWav(client.requester, ref?.urn ?? '');
    assert.equal(audio.rateSource, 'server');
    assert.equal(audio.sampleRate, ref?.sampleRate);
    const wav = audio.wav;
    assert.equal(wav.subarray(0, 4).toString('ascii'), 'RIFF');
    assert.equal(wav.subarray(8, 16).toString('ascii'), 'WAVEfmt ');
    assert.equal(wav.readUInt16LE(20), 1, 'PCM');
    assert.equal(wav.readUInt16LE(22), 1, 'mono');
    assert.equal(wav.readUInt32LE(24), ref?.sampleRate);
    assert.equal(wav.readUInt16LE(34), 16);
    assert.equal(wav.readUInt32LE(40), wav.length - 44);
    assert.equal(wav.readUInt32LE(4), wav.length - 8);
    const given = await fetchAudioWav(client.requester, ref?.urn ?? '', { sampleRate: 22050 });
    assert.equal(given.rateSource, 'caller');
    assert.equal(given.wav.readUInt32LE(24), 22050);
    await assert.rejects(fetchAudioWav(client.requester, 'urn:svc:log:service:audio/asraas/nope'), /not found/i);
  });
});
