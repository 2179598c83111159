import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeXmlBytes } from '../../../../src/core/formats/xml/decode';
import { parseTrsxBytes } from '../../../../src/core/formats/trsx/parse';
import { validateTrsx } from '../../../../src/core/formats/trsx/validate';
import { readFixture } from '../trsx/fixtures';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function utf16(s: string, bigEndian: boolean, bom = true): Uint8Array {
  const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2);
  const units = bom ? '\ufeff' + s : s;
  for (let i = 0; i < units.length; i++) {
    const c = units.charCodeAt(i);
    out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
    out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
  }
  return out;
}

describe('decodeXmlBytes', () => {
  test('UTF-8 with and without BOM', () => {
    assert.deepEqual(decodeXmlBytes(utf8('<a>é</a>')), { text: '<a>é</a>', encoding: 'utf-8', diagnostics: [] });
    const withBom = decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<a/>')]));
    assert.equal(withBom.text, '<a/>');
    assert.equal(withBom.encoding, 'utf-8');
  });

  test('ASCII files, large ones included, decode as UTF-8 does; a non-ASCII byte takes the UTF-8 path', () => {
    const large = `<a>${'plain ascii text, line after line\n'.repeat(40_000)}</a>`; // over Node's 1 MB external-string size
    for (const text of ['<a/>', large, '<?xml version="1.0" encoding="us-ascii"?><a>b</a>']) {
      const decoded = decodeXmlBytes(utf8(text));
      assert.equal(decoded.text, text);
      assert.deepEqual(decoded.diagnostics, []);
    }
    assert.equal(decodeXmlBytes(utf8(`${large}é`)).text, `${large}é`);
    const declaredAscii = decodeXmlBytes(utf8('<?xml version="1.0" encoding="us-ascii"?><a>é</a>'));
    assert.deepEqual(
      declaredAscii.diagnostics.map((d) => d.code),
      ['XML022'],
    );
  });

  test('UTF-16 LE and BE with a BOM are decoded and parse cleanly', () => {
    const text = readFixture('valid.trsx').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    for (const bigEndian of [false, true]) {
      const decoded = decodeXmlBytes(utf16(text, bigEndian));
      assert.equal(decoded.encoding, bigEndian ? 'utf-16be' : 'utf-16le');
      assert.equal(decoded.text, text);
      const result = parseTrsxBytes(utf16(text, bigEndian));
      assert.deepEqual([...result.diagnostics, ...validateTrsx(result)], []);
      assert.equal(result.document.samples.length, 4);
    }
  });

  test('UTF-16 without a BOM is recognized from "<?"', () => {
    assert.equal(decodeXmlBytes(utf16('<?xml version="1.0"?><a/>', false, false)).text, '<?xml version="1.0"?><a/>');
  });

  test('declared single-byte encodings', () => {
    const latin1 = new Uint8Array([
      ...utf8('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
      0xe9,
      0x80,
      ...utf8('</a>'),
    ]);
    assert.ok(decodeXmlBytes(latin1).text.endsWith('<a>é\u0080</a>'));
    assert.equal(decodeXmlBytes(latin1).encoding, 'latin1');
    const cp1252 = new Uint8Array([...utf8('<?xml version="1.0" encoding="windows-1252"?><a>'), 0x80, ...utf8('</a>')]);
    assert.match(decodeXmlBytes(cp1252).text, /<a>€<\/a>$/);
    const ascii = decodeXmlBytes(utf8('<?xml version="1.0" encoding="US-ASCII"?><a>é</a>'));
    assert.deepEqual(
      ascii.diagnostics.map((d) => d.code),
      ['XML022'],
    );
  });

  test('invalid UTF-8 is reported at its position, never thrown', () => {
    const bytes = new Uint8Array([...utf8('<a>ok '), 0xc3, 0x28, ...utf8(' and '), 0xff, ...utf8('</a>')]);
    const decoded = decodeXmlBytes(bytes);
    assert.equal(decoded.diagnostics.length, 1);
    const d = decoded.diagnostics[0];
    assert.equal(d?.code, 'XML022');
    assert.equal(d?.range.start, 6);
    assert.equal(decoded.text[6], '\ufffd');
    assert.match(d?.message ?? '', /byte 6 \(2 invalid sequences/);
  });

  test('unknown and conflicting encodings are warnings, decoded as UTF-8 / by the BOM', () => {
    const unknown = decodeXmlBytes(utf8('<?xml version="1.0" encoding="EBCDIC-XYZ"?><a/>'));
    assert.deepEqual(
      unknown.diagnostics.map((d) => [d.code, d.severity]),
      [['XML023', 'warning']],
    );
    assert.equal(unknown.encoding, 'utf-8');
    const conflicting = decodeXmlBytes(utf16('<?xml version="1.0" encoding="ISO-8859-1"?><a/>', false));
    assert.equal(conflicting.encoding, 'utf-16le');
    assert.deepEqual(
      conflicting.diagnostics.map((d) => d.code),
      ['XML023'],
    );
  });

  test('truncated UTF-16 is reported', () => {
    const bytes = utf16('<a/>', false);
    const decoded = decodeXmlBytes(bytes.subarray(0, bytes.length - 1));
    assert.deepEqual(
      decoded.diagnostics.map((d) => d.code),
      ['XML022'],
    );
  });
});
