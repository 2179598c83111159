import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatTrsx, type TrsxFormatOptions } from '../../../../src/core/formats/trsx/format';
import { parseIndentSetting } from '../../../../src/core/indentChoice';
import { normalizedSampleText } from '../../../../src/core/formats/trsx/sample-text';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import type { TrsxDocument } from '../../../../src/core/formats/trsx/model';
import { corpusTrsxFiles } from '../lists/corpus';
import { readFixture } from './fixtures';

/** The document with sample content reduced to what Mix reads (whitespace in mixed content is layout). */
function meaning(text: string): unknown {
  const doc: TrsxDocument = parseTrsx(text).document;
  return { ...doc, samples: doc.samples.map((s) => ({ ...s, content: normalizedSampleText(s.content) })) };
}

/** Formatting kept the data, and formatting the result again (auto) changes nothing, byte for byte. */
function assertLayoutOnly(before: string, after: string): void {
  assert.deepEqual(meaning(after), meaning(before));
  assert.equal(formatTrsx(after), after, 'formatting a formatted file is a no-op');
}

const lines = (...l: string[]): string => l.join('\n');

/** A sample as the platform writes it: nested annotations on their own lines, indented one level per nesting. */
const EXPORT_4 = lines(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
  '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
  '    <ontology>',
  '        <concepts>',
  '            <concept name="eCity">',
  '                <relations>',
  '                    <relation type="hasReferrers" conceptref="REF_PLACE"/>',
  '                </relations>',
  '            </concept>',
  '        </concepts>',
  '    </ontology>',
  '    <samples>',
  '        <sample intentref="NO_INTENT" count="1">from<annotation conceptref="eCity">',
  '                <annotation conceptref="nuance_CALENDARX">Boston</annotation>',
  '            </annotation>to there',
  '        </sample>',
  '    </samples>',
  '</project>',
  '',
);

describe('formatTrsx', () => {
  test('keeps a 4-space export byte for byte; --indent 2 moves sample lines with their element', () => {
    assert.equal(formatTrsx(EXPORT_4), EXPORT_4);
    const two = formatTrsx(EXPORT_4, { indent: 2 });
    assert.equal(
      two,
      lines(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
        '  <ontology>',
        '    <concepts>',
        '      <concept name="eCity">',
        '        <relations>',
        '          <relation type="hasReferrers" conceptref="REF_PLACE"/>',
        '        </relations>',
        '      </concept>',
        '    </concepts>',
        '  </ontology>',
        '  <samples>',
        '    <sample intentref="NO_INTENT" count="1">from<annotation conceptref="eCity">',
        '        <annotation conceptref="nuance_CALENDARX">Boston</annotation>',
        '      </annotation>to there',
        '    </sample>',
        '  </samples>',
        '</project>',
        '',
      ),
    );
    assertLayoutOnly(EXPORT_4, two);
    assert.equal(formatTrsx(two, { indent: 4 }), EXPORT_4, 'back to 4 spaces restores the export');
  });

  test('tabs stay tabs, and --indent tab converts every level including sample lines', () => {
    const tabs = formatTrsx(EXPORT_4, { indent: 'tab' });
    assert.ok(
      tabs.includes(
        '\n\t\t<sample intentref="NO_INTENT" count="1">from<annotation conceptref="eCity">\n\t\t\t\t<annotation',
      ),
    );
    assert.ok(tabs.includes('\n\t\t\t</annotation>to there\n\t\t</sample>\n'));
    assert.equal(formatTrsx(tabs), tabs, 'auto keeps tabs');
    assertLayoutOnly(EXPORT_4, tabs);
    assert.equal(formatTrsx(tabs, { indent: 4 }), EXPORT_4);
  });

  test('CRLF and 2 spaces are kept; a formatted file without a final line break keeps ending so', () => {
    const crlf2 =
      '<?xml version="1.0"?>\r\n<project xml:lang="eng-USA">\r\n  <samples>\r\n    <sample intentref="A">x<annotation conceptref="C">\r\n        <annotation conceptref="D">y</annotation>\r\n      </annotation>\r\n    </sample>\r\n  </samples>\r\n</project>';
    assert.equal(formatTrsx(crlf2), crlf2);
    const four = formatTrsx(crlf2, { indent: 4 });
    assert.equal(
      four,
      '<?xml version="1.0"?>\r\n<project xml:lang="eng-USA">\r\n    <samples>\r\n        <sample intentref="A">x<annotation conceptref="C">\r\n                <annotation conceptref="D">y</annotation>\r\n            </annotation>\r\n        </sample>\r\n    </samples>\r\n</project>\r\n',
      'a re-indented file ends with a line break',
    );
    assertLayoutOnly(crlf2, four);
  });

  test('re-indents a file on one line (4 spaces, as exports, or the fallback given) and keeps tags, comments and text', () => {
    const text =
      '<?xml version="1.0"?><!-- top --><project xml:lang="eng-USA"><ontology><intents><intent  name="A &amp; B"/>' +
      '<!-- keep me --></intents></ontology><samples><sample intentref="A &amp; B">x <annotation conceptref="C">\n   y</annotation>z</sample>' +
      '</samples></project>';
    const expected = (u: string): string =>
      [
        '<?xml version="1.0"?>',
        '<!-- top -->',
        '<project xml:lang="eng-USA">',
        `${u}<ontology>`,
        `${u}${u}<intents>`,
        `${u}${u}${u}<intent  name="A &amp; B"/>`,
        `${u}${u}${u}<!-- keep me -->`,
        `${u}${u}</intents>`,
        `${u}</ontology>`,
        `${u}<samples>`,
        // The sample's line started at column 0: its continuation line moves right with it.
        `${u}${u}<sample intentref="A &amp; B">x <annotation conceptref="C">\n${u}${u}   y</annotation>z</sample>`,
        `${u}</samples>`,
        '</project>',
        '',
      ].join('\n');
    assert.equal(formatTrsx(text), expected('    '));
    assert.equal(formatTrsx(text, { fallback: 2 }), expected('  '));
    assert.equal(formatTrsx(text, { indent: 'tab' }), expected('\t'));
    assertLayoutOnly(text, formatTrsx(text));
  });

  test('keeps text-bearing elements, attribute values with line breaks and comments byte for byte', () => {
    const text = lines(
      '<project xml:lang="eng-USA">',
      '    <metadata>',
      '        <entry key="k">  two',
      '         lines </entry>',
      '    </metadata>',
      '    <!-- a comment',
      '         on two lines -->',
      '    <ontology>',
      '        <concepts>',
      '            <concept name="C"',
      '                     dataType="alphanum">',
      '                <regex> a|b',
      '    c </regex>',
      '            </concept>',
      '        </concepts>',
      '    </ontology>',
      '    <dictionaries>',
      '        <dictionary conceptref="C">',
      '            <entry literal="new',
      '            york" value="NY"/>',
      '        </dictionary>',
      '    </dictionaries>',
      '</project>',
      '',
    );
    const two = formatTrsx(text, { indent: 2 });
    assert.ok(two.includes('\n    <entry key="k">  two\n         lines </entry>\n'), 'entry text kept');
    assert.ok(two.includes('\n  <!-- a comment\n         on two lines -->\n'), 'comment kept');
    assert.ok(
      two.includes('\n      <concept name="C"\n               dataType="alphanum">\n'),
      'a wrapped tag moves with its element, alignment kept',
    );
    assert.ok(two.includes('\n        <regex> a|b\n    c </regex>\n'), 'regex text kept');
    assert.ok(
      two.includes('\n      <entry literal="new\n            york" value="NY"/>\n'),
      'a line break inside an attribute value is data',
    );
    assert.deepEqual(parseTrsx(two).document, parseTrsx(text).document);
    assert.equal(formatTrsx(two), two);
    assert.equal(formatTrsx(text), text);
  });

  test('keeps the BOM and leaves malformed input untouched', () => {
    const text = '\ufeff<?xml version="1.0"?>\r\n<project xml:lang="eng-USA"><samples/></project>';
    assert.equal(
      formatTrsx(text, { indent: 2 }),
      '\ufeff<?xml version="1.0"?>\r\n<project xml:lang="eng-USA">\r\n  <samples/>\r\n</project>\r\n',
    );
    const malformed = readFixture('malformed.trsx');
    assert.equal(formatTrsx(malformed), malformed);
  });

  test('the fixture and every corpus file: untouched by auto, and 2 spaces or tabs round-trip back to the export', (t) => {
    const fixture = readFixture('valid.trsx');
    assert.equal(formatTrsx(fixture), fixture);
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    for (const { name, path } of files) {
      const text: string = readFileSync(path, 'utf8');
      assert.equal(formatTrsx(text), text, `${name}: a genuine export is formatted as it is`);
      for (const indent of [2, 'tab'] satisfies TrsxFormatOptions['indent'][]) {
        const other = formatTrsx(text, { indent });
        assertLayoutOnly(text, other);
        assert.equal(formatTrsx(other, { indent: 4 }), text, `${name}: ${indent} → 4 restores the export`);
      }
    }
  });
});

describe('indent settings', () => {
  test('auto, tab, 1–16 spaces; editor only where editor options exist', () => {
    assert.equal(parseIndentSetting('auto', false), 'auto');
    assert.equal(parseIndentSetting(' TAB ', false), 'tab');
    assert.equal(parseIndentSetting('4', false), 4);
    assert.equal(parseIndentSetting(2, true), 2);
    assert.equal(parseIndentSetting('editor', true), 'editor');
    for (const bad of ['editor', '0', '17', 0, 2.5, 'two', '', null, undefined])
      assert.equal(parseIndentSetting(bad, false), undefined, String(bad));
  });
});
