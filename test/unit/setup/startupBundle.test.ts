// What activation loads: the startup bundle (dist/extension.js) holds the composition root, the
// sandbox's controls, the walkthrough and the shells of the other features; each of those features is a bundle of
// its own, loaded on first use (src/host/featureOnDemand.ts). Issue 17: VS Code's load+activate figure ≤ 2× a
// trivial extension's (bench/activation.mjs) needs the startup bundle small; this keeps it from growing back.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { bundleInputs, root } from '../helpers/bundleInputs';

const ON_DEMAND = ['connections', 'explorer', 'sync', 'logs', 'discover', 'health', 'try', 'language'];
// Well below today's 52 KB minified, with room for the startup code to grow a little; the 407 KB it was is far above.
const MAX_STARTUP_BYTES = 120 * 1024;

describe('startup bundle', () => {
  test('holds no feature that loads on first use, nor the core they pull in', async () => {
    const { inputs, bytes, bytesOf } = await bundleInputs('src/extension.ts');
    const implementations = inputs.filter((f) => {
      const feature = /^src\/features\/([^/]+)\/(.+)$/.exec(f);
      // A feature's `*OnDemand.ts` shell, and modules of plain names and types it shares (ids, document kinds), stay.
      if (feature && ON_DEMAND.includes(feature[1] as string))
        return !/OnDemand\.ts$|^documentIds\.ts$/.test(feature[2] as string);
      // Settings read a few defaults from core (after tree-shaking, constants of a few hundred bytes); code is more.
      return (
        /^src\/core\/(connections|sync|logs|discover|health|formats|package|language)\//.test(f) && bytesOf(f) > 512
      );
    });
    assert.deepEqual(implementations, [], 'these modules belong to bundles loaded on first use');
    assert.ok(!inputs.some((f) => f.startsWith('node_modules/')), 'no dependency is in the startup bundle');
    assert.ok(
      bytes <= MAX_STARTUP_BYTES,
      `startup bundle is ${(bytes / 1024).toFixed(1)} KB, over ${MAX_STARTUP_BYTES / 1024} KB`,
    );
  });

  test('each feature loaded on first use is an entry of its own in esbuild.mjs, shipped in the .vsix', async () => {
    const { readFileSync } = await import('node:fs');
    const script = readFileSync(join(root, 'esbuild.mjs'), 'utf8');
    const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8');
    for (const name of ON_DEMAND.filter((n) => n !== 'language'))
      assert.ok(script.includes(`'${name}'`), `esbuild.mjs builds dist/${name}Feature.js`);
    assert.match(ignore, /^!dist\/\*Feature\.js$/m, '.vscodeignore ships every dist/*Feature.js');
    for (const name of ON_DEMAND) {
      const { inputs } = await bundleInputs(`src/features/${name}/${name}Feature.ts`);
      assert.ok(inputs.includes(`src/features/${name}/${name}Feature.ts`));
    }
  });
});
