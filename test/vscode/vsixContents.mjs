// What a packaged .vsix must hold, checked on the archive itself (test/vscode/vsix.mjs): the release bundles the
// extension loads, every file package.json points at, the icon and license, and nothing of the source tree; and
// the bundles require nothing but `vscode` and Node's built-ins (every runtime dependency is inside them, which
// is what makes `vsce package --no-dependencies` right).
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';

const PREFIX = 'extension/';
const REQUIRED = [
  'package.json',
  'readme.md',
  'changelog.md',
  'LICENSE.txt',
  'dist/extension.js',
  'dist/languageServer.js',
  'dist/languageFeature.js',
  'dist/sisrProcess.js',
  'dist/reportWorker.js',
  ...['connections', 'explorer', 'sync', 'logs', 'discover', 'health'].map((name) => `dist/${name}Feature.js`),
];
const FORBIDDEN = [
  /^src\//,
  /^test\//,
  /^node_modules\//,
  /^scripts\//,
  /^bench\//,
  /^out\//,
  /^\.cache\//,
  /^docs\//,
  /\.map$/,
  /\.ts$/,
  /^dist\/(cli|sandbox)\.js$/,
];
// builtinModules of the Node running this check (20) lacks the newer, `node:`-only modules the extension host's
// Node has (undici loads node:sqlite lazily for its optional cache store).
const BUILTINS = new Set([...builtinModules, 'sqlite', 'test', 'test/reporters', 'sea']);

/** Every string in package.json that names a file shipped with the extension (icons, grammars, media, main). */
function manifestPaths(manifest) {
  const out = new Set([manifest.main, manifest.icon].filter(Boolean));
  const walk = (value) => {
    if (typeof value === 'string') {
      if (/^\.?\/?(media|syntaxes|dist)\/[^\s]+\.[a-z]+$/i.test(value)) out.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(manifest.contributes);
  return [...out].map((p) => p.replace(/^\.?\//, ''));
}

/** Module specifiers a bundle loads at run time: literal require() and import() calls. */
export function requiredModules(source) {
  const specs = new Set();
  for (const m of source.matchAll(/\b(?:require|import)\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) specs.add(m[1]);
  return [...specs];
}

const isAllowedModule = (spec) => spec === 'vscode' || BUILTINS.has(spec.replace(/^node:/, '')) || BUILTINS.has(spec);

/**
 * Reads the .vsix and returns { files, manifest, problems }: files are paths inside `extension/`, problems a
 * list of sentences, empty when the package is right. `localDist` is the build's dist/ folder.
 */
export function inspectVsix(vsixPath, localDist) {
  const entries = unzipSync(readFileSync(vsixPath));
  const files = Object.keys(entries)
    .filter((p) => p.startsWith(PREFIX))
    .map((p) => p.slice(PREFIX.length))
    .sort();
  const problems = [];
  const has = new Set(files);
  const manifestEntry = entries[`${PREFIX}package.json`];
  if (!manifestEntry) return { files, manifest: undefined, problems: ['the .vsix has no extension/package.json'] };
  const manifest = JSON.parse(strFromU8(manifestEntry));

  for (const f of REQUIRED) if (!has.has(f)) problems.push(`missing ${f}`);
  for (const f of manifestPaths(manifest))
    if (!has.has(f)) problems.push(`package.json names ${f}, which the .vsix does not ship`);
  for (const f of files)
    if (FORBIDDEN.some((re) => re.test(f))) problems.push(`ships ${f}, which does not belong in the .vsix`);
  if (!/\.png$/i.test(manifest.icon ?? ''))
    problems.push(`the marketplace icon must be a PNG (icon: ${manifest.icon})`);
  // No 'repository': the project has none public yet, and a made-up URL would mislead (see scripts/package.mjs).
  for (const field of ['publisher', 'license', 'keywords', 'categories', 'galleryBanner', 'icon']) {
    if (manifest[field] === undefined) problems.push(`package.json has no "${field}" (marketplace metadata)`);
  }

  for (const f of files.filter((p) => p.startsWith('dist/') && p.endsWith('.js'))) {
    const source = strFromU8(entries[`${PREFIX}${f}`]);
    const outside = requiredModules(source).filter((s) => !isAllowedModule(s));
    if (outside.length)
      problems.push(
        `${f} requires ${outside.join(', ')} at run time; bundle it (only vscode and node built-ins may stay external)`,
      );
    if (/sourceMappingURL=/.test(source)) problems.push(`${f} is not the release build (it has a sourcemap comment)`);
  }
  // A bundle the extension loads by file name (a worker, a lazily loaded chunk) must ship: every "<name>.js"
  // literal in dist/extension.js that names a file of the local build.
  const extensionSource = entries[`${PREFIX}dist/extension.js`] ? strFromU8(entries[`${PREFIX}dist/extension.js`]) : '';
  for (const m of extensionSource.matchAll(/["'`]([A-Za-z0-9_-]+\.js)["'`]/g)) {
    const f = `dist/${m[1]}`;
    if (!has.has(f) && existsSync(join(localDist, m[1])))
      problems.push(`dist/extension.js loads ${f}, which the .vsix does not ship (add it to .vscodeignore)`);
  }
  // Minified code has long lines (a few template literals keep theirs); the dev build averages ~40 characters.
  const extension = entries[`${PREFIX}dist/extension.js`];
  const lines = extension ? strFromU8(extension).split('\n').length : 1;
  if (extension && extension.length / lines < 300)
    problems.push('dist/extension.js is not minified (node esbuild.mjs --release)');
  return { files, manifest, problems };
}
