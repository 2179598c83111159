import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseList, serializeList } from '../../../../src/core/formats/lists/list';
import { dictionaryEntries, literalsToTrsx } from '../../../../src/core/formats/lists/literals';
import { emptyTrsxDocument } from '../../../../src/core/formats/trsx/model';

const codes = (r: { diagnostics: { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);

describe('.list', () => {
  test('one literal per line, value = literal, from bytes or text', () => {
    const fromText = parseList('chocolate\nvanilla\n');
    const fromBytes = parseList(new TextEncoder().encode('chocolate\nvanilla\n'));
    for (const r of [fromText, fromBytes]) {
      assert.deepEqual(
        r.entries.map((e) => [e.literal, e.value, e.line]),
        [
          ['chocolate', 'chocolate', 1],
          ['vanilla', 'vanilla', 2],
        ],
      );
      assert.deepEqual(r.diagnostics, []);
    }
    assert.deepEqual(fromText.entries[1]?.range, { start: 10, end: 17 });
  });

  test('blank lines are skipped with a warning; spaces around literals dropped; CRLF tolerated', () => {
    const r = parseList('  mint \r\n\r\n   \r\nlemon\r\n');
    assert.deepEqual(
      r.entries.map((e) => e.literal),
      ['mint', 'lemon'],
    );
    assert.deepEqual(r.entries[0]?.range, { start: 2, end: 6 });
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity]),
      [
        ['LIST002', 'warning'],
        ['LIST002', 'warning'],
      ],
    );
    assert.equal(r.crlf, true);
  });

  test('duplicates warn, missing final newline is info, empty file warns', () => {
    assert.deepEqual(codes(parseList('a\nb\na')), ['LIST004', 'LIST003']);
    assert.match(parseList('a\na\n').diagnostics[0]?.message ?? '', /repeats line 1/);
    assert.deepEqual(codes(parseList('')), ['LIST012']);
    assert.deepEqual(codes(parseList('\n\n')), ['LIST002', 'LIST012', 'LIST002']);
  });

  test('serializes with a final newline and refuses what it cannot express', () => {
    assert.equal(serializeList([{ literal: 'a' }, { literal: 'b', value: 'b' }]).text, 'a\nb\n');
    const r = serializeList([{ literal: 'red', value: '#F00' }, { literal: 'two\nlines' }, { literal: 'ok' }]);
    assert.equal(r.text, 'ok\n');
    assert.deepEqual(
      r.skipped.map((s) => s.entry.literal),
      ['red', 'two\nlines'],
    );
    assert.match(r.skipped[0]?.reason ?? '', /use \.nmlist/);
    assert.equal(serializeList([]).text, '');
  });

  test('round-trips through a TRSX dictionary and concept', () => {
    const source = 'chocolate\nvanilla\ncafé crème\n';
    const doc = literalsToTrsx('FLAVOR', parseList(source).entries, { locale: 'fr-CA' });
    assert.equal(doc.lang, 'fr-CA');
    assert.deepEqual(doc.concepts, [{ name: 'FLAVOR', settings: [], relations: [] }]);
    assert.deepEqual(doc.dictionaries[0]?.entries[2], { literal: 'café crème', value: 'café crème' });
    const back = serializeList(dictionaryEntries(doc, 'FLAVOR'));
    assert.equal(back.text, source);
    assert.deepEqual(back.skipped, []);
  });

  test('adds to an existing document without modifying it', () => {
    const into = emptyTrsxDocument('en-US');
    into.concepts.push({ name: 'FLAVOR', dataType: 'not_set', settings: [], relations: [] });
    into.dictionaries.push({ conceptref: 'FLAVOR', entries: [{ literal: 'mint', value: 'mint' }] });
    const doc = literalsToTrsx('FLAVOR', parseList('lemon\n').entries, { into });
    assert.equal(doc.concepts.length, 1, 'concept not declared twice');
    assert.deepEqual(
      doc.dictionaries[0]?.entries.map((e) => e.literal),
      ['mint', 'lemon'],
    );
    assert.equal(into.dictionaries[0]?.entries.length, 1, 'input untouched');
  });
});
