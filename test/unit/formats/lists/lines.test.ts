import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readListText, splitLines } from '../../../../src/core/formats/lists/lines';

const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

describe('line reading', () => {
  test('LF, CRLF and lone CR all break lines; a final newline adds no empty line', () => {
    assert.deepEqual(
      splitLines('a\nb\r\nc\rd\n').map((l) => [l.number, l.text, l.start]),
      [
        [1, 'a', 0],
        [2, 'b', 2],
        [3, 'c', 5],
        [4, 'd', 7],
      ],
    );
    assert.deepEqual(
      splitLines('a\n\nb').map((l) => l.text),
      ['a', '', 'b'],
    );
    assert.deepEqual(splitLines(''), []);
  });

  test('a UTF-8 BOM is removed and recorded, offsets index the text without it', () => {
    const r = readListText(concat(bytes(0xef, 0xbb, 0xbf), utf8('café\n')));
    assert.equal(r.bom, true);
    assert.equal(r.text, 'café\n');
    assert.deepEqual(r.diagnostics, []);
    assert.equal(readListText('\ufeffx\n').text, 'x\n');
  });

  test('invalid UTF-8 is reported with its byte offset and a range on the U+FFFD', () => {
    // "ok\n" then Latin-1 "caf\xE9" then "\n" — the classic wrong-encoding save.
    const r = readListText(concat(utf8('ok\ncaf'), bytes(0xe9), utf8('\n')));
    assert.equal(r.text, 'ok\ncaf\ufffd\n');
    assert.equal(r.diagnostics.length, 1);
    const d = r.diagnostics[0];
    assert.equal(d?.code, 'LIST001');
    assert.equal(d?.severity, 'error');
    assert.match(d?.message ?? '', /0xE9 at byte 6/);
    assert.deepEqual(d?.range, { start: 6, end: 7 });
  });

  test('invalid UTF-8 after a BOM and in multi-byte positions matches TextDecoder', () => {
    const input = concat(
      bytes(0xef, 0xbb, 0xbf),
      utf8('é'),
      bytes(0xf0, 0x9f, 0x98),
      utf8('x'),
      bytes(0xed, 0xa0, 0x80),
      utf8('\n'),
    );
    const r = readListText(input);
    const expected = new TextDecoder('utf-8', { ignoreBOM: false }).decode(input);
    assert.equal(r.text, expected);
    assert.equal(
      r.diagnostics.filter((d) => d.code === 'LIST001').length,
      4,
      'truncated 4-byte seq + 3 bytes of an encoded surrogate',
    );
    assert.deepEqual(r.diagnostics[0]?.range, { start: 1, end: 2 });
    assert.match(r.diagnostics[0]?.message ?? '', /0xF0 0x9F 0x98 at byte 5/);
  });

  test('many invalid bytes are summarised after ten reports', () => {
    const r = readListText(new Uint8Array(50).fill(0xff));
    assert.equal(r.diagnostics.filter((d) => d.code === 'LIST001').length, 11);
    assert.match(r.diagnostics[10]?.message ?? '', /40 more invalid UTF-8 sequences/);
  });

  test('a missing final newline is tolerated with an info', () => {
    const r = readListText('a\nb');
    assert.equal(r.finalNewline, false);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['LIST003', 'info', 3]],
    );
    assert.deepEqual(readListText('').diagnostics, []);
  });

  test('control characters XML cannot hold are errors; tab is fine', () => {
    const r = readListText('a\tb\nc\u0001d\n');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.range.start]),
      [['LIST011', 5]],
    );
  });

  test('blank lines are reported once, for every format, and left out of the filled lines', () => {
    const r = readListText('a\n  \n\nb\n');
    assert.deepEqual(
      r.filledLines.map((l) => [l.number, l.text]),
      [
        [1, 'a'],
        [4, 'b'],
      ],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, d.range.start, d.range.end]),
      [
        ['LIST002', 'warning', 2, 4],
        ['LIST002', 'warning', 5, 5],
      ],
    );
    assert.equal(r.lines.length, 4);
  });

  test('CRLF is detected', () => {
    assert.equal(readListText('a\r\nb\r\n').crlf, true);
    assert.equal(readListText('a\nb\r\n').crlf, false);
  });
});
