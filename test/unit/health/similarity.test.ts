// Near-duplicates are found by prefix filtering, which must find exactly the pairs a brute-force comparison
// finds (it prunes, it does not sample). Checked on generated samples from a small vocabulary, where many
// pairs are close, at several thresholds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import { emptyTrsxDocument } from '../../../src/core/formats/trsx/model';
import { healthReport } from '../../../src/core/health/report';
import { normalize } from '../../../src/core/formats/sampleText';

function random(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s >>> 16) % n;
  }; // high bits: the low ones cycle
}

describe('near-duplicates (prefix filtering)', () => {
  test('finds exactly the cross-intent pairs a brute-force comparison finds', () => {
    const next = random(7);
    const words = 'a b c d e f g h i j k l'.split(' ');
    const texts = new Map<string, string>(); // text → intent; one sample per distinct word set
    while (texts.size < 400) {
      const set = [...new Set(Array.from({ length: 3 + next(5) }, () => words[next(words.length)] as string))].sort();
      texts.set(set.join(' '), `I${next(3)}`);
    }
    const doc = emptyTrsxDocument('eng-USA');
    doc.intents = ['I0', 'I1', 'I2'].map((name) => ({ name, links: [] }));
    doc.samples = [...texts].map(([text, intentref]) => ({ intentref, content: [text] }));
    const text = buildTrsx(doc);
    const entries = [...texts].map(([t, intent]) => ({ set: new Set(t.split(' ')), intent }));
    for (const threshold of [0.5, 0.7, 0.8, 1]) {
      let expected = 0;
      for (let i = 0; i < entries.length; i++) {
        for (let k = i + 1; k < entries.length; k++) {
          const a = entries[i]!;
          const b = entries[k]!;
          if (a.intent === b.intent) continue;
          const common = [...a.set].filter((w) => b.set.has(w)).length;
          if (common / (a.set.size + b.set.size - common) >= threshold) expected++;
        }
      }
      const report = healthReport([{ locale: 'en-US', file: 'en-US/en-US.trsx', text }], {
        similarity: threshold,
        minSamples: 0,
      });
      const found = report.findings.filter((f) => f.rule === 'near-duplicate').length;
      assert.equal(found, expected, `threshold ${threshold}`);
      if (threshold < 1) assert.ok(expected > 0, `the data has pairs at ${threshold}`);
    }
  });

  test('normalization (core/formats/sampleText, shared with discover): case, sentence punctuation and spacing', () => {
    assert.equal(normalize('  When do  you OPEN, tomorrow?! '), 'when do you open tomorrow');
    assert.equal(normalize('où en est l’état de ma commande ?'), "où en est l'état de ma commande");
    assert.equal(normalize('...'), '');
  });
});
