import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildTrsx } from '../../../../src/core/formats/trsx/build';
import { parseTrsxBytes, parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { validateTrsx } from '../../../../src/core/formats/trsx/validate';
import { serializeXml } from '../../helpers/serializeXml';
import { corpusTrsxFiles } from '../lists/corpus';

describe('real TRSX files (shared corpus)', () => {
  test('every file parses and validates with no error, and round-trips', (t) => {
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    assert.ok(files.length > 0, 'no .trsx files in the corpus');
    for (const { name, path } of files) {
      const bytes = readFileSync(path);
      const result = parseTrsxBytes(bytes);
      const diagnostics = [...result.diagnostics, ...validateTrsx(result)];
      assert.deepEqual(
        diagnostics.filter((d) => d.severity !== 'info'),
        [],
        name,
      );
      const text = new TextDecoder().decode(bytes);
      assert.equal(serializeXml(result.tree), text, `${name}: lossless`);
      assert.deepEqual(parseTrsx(buildTrsx(result.document)).document, result.document, `${name}: build round trip`);
    }
  });
});
