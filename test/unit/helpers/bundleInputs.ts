// What a bundle holds: an entry point bundled in memory as esbuild.mjs's release build does it (minified, vscode
// external), read back from esbuild's metafile, for the tests that keep a bundle free of code it must not carry.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** The repository root, from the transpiled test's folder (out/test-<pid>/test/unit/helpers). */
export const root = join(__dirname, '..', '..', '..', '..', '..');

export interface BundleInputs {
  /** The bundled files, relative to the root with `/` (`src/core/…`, `node_modules/…`). */
  readonly inputs: string[];
  readonly bytes: number;
  readonly bytesOf: (input: string) => number;
}

export async function bundleInputs(entry: string): Promise<BundleInputs> {
  const result = await esbuild.build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    external: ['vscode'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    outdir: join(root, 'out', 'unused'),
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
  assert.ok(output, `esbuild gave no output for ${entry}`);
  return {
    inputs: Object.keys(output.inputs),
    bytes: output.bytes,
    bytesOf: (input) => output.inputs[input]?.bytesInOutput ?? 0,
  };
}
