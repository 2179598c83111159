// `node scripts/soak-tests.mjs [runs]`: the plain-Node test tier (`npm run test:unit`), run `runs` times in a row
// (default 20) while CPU burners keep every core busy — the proof that the suite does not depend on a quiet
// machine. The burners (`node -e 'for(;;){}'`, one per core, at most `BURNERS`) are started here and killed on
// exit, on Ctrl-C and on failure. Prints each run's verdict and time, then "N passed, M failed"; exits non-zero
// when any run failed, keeping the failed runs' output in .cache/soak/run-<n>.log.
//   BURNERS=<n>   how many burners (default: one per core)      FILTER=<substring>  passed on to the unit tier
// The bundles are built once, before the load starts; the runs skip the type-check and lint (they do not
// depend on timing) and the bundle step.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 20);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: node scripts/soak-tests.mjs [runs]  (runs: a positive integer, got "${process.argv[2]}")`);
  process.exit(2);
}
const burnerCount = Number(process.env.BURNERS ?? availableParallelism());
const logDir = join(root, '.cache', 'soak');

const burners = [];
let current;
let passed = 0;
let failed = 0;
function stopBurners() {
  for (const b of burners.splice(0)) {
    try {
      b.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  // The run in progress is a process group of its own (test.mjs, node --test and its files): all of it goes.
  if (current) {
    try {
      process.kill(-current.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    current = undefined;
  }
}
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopBurners();
    console.log(`\nsoak interrupted (${signal}) after ${passed + failed} run(s): ${passed} passed, ${failed} failed`);
    process.exit(130);
  });
}

const build = spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

for (let i = 0; i < burnerCount; i++) {
  const b = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  b.on('error', (e) => console.error(`burner: ${e.message}`));
  burners.push(b);
}
console.log(
  `soak: ${runs} runs of the plain-Node tier with ${burnerCount} CPU burner(s) (pids ${burners.map((b) => b.pid).join(', ')})`,
);

function runOnce() {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [join(root, 'scripts', 'test.mjs'), '--unit'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SKIP_STATIC: '1', SKIP_BUNDLE: '1' },
      detached: true,
    });
    current = child;
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      current = undefined;
      resolve({ code, output, seconds: (Date.now() - t0) / 1000 });
    });
  });
}

/** The node test runner's closing counts ("ℹ pass 812", "ℹ fail 0") and the names of failed tests. */
function summary(output) {
  const count = (name) => output.match(new RegExp(`ℹ ${name} (\\d+)`))?.[1] ?? '?';
  const failed = [...new Set([...output.matchAll(/^\s*✖ (.+?)(?: \(\d[\d.]*m?s\))?$/gm)].map((m) => m[1]))];
  return { pass: count('pass'), fail: count('fail'), failed };
}

rmSync(logDir, { recursive: true, force: true });
for (let i = 1; i <= runs; i++) {
  const r = await runOnce();
  const s = summary(r.output);
  if (r.code === 0) {
    passed++;
    console.log(`run ${i}/${runs}: passed (${s.pass} tests, ${r.seconds.toFixed(0)} s)`);
  } else {
    failed++;
    mkdirSync(logDir, { recursive: true });
    const log = join(logDir, `run-${i}.log`);
    writeFileSync(log, r.output);
    console.log(
      `run ${i}/${runs}: FAILED (exit ${r.code}, ${s.pass} passed, ${s.fail} failed, ${r.seconds.toFixed(0)} s; output in ${log})`,
    );
    for (const name of s.failed.slice(0, 10)) console.log(`    ✖ ${name}`);
  }
}
stopBurners();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
