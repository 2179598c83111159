// Issue 27, finding 4: 130,000 (and 1,000,000) problems used to crash `validate` and `push` with "Maximum call
// stack size exceeded" (a spread of every problem into one push call). They now print a capped report: the first
// few of each file and code, then counts, with the exit codes a single problem would give.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROBLEMS_PER_KIND } from '../../../src/core/problemCap';
import { cli, sandboxEnv } from '../helpers/cli';
import { launch } from '../helpers/childProcess';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { insertBefore, tempDir } from '../sync/support';

const MANY = 130_000;

function lines(stdout: string, pattern: RegExp): number {
  return stdout.split('\n').filter((l) => pattern.test(l)).length;
}

describe('many problems (issue 27)', () => {
  let ws: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    ws = await tempDir('cstudio-many-');
  });
  after(async () => {
    await ws.cleanup();
  });

  test(`validate prints a capped report of ${MANY} problems, with the same exit codes`, async () => {
    // One blank line is one LIST warning: a file of 130,000 of them and a sample.
    await writeFile(join(ws.dir, 'blank.txt'), `${'\n'.repeat(MANY)}hello\n`);
    const r = await cli(['validate', 'blank.txt'], { cwd: ws.dir });
    assert.equal(r.code, 0, r.stderr); // warnings only, as for one blank line
    const printed = lines(r.stdout, /^blank\.txt:\d+:\d+: /);
    assert.equal(printed, PROBLEMS_PER_KIND, 'the first problems of the kind are printed, no more');
    assert.match(r.stdout, new RegExp(`${MANY - PROBLEMS_PER_KIND} more problems not shown`));
    assert.match(r.stdout, new RegExp(`blank\\.txt: ${MANY - PROBLEMS_PER_KIND} more warning LIST\\d+`));
    assert.match(r.stdout, new RegExp(`1 file checked: 0 errors, ${MANY} warnings, 0 infos\\.`));

    const all = await cli(['validate', 'blank.txt', '--all'], { cwd: ws.dir });
    assert.equal(lines(all.stdout, /^blank\.txt:\d+:\d+: /), MANY, '--all prints every problem');
    const json = await cli(['validate', 'blank.txt', '--json'], { cwd: ws.dir });
    assert.equal((JSON.parse(json.stdout) as unknown[]).length, MANY, '--json lists every problem');
  });

  test(`validate of ${MANY} errors exits 1, as for one`, async () => {
    const samples = Array.from({ length: MANY }, (_, i) => `<sample intentref="NOPE">s ${i}</sample>`).join('\n');
    await writeFile(
      join(ws.dir, 'errors.trsx'),
      `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
<ontology base="http://localhost:8080/resources/ontology-1.0.xml"><intents><intent name="A"/></intents><concepts/></ontology>
<samples>${samples}</samples>
</project>
`,
    );
    const r = await cli(['validate', 'errors.trsx'], { cwd: ws.dir });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(lines(r.stdout, /^errors\.trsx:\d+:\d+: error /), PROBLEMS_PER_KIND);
    assert.match(r.stdout, new RegExp(`1 file checked: ${MANY} errors, 0 warnings, 0 infos\\.`));
  });

  test('validate of 1,000,000 problems in a child process: capped output, bounded time and memory', async () => {
    await writeFile(join(ws.dir, 'million.txt'), `${'\n'.repeat(1_000_000)}hello\n`);
    const out: Buffer[] = [];
    const run = await launch(ws.dir, 'cli', ['validate', join(ws.dir, 'million.txt')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    run.child.stdout?.on('data', (b: Buffer) => out.push(b));
    const done = await run.finished;
    const stdout = Buffer.concat(out).toString('utf8');
    assert.equal(done.code, 0, done.stderr);
    assert.ok(stdout.length < 10_000, `a short report (${stdout.length} characters)`);
    assert.match(stdout, /1 file checked: 0 errors, 1000000 warnings, 0 infos\./);
    // Measured 0.3-0.5 GB and ~2 s here; the caps leave room for a busy machine.
    assert.ok(done.peakMb < 900, `peak RSS ${done.peakMb.toFixed(0)} MB`);
    assert.ok(done.ms < 60_000, `${done.ms} ms`);
  });
});

describe('push with many problems (issue 27)', () => {
  let sbx: TestSandbox;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    sbx = await startTestSandbox();
    env = sandboxEnv(sbx, sbx.client('owner'));
  });
  after(async () => {
    await sbx.close();
  });

  test(`push refuses ${MANY} errors and reports ${MANY} warnings, capped, with its usual exit codes`, async () => {
    const ws = await tempDir();
    try {
      const pulled = await cli(['pull', '1001'], { env, cwd: ws.dir });
      assert.equal(pulled.code, 0, pulled.stderr);
      const dir = join(ws.dir, '1001');
      const file = join(dir, 'en-US', 'en-US.trsx');
      const original = await readFile(file);
      const samples = (make: (i: number) => string): string =>
        Array.from({ length: MANY }, (_, i) => make(i)).join('\n');

      // A sample of an intent that does not exist is an error: 130,000 of them.
      await insertBefore(
        file,
        '</samples>',
        samples((i) => `  <sample intentref="NO_SUCH_INTENT">unknown ${i}</sample>`),
      );
      const refused = await cli(['push', dir, '--append', '--yes'], { env, cwd: ws.dir });
      assert.doesNotMatch(refused.stderr, /call stack/);
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, new RegExp(`${MANY} error\\(s\\)`));
      assert.ok(lines(refused.stderr, /NO_SUCH_INTENT/) <= 20, 'only the first errors are listed');

      // An unknown attribute is a warning: the plan is made and the warnings are capped.
      await writeFile(file, original);
      await insertBefore(
        file,
        '</samples>',
        samples((i) => `  <sample intentref="ASK_HOURS" unknownattr="x">many ${i}</sample>`),
      );
      const warned = await cli(['push', dir, '--append'], { env, cwd: ws.dir });
      assert.doesNotMatch(warned.stderr, /call stack/);
      assert.equal(warned.code, 2, warned.stderr); // asks before sending; nothing sent without --yes
      assert.equal(lines(warned.stderr, /^\S+:\d+:\d+ warning TRSX005/), PROBLEMS_PER_KIND);
      assert.match(warned.stderr, new RegExp(`en-US/en-US\\.trsx: ${MANY - PROBLEMS_PER_KIND} more warning TRSX005`));
    } finally {
      await ws.cleanup();
    }
  });
});
