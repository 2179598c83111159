// `npm run bench [name...]`: bundles bench/<name>.ts and runs it. Each benchmark prints its figures as
// ratios against a baseline it measures in the same run, and exits non-zero when a goal is missed (printing
// "GOAL MISSED: ...") or could not be judged because its comparator or input is missing ("GOAL NOT JUDGED: ...",
// e.g. xmllint not installed). This script runs them all (every bench/*.ts and *.mjs), then names every benchmark
// and goal that failed or went unjudged and exits non-zero if any did: "all goals met" means every goal was judged.
// Not part of `npm test`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = readdirSync(join(root, 'bench'))
  .filter((f) => /\.(ts|mjs)$/.test(f))
  .map((f) => f.replace(/\.(ts|mjs)$/, ''));
const names = requested.length > 0 ? requested : all;

/** Runs one benchmark, echoing its output; resolves with its exit code and the goals it reported missed. */
function run(entry) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--enable-source-maps', entry], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const missed = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      const verdict = /^GOAL (MISSED|NOT JUDGED): (.*)$/.exec(line);
      if (verdict) missed.push(`${verdict[1] === 'MISSED' ? '' : 'not judged: '}${verdict[2].trim()}`);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), missed }));
  });
}

const failures = [];
for (const name of names) {
  const ts = join(root, 'bench', `${name}.ts`);
  const mjs = join(root, 'bench', `${name}.mjs`);
  let entry;
  if (existsSync(ts)) {
    entry = join(root, 'out', 'bench', `${name}.js`);
    await esbuild.build({
      entryPoints: [ts],
      outfile: entry,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: 'inline',
      external: ['vscode', 'playwright-core'],
      logLevel: 'warning',
    });
  } else if (existsSync(mjs)) {
    entry = mjs;
  } else {
    console.error(`no benchmark named "${name}" (have: ${all.join(', ')})`);
    failures.push(`${name}: no such benchmark`);
    continue;
  }
  console.log(`\n=== bench/${name}`);
  const r = await run(entry);
  if (r.missed.length > 0) for (const m of r.missed) failures.push(`${name}: ${m}`);
  else if (r.code !== 0) failures.push(`${name}: exited with ${r.code} (an error, or a goal missed)`);
}
if (failures.length > 0) {
  console.log(`\n${failures.length} benchmark goal(s) missed, not judged or failed:`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log(`\nall goals met (${names.join(', ')})`);
