// The text of an open document as its base plus edit pieces: every read (whole text, slices, characters,
// positions both ways) equals the same read of the plainly edited string, on random edits of texts with LF,
// CRLF and lone CR line breaks; and typing never needs the whole text joined.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../../src/core/formats/diagnostic';
import { EditedText } from '../../../src/core/language/editedText';
import { applyChange, type TextChange } from '../../../src/core/language/textChange';
import { seeded } from './helpers';

/** LSP positions of the plain string (zero-based), by the formats' own line table. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  const p = new LineIndex(text).position(offset);
  return { line: p.line - 1, character: p.column - 1 };
}

function lineBreakAt(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset - 1);
  return c === 10 || c === 13;
}

describe('edited text', () => {
  for (const [name, eol] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ] as const) {
    test(`random edits (${name} line breaks): text, slices, characters and positions match the plain string`, () => {
      const random = seeded(name.length * 17);
      const inserts = ['x', '', 'ab', eol, `line${eol}next`, '<', '\r', '\n', 'é'];
      let plain = Array.from({ length: 400 }, (_, i) => `line ${i} of the text`).join(eol);
      const edited = new EditedText(plain);
      for (let round = 0; round < 400; round++) {
        // Mostly near the last edit (typing), sometimes far (another place in the file).
        const start = random(plain.length + 1);
        const change: TextChange = {
          start,
          end: Math.min(plain.length, start + random(3) * random(4)),
          text: inserts[random(inserts.length)] as string,
        };
        plain = applyChange(plain, change);
        edited.apply(change);
        assert.equal(edited.length, plain.length);
        for (let k = 0; k < 6; k++) {
          const a = random(plain.length + 1);
          const b = a + random(5000);
          assert.equal(edited.slice(a, b), plain.slice(a, b), `round ${round}: slice ${a}-${b}`);
          assert.equal(edited.charCodeAt(a), plain.charCodeAt(a), `round ${round}: char ${a}`);
          const expected = positionOf(plain, a);
          // Inside a CR LF pair both count the offset as the line's end; the LSP rule keeps it before the pair.
          if (!(plain.charCodeAt(a - 1) === 13 && plain.charCodeAt(a) === 10)) {
            assert.deepEqual(edited.positionAt(a), expected, `round ${round}: position of ${a}`);
            if (!lineBreakAt(plain, a) || expected.character === 0)
              assert.equal(edited.offsetAt(expected), a, `round ${round}: offset of ${JSON.stringify(expected)}`);
          }
        }
        if (round % 50 === 0) assert.equal(edited.toString(), plain, `round ${round}: whole text`);
      }
      assert.equal(edited.toString(), plain);
      assert.equal(edited.lineCount, new LineIndex(plain).lineCount);
    });
  }

  test('a character past the end of a line means the end of that line; lines past the end mean the end', () => {
    const edited = new EditedText('ab\r\ncd\nef');
    assert.equal(edited.offsetAt({ line: 0, character: 99 }), 2);
    assert.equal(edited.offsetAt({ line: 1, character: 99 }), 6);
    assert.equal(edited.offsetAt({ line: 2, character: 99 }), 9);
    assert.equal(edited.offsetAt({ line: 7, character: 0 }), 9);
  });

  test('pieces keep far edits apart and join near ones; rebase makes the current text the base', () => {
    const base = 'a'.repeat(100_000);
    const edited = new EditedText(base);
    edited.apply({ start: 10, end: 10, text: 'x' });
    edited.apply({ start: 11, end: 11, text: 'y' });
    edited.apply({ start: 50_000, end: 50_001, text: 'zz' });
    assert.equal(edited.pieces.length, 2, 'typing stays one piece, a far edit is another');
    assert.deepEqual(
      edited.pieces.map((p) => [p.start, p.end, p.oldStart, p.oldEnd, p.text]),
      [
        [10, 12, 10, 10, 'xy'],
        [50_000, 50_002, 49_998, 49_999, 'zz'],
      ],
    );
    assert.equal(edited.toBase(60_000), 59_997);
    assert.equal(edited.toBase(50_001), 49_998, 'inside a piece: its start in the base');
    edited.apply({ start: 50_000, end: 50_002, text: 'a' });
    assert.equal(edited.pieces.length, 1, 'an edit that gives back the base text leaves no piece');
    edited.apply({ start: 50_000, end: 50_000, text: 'q' });
    edited.rebase();
    assert.equal(edited.pieces.length, 0);
    assert.equal(edited.base.length, 100_003);
    assert.equal(edited.toString(), `${'a'.repeat(10)}xy${'a'.repeat(49_988)}q${'a'.repeat(50_002)}`);
    assert.throws(() => edited.apply({ start: 5, end: 200_000, text: '' }), /outside the document/);
  });
});
