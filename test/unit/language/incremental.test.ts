// Incremental TRSX parsing and validation give exactly what a full parse and validation of the new text give:
// the same serialized tree (positions exact), the same model, the same diagnostics — on hundreds of random
// edits inside and outside <samples> (typing, deleting, pasting and removing samples, duplicating texts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../../../src/core/formats/trsx/model';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import { sortDiagnostics, validateTrsx } from '../../../src/core/formats/trsx/validate';
import { serializeXml } from '../helpers/serializeXml';
import { patchTrsx } from '../../../src/core/language/trsx/incrementalParse';
import { IncrementalTrsxValidator } from '../../../src/core/language/trsx/incrementalValidator';
import { LanguageDocument } from '../../../src/core/language/documents';
import { applyChange, type TextChange } from '../../../src/core/language/textChange';
import { canonical, offsetOf, readFixture, seeded } from './helpers';

function fullDiagnostics(text: string): ReturnType<typeof canonical> {
  const r = parseTrsx(text);
  return canonical(sortDiagnostics([...r.diagnostics, ...validateTrsx(r)]));
}

function generated(samples: number): string {
  const random = seeded(7);
  const words = ['book', 'a', 'flight', 'to', 'paris', 'please', 'now', 'cancel', 'my', 'order'];
  const phrase = (n: number): string => Array.from({ length: n }, () => words[random(words.length)]).join(' ');
  const doc: TrsxDocument = {
    lang: 'eng-USA',
    version: '2.6',
    metadata: [],
    sources: [],
    intents: ['BOOK', 'CANCEL', 'STATUS'].map((name) => ({ name, links: [{ conceptref: 'CITY' }] })),
    concepts: [
      { name: 'CITY', settings: [], relations: [] },
      { name: 'WHEN', dataType: 'date', settings: [], relations: [] },
    ],
    dictionaries: [{ conceptref: 'CITY', entries: [{ literal: 'paris', value: 'PAR' }] }],
    samples: [],
  };
  for (let i = 0; i < samples; i++) {
    const content: SampleNode[] = [phrase(2 + random(3))];
    if (random(3) === 0)
      content.push({ conceptref: random(2) ? 'CITY' : 'WHEN', content: [phrase(1)] }, ` ${phrase(1)}`);
    doc.samples.push({
      intentref: ['BOOK', 'CANCEL', 'STATUS', 'NO_INTENT'][random(4)] as string,
      count: 1 + random(2),
      content,
    });
  }
  return buildTrsx(doc);
}

/** Spans of `<samples>` content in `text` (where most edits go). */
function samplesSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let at = text.indexOf('<samples>');
  while (at !== -1) {
    const end = text.indexOf('</samples>', at);
    if (end === -1) break;
    spans.push([at + '<samples>'.length, end]);
    at = text.indexOf('<samples>', end);
  }
  return spans;
}

const SNIPPETS = [
  'a',
  ' ',
  'x',
  '&amp;',
  '&bogus;',
  '<',
  '>',
  '"',
  '</sample>',
  '<annotation conceptref="CITY">',
  '</annotation>',
  '<annotation conceptref="NOPE">rome</annotation>',
  ' intentref="CANCEL"',
  '<!-- note -->',
  '<sample intentref="BOOK">book a flight</sample>',
  '<sample intentref="GHOST"></sample>',
  '<foo/>',
  '\n    ',
];

function randomChange(text: string, random: (n: number) => number): TextChange {
  const spans = samplesSpans(text);
  const inSamples = spans.length > 0 && random(10) !== 0;
  let start: number;
  if (inSamples) {
    const [a, b] = spans[random(spans.length)] as [number, number];
    start = a + random(Math.max(1, b - a));
  } else start = random(text.length);
  const kind = random(6);
  if (kind === 0) return { start, end: Math.min(text.length, start + 1 + random(20)), text: '' };
  if (kind === 1) {
    // copy a whole sample elsewhere (creates duplicates)
    const from = text.indexOf('<sample ', random(text.length));
    const to = from === -1 ? -1 : text.indexOf('</sample>', from);
    const gap = text.indexOf('\n', start);
    if (from !== -1 && to !== -1 && gap !== -1) return { start: gap, end: gap, text: `\n${text.slice(from, to + 9)}` };
  }
  if (kind === 2) {
    // delete a whole sample
    const from = text.indexOf('<sample ', start);
    const to = from === -1 ? -1 : text.indexOf('</sample>', from);
    if (from !== -1 && to !== -1) return { start: from, end: to + 9, text: '' };
  }
  return { start, end: start, text: SNIPPETS[random(SNIPPETS.length)] as string };
}

/** Problems after which the document no longer has the shape of a TRSX file (broken markup, text between samples). */
const STRUCTURAL = /^(XML0(0[1-5]|1[1-3]|1[89]|2[01])|TRSX012)$/;

/** The one change that turns `from` into `to` (common prefix and suffix kept). */
function undoChange(from: string, to: string): TextChange {
  let p = 0;
  while (p < from.length && p < to.length && from[p] === to[p]) p++;
  let q = 0;
  while (q < from.length - p && q < to.length - p && from[from.length - 1 - q] === to[to.length - 1 - q]) q++;
  return { start: p, end: from.length - q, text: to.slice(p, to.length - q) };
}

describe('text changes', () => {
  test('an edit outside the document is refused with a clear error', () => {
    assert.throws(() => applyChange('abc', { start: 2, end: 9, text: '' }), /outside the document/);
  });
});

describe('incremental TRSX parsing', () => {
  for (const [name, text] of [
    ['valid.trsx', readFixture('trsx', 'valid.trsx')],
    ['duplicates.trsx', readFixture('trsx', 'duplicates.trsx')],
    ['generated', generated(60)],
  ] as const) {
    test(`random edits of ${name}: tree, model and diagnostics equal a full parse`, () => {
      const random = seeded(name.length * 31);
      const doc = new LanguageDocument('memory.trsx', 'trsx', 1, text);
      const validator = new IncrementalTrsxValidator();
      doc.onTrsxStep = (step) => validator.step(step);
      validator.validate(doc.trsx());
      let current = text;
      let incremental = 0;
      const rounds = 150;
      let clean = text;
      for (let round = 0; round < rounds; round++) {
        let next = current;
        // Broken markup stays broken for one round, then the edit is undone (as a user would).
        const planned =
          current === clean ? Array.from({ length: 1 + random(2) }, () => undefined) : [undoChange(current, clean)];
        const changes: TextChange[] = [];
        for (const p of planned) {
          const change = p ?? randomChange(next, random);
          next = applyChange(next, change);
          changes.push(change);
        }
        doc.update(round + 2, changes);
        const result = doc.trsx();
        const state = validator.validate(result);
        if (state.incremental) incremental++;
        assert.equal(serializeXml(state.result.tree), next, `round ${round}: the patched tree reproduces the text`);
        assert.deepEqual(state.result.document, parseTrsx(next).document, `round ${round}: model`);
        if (
          process.env.DEBUG_ROUND &&
          JSON.stringify(canonical(state.diagnostics)) !== JSON.stringify(fullDiagnostics(next))
        ) {
          console.log(
            JSON.stringify(
              {
                round,
                changes,
                incremental: state.incremental,
                before: current.slice(2200, 2500),
                after: next.slice(2200, 2500),
              },
              null,
              1,
            ),
          );
        }
        assert.deepEqual(canonical(state.diagnostics), fullDiagnostics(next), `round ${round}: diagnostics`);
        current = next;
        if (!fullDiagnostics(next).some((d) => STRUCTURAL.test(d.code))) clean = next;
      }
      // Many random edits break the markup (and their undo follows), so only a share of them can be incremental.
      assert.ok(incremental > rounds / 6, `in-sample edits are incremental (${incremental}/${rounds})`);
    });
  }

  test('typing, pasting and deleting samples are all incremental', () => {
    let text = generated(300);
    const doc = new LanguageDocument('memory.trsx', 'trsx', 1, text);
    const validator = new IncrementalTrsxValidator();
    doc.onTrsxStep = (step) => validator.step(step);
    validator.validate(doc.trsx());
    const random = seeded(11);
    const edits: Array<(t: string) => TextChange> = [
      (t) => {
        const at = t.indexOf('</sample>', random(t.length));
        return { start: at, end: at, text: 'x' };
      },
      (t) => {
        let at = t.indexOf('</sample>', random(t.length));
        while (at !== -1 && !/[a-z]/.test(t[at - 1] ?? '')) at = t.indexOf('</sample>', at + 1);
        return { start: at - 1, end: at, text: '' };
      },
      (t) => {
        const at = t.indexOf('<sample ', random(t.length));
        return { start: at, end: at, text: '<sample intentref="BOOK">book a flight</sample>\n' };
      },
      (t) => {
        const at = t.indexOf('<sample ', random(t.length));
        return { start: at, end: t.indexOf('</sample>', at) + 9, text: '' };
      },
      (t) => {
        const at = t.indexOf('</sample>', random(t.length));
        return { start: at, end: at, text: '<annotation conceptref="CITY">rome</annotation>' };
      },
    ];
    for (let i = 0; i < 120; i++) {
      const make = edits[i % edits.length] as (t: string) => TextChange;
      let change = make(text);
      if (change.start < 0 || change.end < change.start)
        change = { start: text.indexOf('</sample>'), end: text.indexOf('</sample>'), text: 'y' };
      text = applyChange(text, change);
      doc.update(i + 2, [change]);
      const result = doc.trsx();
      const state = validator.validate(result);
      assert.equal(state.incremental, true, `edit ${i} (${JSON.stringify(change)}) is incremental`);
      if (i % 20 === 0) assert.deepEqual(canonical(state.diagnostics), fullDiagnostics(text), `edit ${i}: diagnostics`);
    }
  });

  test('edits in several places before the next validation are applied and re-checked one after the other', () => {
    let text = generated(300);
    const doc = new LanguageDocument('memory.trsx', 'trsx', 1, text);
    const validator = new IncrementalTrsxValidator();
    doc.onTrsxStep = (step) => validator.step(step);
    validator.validate(doc.trsx());
    const random = seeded(5);
    for (let round = 0; round < 30; round++) {
      // Typing in two to four samples far apart, the names the completion reads staying those of the last parse.
      for (let k = 0; k < 2 + random(3); k++) {
        const at = text.indexOf('</sample>', random(text.length));
        const change =
          at === -1
            ? { start: text.indexOf('</sample>'), end: text.indexOf('</sample>'), text: 'y' }
            : { start: at, end: at, text: k % 2 === 0 ? ' x' : ' book a flight' };
        text = applyChange(text, change);
        doc.update(doc.version + 1, [change]);
        assert.equal(doc.trsxForNames().current, false);
      }
      const result = doc.trsx();
      const state = validator.validate(result);
      assert.equal(state.incremental, true, `round ${round}: incremental`);
      assert.equal(serializeXml(state.result.tree), text, `round ${round}: the patched tree reproduces the text`);
      assert.deepEqual(canonical(state.diagnostics), fullDiagnostics(text), `round ${round}: diagnostics`);
    }
  });

  test('typing inside a sample re-reads only that sample and keeps the rest of the model', () => {
    const text = readFixture('trsx', 'valid.trsx');
    const base = parseTrsx(text);
    const intents = base.document.intents;
    const at = offsetOf(text, 'never mind');
    const next = applyChange(text, { start: at, end: at, text: 'oh ' });
    const patch = patchTrsx(base, { start: at, end: at + 3, oldStart: at, oldEnd: at }, next);
    assert.ok(patch);
    assert.equal(patch.removedSamples.length, 1);
    assert.equal(patch.addedSamples.length, 1);
    assert.equal(patch.addedSamples[0]?.content[0], 'oh never mind & cancel');
    assert.equal(patch.result.document.intents, intents, 'the ontology objects are reused');
    assert.equal(patch.sampleIndex, 2);
  });

  test('edits outside <samples> or that break the markup fall back to a full parse', () => {
    const text = readFixture('trsx', 'valid.trsx');
    const inOntology = offsetOf(text, 'name="CANCEL"') + 6;
    assert.equal(
      patchTrsx(
        parseTrsx(text),
        { start: inOntology, end: inOntology + 1, oldStart: inOntology, oldEnd: inOntology },
        applyChange(text, { start: inOntology, end: inOntology, text: 'X' }),
      ),
      undefined,
    );
    const inSample = offsetOf(text, 'never mind');
    const broken = applyChange(text, { start: inSample, end: inSample, text: '<annotation conceptref="' });
    assert.equal(
      patchTrsx(parseTrsx(text), { start: inSample, end: inSample + 24, oldStart: inSample, oldEnd: inSample }, broken),
      undefined,
    );
    const doc = new LanguageDocument('memory.trsx', 'trsx', 1, text);
    const validator = new IncrementalTrsxValidator();
    doc.onTrsxStep = (step) => validator.step(step);
    validator.validate(doc.trsx());
    doc.update(2, [{ start: inSample, end: inSample, text: '<annotation conceptref="' }]);
    const result = doc.trsx();
    const state = validator.validate(result);
    assert.equal(state.incremental, false);
    assert.deepEqual(canonical(state.diagnostics), fullDiagnostics(broken));
  });
});
