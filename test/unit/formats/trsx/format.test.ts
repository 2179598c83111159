import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatTrsx } from '../../../../src/core/formats/trsx/format';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { corpusTrsxFiles } from '../lists/corpus';
import { readFixture } from './fixtures';

function assertLayoutOnly(before: string, after: string, indent?: number): void {
  assert.deepEqual(parseTrsx(after).document, parseTrsx(before).document);
  assert.equal(formatTrsx(after, { indent }), after, 'formatting is idempotent');
}

describe('formatTrsx', () => {
  test('re-indents structure and keeps tags, comments and mixed content exactly', () => {
    const text = '<?xml version="1.0"?><!-- top --><project xml:lang="eng-USA"><ontology><intents><intent  name="A &amp; B"/>' +
      '<!-- keep me --></intents></ontology><samples><sample intentref="A &amp; B">x <annotation conceptref="C">\n   y</annotation>z</sample>' +
      '</samples></project>';
    const formatted = formatTrsx(text);
    assert.equal(formatted, [
      '<?xml version="1.0"?>',
      '<!-- top -->',
      '<project xml:lang="eng-USA">',
      '  <ontology>',
      '    <intents>',
      '      <intent  name="A &amp; B"/>',
      '      <!-- keep me -->',
      '    </intents>',
      '  </ontology>',
      '  <samples>',
      '    <sample intentref="A &amp; B">x <annotation conceptref="C">\n   y</annotation>z</sample>',
      '  </samples>',
      '</project>',
      '',
    ].join('\n'));
    assertLayoutOnly(text, formatted);
  });

  test('keeps text-bearing elements (metadata entries, regex) byte for byte', () => {
    const text = '<project xml:lang="eng-USA"><metadata><entry key="k">  two\n lines </entry></metadata>' +
      '<ontology><concepts><concept name="C"><regex> a|b </regex></concept></concepts></ontology></project>';
    const formatted = formatTrsx(text, { indent: 4 });
    assert.ok(formatted.includes('        <entry key="k">  two\n lines </entry>\n'));
    assert.ok(formatted.includes('                <regex> a|b </regex>\n'));
    assertLayoutOnly(text, formatted, 4);
  });

  test('keeps CRLF line endings and the BOM', () => {
    const text = '\ufeff<?xml version="1.0"?>\r\n<project xml:lang="eng-USA"><samples/></project>';
    assert.equal(formatTrsx(text), '\ufeff<?xml version="1.0"?>\r\n<project xml:lang="eng-USA">\r\n  <samples/>\r\n</project>\r\n');
  });

  test('leaves malformed input untouched', () => {
    const text = readFixture('malformed.trsx');
    assert.equal(formatTrsx(text), text);
  });

  test('the fixture and every corpus file: layout-only, idempotent, and indent 4 reproduces Mix exports', (t) => {
    const fixture = readFixture('valid.trsx');
    assertLayoutOnly(fixture, formatTrsx(fixture));
    assert.equal(formatTrsx(fixture, { indent: 4 }), fixture);
    const files = corpusTrsxFiles();
    if (!files) { t.skip('corpus not found at <repo>/../shared/corpus'); return; }
    for (const { name, path } of files) {
      const text: string = readFileSync(path, 'utf8');
      const formatted = formatTrsx(text);
      assertLayoutOnly(text, formatted);
      assert.equal(formatTrsx(formatted, { indent: 4 }), text.endsWith('\n') ? text : `${text}\n`, name);
    }
  });
});
