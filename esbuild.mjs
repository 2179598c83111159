// Bundles the entry points (listed below, one line each on why it is a bundle of its own): the extension's startup
// bundle (vscode external), the bundles it loads on first use, the language server and SISR processes, the worker
// threads of the health report and of a grammar upload's check, the CLI and the standalone sandbox.
// `--release` minifies and drops sourcemaps; `--watch` rebuilds on change; `--outdir DIR` writes into DIR instead of
// dist/ (scripts/package.mjs builds the .vsix's bundles in a folder of its own, so no other build can mix in).
import * as esbuild from 'esbuild';

const release = process.argv.includes('--release');
const watch = process.argv.includes('--watch');
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : undefined;
if (outdirAt > 0 && !outdir) throw new Error('--outdir needs a folder');

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
  // The TRSX/GrXML language server the extension starts over node IPC (src/features/language/languageClient.ts).
  { ...common, entryPoints: { languageServer: 'src/core/language/server/main.ts' }, outdir: 'dist' },
  // TRSX/GrXML language support with vscode-languageclient, which the extension loads on first use
  // (src/features/language/languageOnDemand.ts).
  { ...common, entryPoints: { languageFeature: 'src/features/language/languageFeature.ts' }, outdir: 'dist' },
  // The features the extension loads on first use behind shells of their commands and views
  // (src/host/featureOnDemand.ts); each is its own bundle, so a window loads only the ones it uses.
  ...['connections', 'explorer', 'sync', 'logs', 'discover', 'health', 'try', 'nluTests'].map((name) => ({
    ...common,
    entryPoints: { [`${name}Feature`]: `src/features/${name}/${name}Feature.ts` },
    outdir: 'dist',
  })),
  // The process that runs grammar semantic tags under a heap cap (src/core/formats/grxml/tagEvaluator.ts).
  { ...common, entryPoints: { sisrProcess: 'src/core/formats/grxml/sisrProcess.ts' }, outdir: 'dist' },
  // The worker thread that checks a grammar upload off the sandbox's event loop (src/core/formats/grxml/checkInWorker.ts).
  { ...common, entryPoints: { grxmlCheckWorker: 'src/core/formats/grxml/checkWorker.ts' }, outdir: 'dist' },
  // The model-health report's worker thread, with a capped young generation (src/core/health/reportInWorker.ts),
  // which the CLI's `report` and the Model Health feature both start.
  { ...common, entryPoints: { reportWorker: 'src/core/health/reportWorker.ts' }, outdir: 'dist' },
  // The platform client (with undici), which the extension loads on first use (src/host/platformClientLoader.ts).
  { ...common, entryPoints: { platformClient: 'src/core/platform/client.ts' }, outdir: 'dist' },
  // The local sandbox server, which the extension loads when it first starts the sandbox (src/extension.ts): run.ts's
  // startAnnouncedSandbox, the server plus its ready file, so the CLI finds VS Code's sandbox.
  { ...common, entryPoints: { sandboxServer: 'src/sandbox/run.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { cli: 'src/cli/main.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { sandbox: 'src/sandbox/main.ts' }, outdir: 'dist' },
];

const targets = outdir ? builds.map((b) => ({ ...b, outdir })) : builds;
if (watch) {
  for (const b of targets) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(targets.map((b) => esbuild.build(b)));
}
