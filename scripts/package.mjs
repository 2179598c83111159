// `npm run package [-- --out FILE]`: the .vsix, by `vsce package --no-dependencies` (@vscode/vsce), offline.
// The release bundles (`node esbuild.mjs --release`: minified, no sourcemaps, every runtime dependency inside)
// are built into a staging folder of their own, with the files the package ships, and vsce packages that folder:
// a build or watch writing dist/ at the same moment cannot end up in the package, and dist/ stays as it was.
// .vscodeignore (an allowlist) decides what ships. Default output: <name>-<version>.vsix in the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// What vsce reads besides the bundles; .vscodeignore then picks what ships.
const STAGED = ['README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'media', 'syntaxes'];

function run(label, args, cwd) {
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
}

function main() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const outAt = process.argv.indexOf('--out');
  const out = resolve(
    outAt > 0 ? (process.argv[outAt + 1] ?? '') : join(root, `${manifest.name}-${manifest.version}.vsix`),
  );
  const stage = join(root, '.cache', 'package', `stage-${process.pid}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  try {
    for (const entry of STAGED) {
      if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing from ${root}; the package needs it`);
      cpSync(join(root, entry), join(stage, entry), { recursive: true });
    }
    // The bundles are built here already; vsce would run vscode:prepublish (a build into dist/) again.
    const scripts = { ...manifest.scripts };
    delete scripts['vscode:prepublish'];
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`);
    run(
      'the release build (node esbuild.mjs --release)',
      [join(root, 'esbuild.mjs'), '--release', '--outdir', join(stage, 'dist')],
      root,
    );
    mkdirSync(dirname(out), { recursive: true });
    // The project has no public repository yet: no made-up URL in package.json, so vsce must not require
    // one nor rewrite README links against it.
    run(
      'vsce package',
      [
        join(root, 'node_modules', '@vscode', 'vsce', 'vsce'),
        'package',
        '--no-dependencies',
        '--allow-missing-repository',
        '--no-rewrite-relative-links',
        '--out',
        out,
      ],
      stage,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

try {
  main();
} catch (e) {
  console.error(`package: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
