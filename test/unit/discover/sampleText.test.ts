// The one normalization behind "already a sample" (discover) and normalized-identical conflicts (report).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import { sampleText } from '../../../src/core/formats/trsx/model';
import { normalize } from '../../../src/core/formats/sampleText';
import { corpusTrsxFiles } from '../formats/lists/corpus';

/** The whole chain, with no shortcut: what normalize must return for every text, whichever way it gets there. */
function fullChain(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[.,!?;:"“”„«»¿¡()[\]{}…]/g, ' ')
    .replace(/(^|[^\p{L}\p{N}])['’\-–—]+|['’\-–—]+(?=[^\p{L}\p{N}]|$)/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Texts drawn from characters the shortcut takes and characters it must leave to the chain. */
function mixedTexts(count: number): string[] {
  const alphabet = [
    'a',
    'z',
    'q',
    '0',
    '9',
    ' ',
    ' ',
    '  ',
    'é',
    'ß',
    'ÿ',
    'à',
    '÷',
    '×',
    'É',
    'A',
    'Z',
    '\t',
    '\u00a0',
    'e\u0301',
    "'",
    '’',
    '-',
    '—',
    '.',
    '?',
    'İ',
    'ǅ',
    'µ',
    'ª',
    '\u00ad',
    'Ω',
  ];
  let seed = 7;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

describe('sample text normalize', () => {
  test('folds case, collapses whitespace and drops sentence punctuation', () => {
    assert.equal(normalize('  I want a Large\t Coffee, please!'), 'i want a large coffee please');
    assert.equal(normalize('¿Qué tal?'), 'qué tal');
    assert.equal(normalize('"quoted" - dash'), 'quoted dash');
  });
  test('keeps apostrophes and hyphens inside words, so different words stay different', () => {
    assert.equal(normalize('Don’t'), "don't");
    assert.notEqual(normalize("don't"), normalize('dont'));
    assert.equal(normalize('rock-n-roll'), 'rock-n-roll');
  });
  test('an utterance and the same words typed differently compare equal', () => {
    assert.equal(normalize('I would like an espresso.'), normalize('i would like an  espresso'));
  });
  test('a text that is already its own key comes back as it is, and every text gets what the full chain gives', () => {
    for (const text of [
      '',
      'a',
      'i want a large coffee',
      'ça coûte 12 dollars',
      'straße',
      'ÿ÷',
      ' a',
      'a ',
      'a  b',
      'A b',
      'e\u0301',
    ]) {
      assert.equal(normalize(text), fullChain(text), JSON.stringify(text));
    }
    // Every character the shortcut takes, alone and between words.
    for (let c = 0; c < 0x100; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `a${ch}b`, `a ${ch} b`])
        assert.equal(normalize(text), fullChain(text), `U+${c.toString(16)} in ${JSON.stringify(text)}`);
    }
    for (const text of mixedTexts(20_000)) assert.equal(normalize(text), fullChain(text), JSON.stringify(text));
  });

  test('agrees with the full chain on every sample of the real corpus files', (t) => {
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    let samples = 0;
    for (const { name, path } of files) {
      for (const sample of parseTrsxBytes(readFileSync(path)).document.samples) {
        const text = sampleText(sample.content);
        assert.equal(normalize(text), fullChain(text), `${name}: ${JSON.stringify(text)}`);
        samples++;
      }
    }
    assert.ok(samples > 0, 'no samples in the corpus TRSX files');
  });
});
