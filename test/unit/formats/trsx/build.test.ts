import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildTrsx } from '../../../../src/core/formats/trsx/build';
import { emptyTrsxDocument, type TrsxDocument } from '../../../../src/core/formats/trsx/model';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { checkTrsx } from '../../../../src/core/formats/trsx/validate';
import { corpusTrsxFiles } from '../lists/corpus';
import { readFixture } from './fixtures';

function roundTrip(doc: TrsxDocument): void {
  const text = buildTrsx(doc);
  const back = parseTrsx(text);
  assert.deepEqual(back.diagnostics, [], text);
  assert.deepEqual(back.document, doc);
}

describe('buildTrsx', () => {
  test('writes canonical TRSX: declaration, namespace, section order, 2-space indent, inline samples', () => {
    const doc: TrsxDocument = {
      ...emptyTrsxDocument('eng-USA'),
      version: '2.6',
      metadata: [{ key: 'author', value: 'me' }],
      intents: [{ name: 'ORDER', links: [{ conceptref: 'SIZE' }] }],
      concepts: [{ name: 'SIZE', settings: [], relations: [] }],
      dictionaries: [{ conceptref: 'SIZE', entries: [{ literal: 'big', value: 'lg' }] }],
      samples: [{ intentref: 'ORDER', count: 1, content: ['a ', { conceptref: 'SIZE', content: ['big'] }, ' one'] }],
    };
    assert.equal(
      buildTrsx(doc),
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
        '  <metadata>',
        '    <entry key="author">me</entry>',
        '  </metadata>',
        '  <ontology>',
        '    <intents>',
        '      <intent name="ORDER">',
        '        <links>',
        '          <link conceptref="SIZE"/>',
        '        </links>',
        '      </intent>',
        '    </intents>',
        '    <concepts>',
        '      <concept name="SIZE"/>',
        '    </concepts>',
        '  </ontology>',
        '  <dictionaries>',
        '    <dictionary conceptref="SIZE">',
        '      <entry literal="big" value="lg"/>',
        '    </dictionary>',
        '  </dictionaries>',
        '  <samples>',
        '    <sample intentref="ORDER" count="1">a <annotation conceptref="SIZE">big</annotation> one</sample>',
        '  </samples>',
        '</project>',
        '',
      ].join('\n'),
    );
    assert.deepEqual(checkTrsx(buildTrsx(doc)), []);
    roundTrip(doc);
  });

  test('defaults nuance:version to 2.6', () => {
    assert.equal(parseTrsx(buildTrsx(emptyTrsxDocument('en-US'))).document.version, '2.6');
    roundTrip({ ...emptyTrsxDocument('en-US'), version: '2.6' });
  });

  test('round-trips every field, with characters that need escaping', () => {
    const tricky = 'a & b < c > d "q" \'s\' ]]> \t tab\r\nCRLF\rCR\n é 😀';
    const doc: TrsxDocument = {
      lang: 'fra-CAN',
      version: '2.5',
      enginePackVersion: 'hosted',
      ontologyBase: 'http://x/o.xml?a=1&b=2',
      metadata: [
        { key: 'k', value: tricky },
        { key: 'k', value: '' },
        { key: 'sp', value: '  padded  ' },
        { key: 'blank', value: ' \n  ' },
      ],
      sources: [
        { name: 'src', displayName: tricky, version: '1.0', type: 'CUSTOM', useForOOV: false, uri: 'https://e/x' },
      ],
      intents: [
        { name: 'I', sourceref: 'src', links: [] },
        { name: 'J', links: [{ conceptref: 'C' }, { conceptref: 'nuance_AMOUNT' }] },
      ],
      concepts: [
        {
          name: 'C',
          dataType: 'alphanum',
          freetext: false,
          dynamic: true,
          sourceref: 'src',
          ruleGrammarFileName: 'g/c.grxml',
          regex: '^[a-z]+<&>$',
          settings: [{ name: 'isSensitive', value: 'true' }],
          relations: [{ type: 'hasA', conceptref: 'D' }],
        },
        { name: 'D', regex: '', settings: [], relations: [{ type: 'isA', conceptref: 'DATE' }] },
      ],
      dictionaries: [
        {
          conceptref: 'C',
          entries: [{ literal: tricky, value: tricky, sourceref: 'src', protected: false }, { literal: 'x' }],
        },
        { conceptref: 'D', entries: [] },
      ],
      samples: [
        {
          intentref: 'I',
          count: 2,
          excluded: true,
          fullyVerified: false,
          protected: true,
          description: tricky,
          sourceref: 'src',
          content: [tricky],
        },
        {
          intentref: 'J',
          content: [
            { conceptref: 'C', content: [] },
            ' and ',
            {
              conceptref: 'D',
              content: [{ conceptref: 'DATE', content: [{ conceptref: 'nuance_CALENDARX', content: ['today'] }] }],
            },
          ],
        },
        { intentref: 'NO_INTENT', content: [] },
      ],
    };
    roundTrip(doc);
  });

  test('round-trips the hand-written fixture and every corpus file', (t) => {
    roundTrip(parseTrsx(readFixture('valid.trsx')).document);
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    for (const { path } of files) {
      roundTrip(parseTrsx(readFileSync(path, 'utf8')).document);
    }
  });
});
