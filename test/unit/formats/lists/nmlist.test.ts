import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseNmlist, serializeNmlist } from '../../../../src/core/formats/lists/nmlist';
import { dictionaryEntries, literalsToTrsx } from '../../../../src/core/formats/lists/literals';
import { hasErrors } from '../../../../src/core/formats/diagnostic';
import { corpusFile } from './corpus';

const codes = (r: { diagnostics: { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);

describe('.nmlist', () => {
  test('literal|value lines', () => {
    const r = parseNmlist('red|#FF0000\n green | #00FF00 \n');
    assert.deepEqual(
      r.entries.map((e) => [e.literal, e.value]),
      [
        ['red', '#FF0000'],
        ['green', '#00FF00'],
      ],
    );
    assert.deepEqual(r.diagnostics, []);
  });

  test('missing pipe and empty literal are errors with ranges; the rest still parses', () => {
    const r = parseNmlist('red\n|blue\nok|OK\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, d.range.start, d.range.end]),
      [
        ['LIST005', 'error', 0, 3],
        ['LIST007', 'error', 4, 5],
      ],
    );
    assert.deepEqual(
      r.entries.map((e) => e.literal),
      ['ok'],
    );
    assert.equal(r.entries[0]?.line, 3);
  });

  test('more than one pipe splits at the first, with a warning on the second pipe', () => {
    const r = parseNmlist('a|b|c\n');
    assert.deepEqual(
      r.entries.map((e) => [e.literal, e.value]),
      [['a', 'b|c']],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['LIST006', 'warning', 3]],
    );
  });

  test('empty value falls back to the literal with a warning', () => {
    const r = parseNmlist('plain|\n');
    assert.deepEqual(
      r.entries.map((e) => [e.literal, e.value]),
      [['plain', 'plain']],
    );
    assert.deepEqual(codes(r), ['LIST008']);
  });

  test('duplicate literal with another value names both values', () => {
    const r = parseNmlist('bank|A\nbank|B\n');
    assert.deepEqual(codes(r), ['LIST004']);
    assert.match(r.diagnostics[0]?.message ?? '', /already maps to "A" on line 1.*"B"/);
  });

  test('blank lines, BOM, CRLF and no final newline are tolerated', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a|1\r\n\r\nb|2')]);
    const r = parseNmlist(bytes);
    assert.deepEqual(
      r.entries.map((e) => e.value),
      ['1', '2'],
    );
    assert.deepEqual(codes(r).sort(), ['LIST002', 'LIST003']);
    assert.equal(hasErrors(r.diagnostics), false);
    assert.equal(r.bom, true);
  });

  test('serializer skips literals holding the separator', () => {
    const r = serializeNmlist([{ literal: 'a|b', value: 'x' }, { literal: 'c', value: 'd|e' }, { literal: 'f' }]);
    assert.equal(r.text, 'c|d|e\nf|f\n');
    assert.deepEqual(
      r.skipped.map((s) => s.reason),
      ['the literal contains "|", the .nmlist separator'],
    );
    assert.deepEqual(
      parseNmlist(r.text).entries.map((e) => e.value),
      ['d|e', 'f'],
    );
  });

  test('real corpus file: 35 entries, no errors, round-trips through TRSX', (t) => {
    const file = corpusFile('lists', 'danaemtz-ACCOUNT_TYPE_FR.nmlist');
    if (!file) {
      t.skip('corpus file lists/danaemtz-ACCOUNT_TYPE_FR.nmlist is absent');
      return;
    }
    const bytes = readFileSync(file);
    const r = parseNmlist(bytes);
    assert.equal(r.entries.length, 35);
    assert.equal(hasErrors(r.diagnostics), false);
    assert.deepEqual(codes(r), ['LIST003'], 'only the missing final newline');
    assert.deepEqual(r.entries[1], {
      literal: 'Compte d’épargne libre d’impôt',
      value: 'CELI',
      line: 2,
      range: { start: 10, end: 10 + 'Compte d’épargne libre d’impôt|CELI'.length },
    });
    const doc = literalsToTrsx('ACCOUNT_TYPE', r.entries, { locale: 'fr-CA' });
    assert.equal(doc.dictionaries[0]?.entries.length, 35);
    const back = serializeNmlist(dictionaryEntries(doc, 'ACCOUNT_TYPE'));
    assert.deepEqual(back.skipped, []);
    assert.equal(back.text, `${new TextDecoder().decode(bytes)}\n`, 'same text plus the final newline');
  });
});
