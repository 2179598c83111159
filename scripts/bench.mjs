// `npm run bench [name...]`: bundles bench/<name>.ts and runs it. Each benchmark prints its figures as
// ratios against a baseline it measures in the same run. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = readdirSync(join(root, 'bench')).filter((f) => /\.(ts|mjs)$/.test(f)).map((f) => f.replace(/\.(ts|mjs)$/, ''));
const names = requested.length > 0 ? requested : all;

let failed = 0;
for (const name of names) {
  const ts = join(root, 'bench', `${name}.ts`);
  const mjs = join(root, 'bench', `${name}.mjs`);
  let entry;
  if (existsSync(ts)) {
    entry = join(root, 'out', 'bench', `${name}.js`);
    await esbuild.build({
      entryPoints: [ts], outfile: entry, bundle: true, platform: 'node', target: 'node20', format: 'cjs',
      sourcemap: 'inline', external: ['vscode', 'playwright-core'], logLevel: 'warning',
    });
  } else if (existsSync(mjs)) {
    entry = mjs;
  } else {
    console.error(`no benchmark named "${name}" (have: ${all.join(', ')})`);
    failed++;
    continue;
  }
  console.log(`\n=== bench/${name}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--enable-source-maps', entry], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
