// Bundles the entry points: the extension (vscode external) and its language worker, the CLI and the standalone sandbox.
// `--release` minifies and drops sourcemaps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const release = process.argv.includes('--release');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !release,
  minify: release,
  external: ['vscode'],
  logLevel: 'warning',
  legalComments: 'none',
};

const builds = [
  { ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' },
  // The TRSX/GrXML diagnostics worker thread the extension starts (src/features/language).
  { ...common, entryPoints: { languageWorker: 'src/core/language/worker/diagnosticsWorker.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { cli: 'src/cli/main.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { sandbox: 'src/sandbox/main.ts' }, outdir: 'dist' },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
