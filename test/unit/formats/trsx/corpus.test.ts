import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildTrsx } from '../../../../src/core/formats/trsx/build';
import { parseTrsxBytes, parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { validateTrsx } from '../../../../src/core/formats/trsx/validate';
import { serializeXml } from '../../../../src/core/formats/xml/serialize';
import { corpusDir } from '../lists/corpus';

describe('real TRSX files (shared corpus)', () => {
  test('every file parses and validates with no error, and round-trips', (t) => {
    const root = corpusDir();
    if (!root) { t.skip('corpus not found at <repo>/../shared/corpus'); return; }
    const names = readdirSync(join(root, 'trsx')).filter((n) => n.endsWith('.trsx'));
    assert.ok(names.length > 0, 'no .trsx files in the corpus');
    for (const name of names) {
      const bytes = readFileSync(join(root, 'trsx', name));
      const result = parseTrsxBytes(bytes);
      const diagnostics = [...result.diagnostics, ...validateTrsx(result)];
      assert.deepEqual(diagnostics.filter((d) => d.severity !== 'info'), [], name);
      const text = new TextDecoder().decode(bytes);
      assert.equal(serializeXml(result.tree), text, `${name}: lossless`);
      assert.deepEqual(parseTrsx(buildTrsx(result.document)).document, result.document, `${name}: build round trip`);
    }
  });
});
