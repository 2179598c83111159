// Issue 27, finding 6: `validate` and `grammar test` on a huge grammar ignored Ctrl-C and SIGTERM until the
// grammar was checked (a JavaScript signal handler cannot run during synchronous work). They now install none
// (CliCommand.stopsAtOnce): a signal ends them at once. Each case waits for output that shows the CLI is in
// the long check, sends the signal, and waits for the exit event.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Finished, type Launched } from '../helpers/childProcess';

/** A valid grammar of `n` rules chained by references: ~60 bytes a rule, seconds to check at 300,000. */
function hugeGrammar(n: number): string {
  const rules: string[] = [];
  for (let i = 0; i < n; i++)
    rules.push(
      i + 1 < n ? `<rule id="r${i}"><ruleref uri="#r${i + 1}"/> w${i}</rule>` : `<rule id="r${i}">w${i}</rule>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="r0" mode="voice">\n${rules.join('\n')}\n</grammar>\n`;
}

/** Resolves once `stream`'s text so far matches `pattern`. */
function waitFor(run: Launched, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const s = run.child[stream];
    if (!s) {
      reject(new Error(`no ${stream}`));
      return;
    }
    s.setEncoding('utf8');
    s.on('data', (t: string) => {
      text += t;
      if (pattern.test(text)) resolve(text);
    });
    run.child.once('exit', () => {
      if (!pattern.test(text)) reject(new Error(`exited before ${pattern} on ${stream}: ${text}`));
    });
  });
}

function endedBy(done: Finished, signal: NodeJS.Signals): void {
  const code = signal === 'SIGINT' ? 130 : 143;
  assert.ok(
    done.signal === signal || done.code === code,
    `ended by ${signal} (got code ${done.code}, signal ${done.signal}): ${done.stderr}`,
  );
}

describe('Ctrl-C and SIGTERM stop validate and grammar test at once (issue 27)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cstudio-interrupt-'));
    await writeFile(join(dir, 'huge.grxml'), hugeGrammar(300_000)); // 17.7 MB: 9 s to check here
    await writeFile(join(dir, 'first.txt'), '\nhello\n'); // one problem, printed before the huge grammar is read
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`validate, ${signal} while checking a 17 MB grammar`, async () => {
      const run = await launch(dir, 'cli', ['validate', join(dir, 'first.txt'), join(dir, 'huge.grxml')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out = waitFor(run, 'stdout', /first\.txt:1:1: /);
      await waitFor(run, 'stderr', /Checking .*huge\.grxml \(17\.\d MB\)/);
      const sent = Date.now();
      run.child.kill(signal);
      const done = await run.finished;
      endedBy(done, signal);
      assert.doesNotMatch(await out, /files? checked/, 'it stopped before finishing');
      assert.doesNotMatch(done.stderr, /aborted/, 'not by cancelling the read: the check itself was stopped');
      assert.ok(Date.now() - sent < 5_000, `exited ${Date.now() - sent} ms after the signal`);
    });
  }

  test('grammar test, SIGINT while checking a 17 MB grammar', async () => {
    const run = await launch(dir, 'cli', ['grammar', 'test', join(dir, 'huge.grxml'), 'w0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitFor(run, 'stderr', /Checking .*huge\.grxml \(17\.\d MB\)/);
    const sent = Date.now();
    run.child.kill('SIGINT');
    const done = await run.finished;
    endedBy(done, 'SIGINT');
    assert.ok(Date.now() - sent < 5_000, `exited ${Date.now() - sent} ms after the signal`);
  });
});
