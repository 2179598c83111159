// The benchmarks' shared verdict (bench/lib/goals.ts): a goal that was not judged (its comparator, such as xmllint,
// or its input missing) must not read as met (issue 26: bench/grxml printed "all goals met" without xmllint). The
// module is bundled and run as a benchmark runs it, in a process of its own, so its exit code is checked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..', '..', '..');

async function runBench(body: string): Promise<{ status: number | null; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cstudio-bench-goals-'));
  try {
    const entry = join(dir, 'bench.ts');
    writeFileSync(
      entry,
      `import { judge, notJudged, reportGoals } from ${JSON.stringify(join(root, 'bench', 'lib', 'goals'))};\n${body}\nreportGoals();\n`,
    );
    const out = join(dir, 'bench.js');
    await esbuild.build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
    });
    const r = spawnSync(process.execPath, [out], { encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('every goal judged and held: "all goals met", exit 0', async () => {
  const r = await runBench("judge('speed', 1.1, 1.5);");
  assert.equal(r.status, 0, r.stdout);
  assert.match(r.stdout, /^all goals met$/m);
});

test('a goal not judged fails the run and never reads as met', async () => {
  const r = await runBench(
    "judge('speed', 1.1, 1.5);\nnotJudged('ours / xmllint', 'xmllint is not installed; Debian: apt-get install -y libxml2-utils');",
  );
  assert.equal(r.status, 1, r.stdout);
  assert.doesNotMatch(r.stdout, /all goals met/);
  assert.match(r.stdout, /goal ours \/ xmllint: NOT JUDGED \(xmllint is not installed/);
  assert.match(
    r.stdout,
    /^GOAL NOT JUDGED: ours \/ xmllint: xmllint is not installed; Debian: apt-get install -y libxml2-utils$/m,
  );
  assert.match(r.stdout, /^1 goal not judged: the run does not count as met$/m);
});

test('a missed goal and an unjudged one are both named', async () => {
  const r = await runBench("judge('speed', 2, 1.5);\nnotJudged('corpus', 'the corpus is absent');");
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^GOAL MISSED: speed: 2\.00×, goal ≤ 1\.5×$/m);
  assert.match(r.stdout, /^GOAL NOT JUDGED: corpus: the corpus is absent$/m);
});
