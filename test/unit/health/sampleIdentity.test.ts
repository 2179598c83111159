// "The same sample under two intents", judged by all three places that report it: the TRSX validator (TRSX033,
// `cstudio validate`), the editor's incremental validator (the same code re-checking an edit) and Model Health's
// `conflict` rule. Each pair below goes through all three, and they must agree with the owner's sample key
// (core/formats/trsx/sample-text.ts sampleKey over core/formats/sampleText.ts): "Hello!" is "hello".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import { sampleKey } from '../../../src/core/formats/trsx/sample-text';
import { validateTrsx } from '../../../src/core/formats/trsx/validate';
import { healthReport } from '../../../src/core/health/report';
import { LanguageDocument } from '../../../src/core/language/documents';
import { IncrementalTrsxValidator } from '../../../src/core/language/trsx/incrementalValidator';

/** Pairs of sample contents (TRSX markup), the first under GREET and the second under ORDER. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['Hello!', 'hello'],
  ['When do you open, tomorrow?', 'when do you open tomorrow'],
  ['  I want\n    a coffee ', 'I want a coffee'],
  ['“Book” it…', 'book it'],
  ['book <annotation conceptref="CITY">Paris</annotation>', 'Book Paris.'],
  ["don't", 'dont'],
  ['e-mail me', 'e mail me'],
  ['Hello', 'Hello there'],
];

const trsx = (samples: readonly string[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
    '<ontology base="http://localhost:8080/resources/ontology-1.0.xml"><intents><intent name="GREET"/><intent name="ORDER"/></intents>',
    '<concepts><concept name="CITY"/></concepts></ontology>',
    '<samples>',
    ...samples,
    '</samples>',
    '</project>',
    '',
  ].join('\n');

const sample = (intent: string, content: string): string => `<sample intentref="${intent}">${content}</sample>`;

/** Whether the pair's second sample meets the first under another intent, per the owner. */
function sameByOwner(a: string, b: string): boolean {
  const doc = parseTrsx(trsx([sample('GREET', a), sample('ORDER', b)])).document;
  const [x, y] = doc.samples;
  assert.ok(x && y);
  return sampleKey(x.content) === sampleKey(y.content);
}

function trsx033(text: string): boolean {
  const parsed = parseTrsx(text);
  return validateTrsx(parsed).some((d) => d.code === 'TRSX033');
}

/** The editor's path: the first sample alone, then the second typed in (validated incrementally). */
function incrementalTrsx033(a: string, b: string): { flagged: boolean; incremental: boolean } {
  const before = trsx([sample('GREET', a)]);
  const doc = new LanguageDocument('memory.trsx', 'trsx', 1, before);
  const validator = new IncrementalTrsxValidator();
  doc.onTrsxStep = (step) => validator.step(step);
  validator.validate(doc.trsx());
  const at = before.indexOf('</samples>');
  doc.update(2, [{ start: at, end: at, text: `${sample('ORDER', b)}\n` }]);
  const state = validator.validate(doc.trsx());
  return { flagged: state.diagnostics.some((d) => d.code === 'TRSX033'), incremental: state.incremental };
}

function conflict(text: string): boolean {
  const report = healthReport([{ locale: 'en-US', file: 'en-US/en-US.trsx', text }], {
    minSamples: 1,
    similarity: 0.8,
  });
  return report.findings.some((f) => f.rule === 'conflict');
}

describe('sample identity: TRSX033, the incremental validator and the health conflict rule agree', () => {
  test('"Hello!" and "hello" are one utterance for all three', () => {
    const text = trsx([sample('GREET', 'Hello!'), sample('ORDER', 'hello')]);
    assert.equal(trsx033(text), true);
    assert.equal(incrementalTrsx033('Hello!', 'hello').flagged, true);
    assert.equal(conflict(text), true);
  });

  for (const [a, b] of PAIRS) {
    test(`${JSON.stringify(a)} / ${JSON.stringify(b)}`, () => {
      const same = sameByOwner(a, b);
      const text = trsx([sample('GREET', a), sample('ORDER', b)]);
      assert.equal(trsx033(text), same, 'TRSX033');
      const edit = incrementalTrsx033(a, b);
      assert.equal(edit.incremental, true, 'the edit was validated incrementally');
      assert.equal(edit.flagged, same, 'TRSX033 after an edit');
      assert.equal(conflict(text), same, 'conflict');
    });
  }

  test('the table holds both verdicts', () => {
    const verdicts = PAIRS.map(([a, b]) => sameByOwner(a, b));
    assert.ok(verdicts.includes(true) && verdicts.includes(false));
  });
});
