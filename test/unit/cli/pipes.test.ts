// `cstudio` in real shell pipelines: a reader that stops early (`| head -n 5`) ends the command quietly with
// exit 0, and a slow reader holds the command back (stdout backpressure) so memory stays bounded however many
// records stream. Real child processes and real pipes; the records are seeded into the sandbox's event log.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sandboxEnv } from '../helpers/cli';
import { launch } from '../helpers/childProcess';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const TOPIC = 'COFFEE-DEV';
const RECORDS = 300_000;
const PARTITIONS = 4;

let dir: string;
let sb: TestSandbox;
let env: NodeJS.ProcessEnv;
/** Record fetches the sandbox has answered, and who wants to hear of the next one. */
let fetches = 0;
const onFetch = new Set<() => void>();

/** Writes RECORDS event-log records of TOPIC into a fresh data folder, as the sandbox keeps them on disk. */
async function seedLog(dataDir: string): Promise<void> {
  const topicDir = join(dataDir, 'logs', 'topics', TOPIC);
  await mkdir(topicDir, { recursive: true });
  await writeFile(join(topicDir, 'meta.json'), JSON.stringify({ partitions: PARTITIONS }));
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let p = 0; p < PARTITIONS; p++) {
    const lines: string[] = [];
    for (let offset = 0; offset < RECORDS / PARTITIONS; offset++) {
      const id = randomUUID();
      lines.push(
        JSON.stringify({
          topic: TOPIC,
          key: { service: 'NLUaaS', id },
          value: {
            specversion: '1.0',
            service: 'NLUaaS',
            source: 'NLUaaS',
            type: 'Interpret',
            id,
            appid: TOPIC,
            timestamp: new Date(base + offset * 10).toISOString(),
            datacontenttype: 'application/json',
            data: {
              request: { input: `I would like a large cappuccino number ${offset}` },
              response: { intent: 'ORDER_COFFEE', confidence: 0.93 },
            },
          },
          partition: p,
          offset,
        }),
      );
    }
    await writeFile(join(topicDir, `${p}.jsonl`), `${lines.join('\n')}\n`);
  }
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cstudio-pipes-'));
  const dataDir = join(dir, 'data');
  await seedLog(dataDir);
  sb = await startTestSandbox({
    dataDir,
    logRateLimit: 0,
    onExchange: (e) => {
      if (e.route === '/consumers/records') {
        fetches++;
        for (const f of onFetch) f();
      }
    },
  });
  env = sandboxEnv(sb, sb.client('owner'));
});
after(async () => {
  await sb?.close();
  await rm(dir, { recursive: true, force: true });
});

/** `head -n N` at the end of a pipe, writing what it kept to `outFile`. */
function head(lines: number, outFile: string): ChildProcess {
  return spawn('sh', ['-c', `head -n ${lines} > "${outFile}"`], { stdio: ['pipe', 'ignore', 'inherit'] });
}

/**
 * A reader that reads nothing until released (a line on its fd 3), then everything: `wc` counting lines and
 * bytes into `outFile`. The slowest reader there is, for as long as the test wants.
 */
function stalledReader(outFile: string): { child: ChildProcess; release(): void } {
  const child = spawn('sh', ['-c', `read go <&3; wc -lc > "${outFile}"`], {
    stdio: ['pipe', 'ignore', 'inherit', 'pipe'],
  });
  return {
    child,
    release: () => {
      (child.stdio[3] as NodeJS.WritableStream).write('go\n');
    },
  };
}

/** Fetches (of about 1 MB each) that hold half the records. */
const HALF_FETCHES = 70;

/** What `cstudio` prints on stderr (with CSTUDIO_DEBUG) each time it starts waiting for a slow reader. */
const WAITING = 'waiting for the reader of standard output';

/**
 * Resolves with the fetches made since the call once the command says it waits for the reader (stderr, with
 * CSTUDIO_DEBUG), or, without backpressure, once it has fetched HALF_FETCHES, or when it ended: driven by events
 * only, so a slow machine changes how long this takes, never what it finds.
 */
function fetchesUntilWaiting(run: { child: ChildProcess; finished: Promise<unknown> }): Promise<number> {
  const start = fetches;
  return new Promise((resolve) => {
    let said = '';
    const done = (): void => {
      onFetch.delete(listener);
      run.child.stderr?.off('data', heard);
      resolve(fetches - start);
    };
    const listener = (): void => {
      if (fetches - start >= HALF_FETCHES) done();
    };
    const heard = (chunk: string | Buffer): void => {
      said += String(chunk);
      if (said.includes(WAITING)) done();
    };
    onFetch.add(listener);
    run.child.stderr?.on('data', heard);
    void run.finished.then(done);
  });
}

/** The child's exit code; call it right after spawning, so an early exit is not missed. */
function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

describe('cstudio in pipelines', () => {
  test('logs tail --json | head -n 5 ends quietly with exit 0 (EPIPE), while following', async () => {
    const out = join(dir, 'head.txt');
    const reader = head(5, out);
    const readerExit = exited(reader);
    const run = await launch(dir, 'cli', ['logs', 'tail', '--app', TOPIC, '--from-beginning', '--json'], {
      env,
      stdio: ['ignore', reader.stdin ?? 'ignore', 'pipe'],
    });
    reader.stdin?.destroy();
    assert.equal(await readerExit, 0);
    const done = await run.finished;
    assert.equal(done.stderr, '', 'no stack trace, no summary');
    assert.equal(done.code, 0);
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n');
    assert.equal(lines.length, 5);
    assert.equal((JSON.parse(lines[0] ?? '') as { topic: string }).topic, TOPIC);
    assert.ok(done.ms < 60_000, `took ${done.ms} ms`);
  });

  test('convert … | head -1 ends quietly with exit 0', async () => {
    const list = join(dir, 'big.list');
    await writeFile(list, Array.from({ length: 200_000 }, (_, i) => `literal number ${i}`).join('\n') + '\n');
    const out = join(dir, 'convert-head.txt');
    const reader = head(1, out);
    const readerExit = exited(reader);
    const run = await launch(dir, 'cli', ['convert', list, '--to', 'nmlist'], {
      stdio: ['ignore', reader.stdin ?? 'ignore', 'pipe'],
    });
    reader.stdin?.destroy();
    await readerExit;
    const done = await run.finished;
    assert.equal(done.stderr.slice(0, 2000), '');
    assert.equal(done.code, 0);
    assert.equal((await readFile(out, 'utf8')).split('\n')[0], 'literal number 0|literal number 0');
  });

  // A shell's `|` is a pipe, which Node writes synchronously (the writer blocks); a parent process that spawns
  // `cstudio` with piped stdio gives it a socket, which Node writes asynchronously: queued in memory unless
  // the command waits for 'drain'. Both must stay bounded.
  for (const kind of ['shell pipe into wc', 'socket into a Node parent'] as const) {
    test(`logs tail of ${RECORDS} records into a stalled reader (${kind}) stays under 200 MB`, async () => {
      const out = join(dir, 'slow.txt');
      const args = ['logs', 'tail', '--app', TOPIC, '--from-beginning', '--until-end', '--json'];
      const debugEnv = { ...env, CSTUDIO_DEBUG: '1' };
      let counted: () => Promise<{ lines: number; bytes: number }>;
      let release: () => void;
      let run: Awaited<ReturnType<typeof launch>>;
      if (kind === 'shell pipe into wc') {
        const slow = stalledReader(out);
        const slowExit = exited(slow.child);
        run = await launch(dir, 'cli', args, {
          env: debugEnv,
          stdio: ['ignore', slow.child.stdin ?? 'ignore', 'pipe'],
        });
        slow.child.stdin?.destroy();
        release = slow.release;
        counted = async () => {
          assert.equal(await slowExit, 0);
          const [lines = 0, bytes = 0] = (await readFile(out, 'utf8')).trim().split(/\s+/).map(Number);
          return { lines, bytes };
        };
      } else {
        run = await launch(dir, 'cli', args, { env: debugEnv, stdio: ['ignore', 'pipe', 'pipe'] });
        const stdout = run.child.stdout;
        assert.ok(stdout);
        stdout.pause();
        let lines = 0;
        let bytes = 0;
        const ended = new Promise<void>((resolve) => stdout.once('end', resolve));
        release = () => {
          stdout.on('data', (c: Buffer) => {
            bytes += c.length;
            for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) lines++;
          });
          // Paused explicitly, so a 'data' listener alone does not start the flow.
          stdout.resume();
        };
        counted = async () => {
          await ended;
          return { lines, bytes };
        };
      }
      // The reader stays stalled until the command waits for it or, without backpressure, has fetched half the
      // records (about 70 MB it would have to hold).
      const stalledAt = await fetchesUntilWaiting(run);
      release();
      const done = await run.finished;
      assert.equal(done.code, 0, done.stderr.slice(0, 2000));
      assert.ok(done.stderr.includes(WAITING), 'the command waited for the reader');
      const seen = await counted();
      assert.equal(seen.lines, RECORDS, 'every record reached the reader, once');
      assert.ok(stalledAt < HALF_FETCHES, `kept fetching (${stalledAt} fetches) while the reader read nothing`);
      assert.ok(
        done.peakMb < 200,
        `peak RSS ${done.peakMb.toFixed(0)} MB for ${(seen.bytes / 1e6).toFixed(0)} MB of output`,
      );
      console.log(
        `# logs tail → stalled reader (${kind}): ${RECORDS} records, ${(seen.bytes / 1e6).toFixed(0)} MB, ` +
          `${stalledAt} fetches while stalled, peak RSS ${done.peakMb.toFixed(0)} MB, ${(done.ms / 1000).toFixed(1)} s`,
      );
    });
  }
});
