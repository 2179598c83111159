// `cstudio sandbox simulate`, `logs tail`, `logs partitions` and `audio get`, in-process against a running
// sandbox over HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, sandboxEnv } from '../helpers/cli';
import { startLogSandbox, TOPIC, type LogSandbox } from './support';

let l: LogSandbox;
let env: NodeJS.ProcessEnv;
let dir: string;
let written = 0;

before(async () => {
  l = await startLogSandbox();
  env = sandboxEnv(l.sb, l.sb.client('owner'));
  dir = await mkdtemp(join(tmpdir(), 'cstudio-cli-logs-'));
});
after(async () => {
  await l.sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cstudio logs and audio', () => {
  test('sandbox simulate writes traffic to the running sandbox', async () => {
    const run = await cli(['sandbox', 'simulate', '--app', TOPIC, '--sessions', '8', '--json'], { env });
    assert.equal(run.code, 0, run.stderr);
    const sim = JSON.parse(run.stdout) as { status: string; records: number; completedSessions: number };
    assert.equal(sim.status, 'COMPLETED');
    assert.equal(sim.completedSessions, 8);
    written = sim.records;
    const human = await cli(['sandbox', 'simulate', '--app', '501', '--sessions', '1'], { env });
    assert.match(
      human.stdout,
      /^Simulated 1\/1 sessions on COFFEE-DEV \(configurations 801 "coffee-main"\): \d+ records\. Turns: (training|paraphrase|asrError|outOfDomain|wrongIntent|unseenEntity) \d+.* \(seed \d+\)\.\n$/,
    );
    written += Number(/(\d+) records/.exec(human.stdout)?.[1]);
    assert.equal((await cli(['sandbox', 'simulate', '--app', TOPIC], { env })).code, 2, '--sessions is required');
    const undeployed = await cli(['sandbox', 'simulate', '--app', 'COFFEE-NLU-DEV', '--sessions', '1'], { env });
    assert.equal(undeployed.code, 1);
    assert.match(undeployed.stderr, /no configuration deployed/);
  });

  test('logs partitions lists the offsets of every partition', async () => {
    const run = await cli(['logs', 'partitions', '--app', TOPIC, '--json'], { env });
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as {
      topic: string;
      partitions: Array<{ partition: number; beginning_offset: number; end_offset: number }>;
    };
    assert.equal(out.topic, TOPIC);
    assert.deepEqual(
      out.partitions.map((p) => p.partition),
      [0, 1, 2, 3],
    );
    assert.equal(
      out.partitions.reduce((n, p) => n + p.end_offset - p.beginning_offset, 0),
      written,
    );
    const human = await cli(['logs', 'partitions', '--app', TOPIC], { env });
    assert.match(human.stdout, /^Topic COFFEE-DEV\nPARTITION\s+BEGINNING\s+END\s+RECORDS\n0\s+0\s+\d+/);
    const unknown = await cli(['logs', 'partitions', '--app', 'NOPE'], { env });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Topic "NOPE" not found/);
  });

  test('logs tail --from-beginning --until-end prints one line per record, or JSON lines, with filters', async () => {
    const human = await cli(['logs', 'tail', '--app', TOPIC, '--from-beginning', '--until-end'], { env });
    assert.equal(human.code, 0, human.stderr);
    const lines = human.stdout.trimEnd().split('\n');
    assert.equal(lines.length, written);
    assert.match(lines[0] ?? '', /^\d{4}-\d\d-\d\dT[\d:.]+Z {2}DLG {2}Start {12}[0-9a-f]{8} {2}session start/);
    assert.match(human.stderr, new RegExp(`^${written} records from COFFEE-DEV, to the end\\.`));
    const json = await cli(
      ['logs', 'tail', '--app', TOPIC, '--from-beginning', '--until-end', '--json', '--filter', 'type=callsummary'],
      { env },
    );
    const records = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { value: { type: string } });
    assert.ok(records.length > 0 && records.every((r) => /callsummary/.test(r.value.type)));
    const asr = await cli(
      [
        'logs',
        'tail',
        '--app',
        TOPIC,
        '--from-offset',
        '0',
        '--until-end',
        '--filter',
        'service=asr',
        '--filter',
        'type=Recognize',
      ],
      { env },
    );
    assert.ok(
      asr.stdout
        .trimEnd()
        .split('\n')
        .every((line) => / ASR {2}Recognize /.test(line)),
    );
    assert.match(asr.stderr, /\d+ records \(\d+ matching service=asr type=Recognize\)/);
  });

  test('logs tail follows until Ctrl+C', async () => {
    const lines = (text: string): number => text.split('\n').length - 1;
    const existing = lines(
      (await cli(['logs', 'tail', '--app', TOPIC, '--from-beginning', '--until-end'], { env })).stdout,
    );
    // Progress, not time: the tail has caught up once it printed every existing record; it then gets the
    // records of one more call, and is stopped once it printed them all.
    let wake = (): void => undefined;
    let printed = 0;
    const reach = async (n: number): Promise<void> => {
      while (printed < n)
        await new Promise<void>((r) => {
          wake = r;
        });
    };
    const controller = new AbortController();
    const tail = cli(['logs', 'tail', '--app', TOPIC, '--from-beginning'], {
      env,
      signal: controller.signal,
      onStdout: (out) => {
        printed = lines(out);
        wake();
      },
    });
    await reach(existing);
    const more = await cli(['sandbox', 'simulate', '--app', TOPIC, '--sessions', '1', '--json'], { env });
    const expected = (JSON.parse(more.stdout) as { records: number }).records;
    await reach(existing + expected);
    controller.abort();
    const run = await tail;
    assert.equal(run.code, 0, run.stderr);
    assert.equal(lines(run.stdout), existing + expected, 'every record once, nothing after Ctrl+C');
  });

  test('usage errors exit 2', async () => {
    assert.equal((await cli(['logs', 'tail'], { env })).code, 2);
    assert.equal(
      (await cli(['logs', 'tail', '--app', TOPIC, '--from-beginning', '--from-offset', '3'], { env })).code,
      2,
    );
    assert.equal((await cli(['logs', 'tail', '--app', TOPIC, '--from-time', 'yesterday'], { env })).code, 2);
    assert.equal((await cli(['logs', 'tail', '--app', TOPIC, '--filter', 'service='], { env })).code, 2);
    assert.equal((await cli(['audio', 'get', 'urn:x'], { env })).code, 2);
  });

  test('audio get saves a WAV file of the utterance', async () => {
    const json = await cli(
      ['logs', 'tail', '--app', TOPIC, '--from-beginning', '--until-end', '--json', '--filter', 'type=asr-callsummary'],
      { env },
    );
    const first = JSON.parse(json.stdout.split('\n')[0] ?? '') as { value: { data: { audioUrn: string } } };
    const urn = first.value.data.audioUrn;
    const file = join(dir, 'utterance.wav');
    const run = await cli(['audio', 'get', urn, '-o', file], { env, cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Saved \d+\.\d s of (8000|16000) Hz audio to /);
    const wav = await readFile(file);
    assert.equal(wav.subarray(0, 4).toString('ascii'), 'RIFF');
    assert.equal(wav.readUInt32LE(40), wav.length - 44);
    const raw = await cli(['audio', 'get', urn, '-o', 'raw.pcm', '--raw'], { env, cwd: dir });
    assert.equal(raw.code, 0, raw.stderr);
    assert.equal((await readFile(join(dir, 'raw.pcm'))).length, wav.length - 44);
    const missing = await cli(['audio', 'get', 'urn:svc:log:service:audio/asraas/nope', '-o', file], { env });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /not found/i);
  });
});
