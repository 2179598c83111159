// `npm test`: type-check, lint, bundle, then run every test tier.
//   --unit   only the plain-Node tier (core, sandbox, cli) — fast inner loop
//   FILTER=<substring> runs only the unit test files whose path contains it
//   SKIP_STATIC=1 skips typecheck, lint and the format check; SKIP_BUNDLE=1 skips the esbuild bundles (inner loop only)
// Each tier's failure makes the whole run fail; node's test runner prints the closing summary.
// CI mode (CI set): the run starts from empty caches, XDG_CACHE_HOME (where code-server is installed) and
// npm_config_cache in fresh temp folders removed at the end, so an install step that is broken cannot pass on a
// warm cache. .ci/run makes them itself and says so with CSTUDIO_FRESH_CACHES=1; CSTUDIO_KEEP_CACHES=1 opts out.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { installConsent, TIER_SKIPPED_EXIT } from './prerequisites.mjs';
import { installedEnv, missingForUser } from './vscode-env.mjs';

const root = new URL('..', import.meta.url).pathname;
const unitOnly = process.argv.includes('--unit');

function run(label, cmd, args, opts = {}) {
  const t0 = Date.now();
  console.log(`\n== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  console.log(`== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function walk(dir, pred, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, pred, out);
    else if (pred(p)) out.push(p);
  }
  return out;
}

if (
  process.env.CI &&
  installConsent({ CI: process.env.CI }) &&
  !process.env.CSTUDIO_FRESH_CACHES &&
  !process.env.CSTUDIO_KEEP_CACHES
) {
  const fresh = {
    XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'cstudio-ci-xdg-cache-')),
    npm_config_cache: mkdtempSync(join(tmpdir(), 'cstudio-ci-npm-cache-')),
  };
  Object.assign(process.env, fresh, { CSTUDIO_FRESH_CACHES: '1' });
  console.log(
    `CI mode: empty caches, XDG_CACHE_HOME=${fresh.XDG_CACHE_HOME} npm_config_cache=${fresh.npm_config_cache} (removed at the end)`,
  );
  process.on('exit', () => {
    for (const dir of Object.values(fresh)) rmSync(dir, { recursive: true, force: true });
  });
}

if (!process.env.SKIP_STATIC) {
  run('typecheck', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']);
  run('lint', process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), 'src', 'test', 'bench']);
  // Biome's check mode: prints what it would change and fails; `npm run format` writes it.
  run('format check', process.execPath, [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'format']);
}
if (!process.env.SKIP_BUNDLE) run('bundle', process.execPath, [join(root, 'esbuild.mjs')]);

// Transpile (not bundle) src/ and test/ into out/, keeping the folder layout so relative imports hold.
// A folder per run, so concurrent runs (several terminals, helpers) never delete each other's files.
const outDir = join(root, 'out', `test-${process.pid}`);
rmSync(outDir, { recursive: true, force: true });
process.on('exit', () => {
  if (!process.env.KEEP_OUT) rmSync(outDir, { recursive: true, force: true });
});
const sources = [
  ...walk(join(root, 'src'), (p) => p.endsWith('.ts')),
  ...walk(join(root, 'test'), (p) => p.endsWith('.ts')),
].filter((p) => !p.includes(`${join('test', 'vscode')}`));
await esbuild.build({
  entryPoints: sources,
  outdir: outDir,
  outbase: root,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  bundle: false,
  logLevel: 'warning',
});
// Not bundling, esbuild leaves `import x from './codes.json'` to Node: the JSON catalogs go beside their modules.
for (const json of walk(join(root, 'src'), (p) => p.endsWith('.json'))) {
  const to = join(outDir, relative(root, json));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(json, to);
}

const filter = process.env.FILTER;
const unitTests = walk(join(outDir, 'test', 'unit'), (p) => p.endsWith('.test.js'))
  .filter((p) => !filter || p.includes(filter))
  .map((p) => relative(root, p))
  .sort();
if (unitTests.length === 0) {
  console.error('no unit tests found');
  process.exit(1);
}
// Some unit tests tokenize the TextMate grammars with VS Code's own engine, taken from code-server, and skip without
// it. On a fresh machine (CI's empty caches) code-server was installed only by the VS Code tier, after them, so they
// always skipped there: install it first (once per machine; the VS Code tier needs it anyway). A failure here is
// only reported: the VS Code tier tries again and fails with the whole story.
if (!unitOnly && !installedEnv() && missingForUser().length === 0) {
  const t0 = Date.now();
  console.log('\n== VS Code (code-server) install, before the unit tier');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'vscode-env.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(
    `== VS Code (code-server) install: ${r.status === 0 ? 'ok' : 'FAILED (the VS Code tier tries again)'} (${((Date.now() - t0) / 1000).toFixed(1)}s)`,
  );
}
run(
  'unit tests (plain Node, sandbox over HTTP)',
  process.execPath,
  ['--enable-source-maps', '--test', '--test-reporter=spec', '--test-concurrency=2', ...unitTests],
  { env: { ...process.env, CSTUDIO_TEST: '1' } },
);

if (!unitOnly) {
  const vscodeRunner = join(root, 'test', 'vscode', 'run.mjs');
  try {
    statSync(vscodeRunner);
  } catch {
    process.exit(0);
  }
  const label = 'extension-host tests (real VS Code via code-server)';
  const t0 = Date.now();
  console.log(`\n== ${label}`);
  const r = spawnSync(process.execPath, [vscodeRunner], { cwd: root, stdio: 'inherit' });
  if (r.status === TIER_SKIPPED_EXIT) {
    // Never a silent pass: the reason and the apt-get line are printed above; CI must not pass without the tier.
    console.log(
      `== ${label}: SKIPPED (missing Debian packages, see above)${process.env.CI ? ' — a failure in CI' : ''}`,
    );
    process.exit(process.env.CI ? 1 : 0);
  }
  console.log(`== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
