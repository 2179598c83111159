// Test-set readers: CSV (intent,text and the HWU64 layout, from the shared corpus), the platform Test Tool's truth
// TSV (the rows of its public documentation), and TRSX (a real project file from the corpus).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import { readCsvTestSet } from '../../../src/core/nlu/evaluation/csvTestSet';
import { parseTestSet } from '../../../src/core/nlu/evaluation/readTestSet';
import { TestSetError } from '../../../src/core/nlu/evaluation/testSet';
import { readTruthTsvTestSet } from '../../../src/core/nlu/evaluation/truthTsvTestSet';
import { corpusFile } from '../formats/lists/corpus';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('CSV test sets', () => {
  test('intent,text with a header, quoted fields (RFC 4180) and unquoted commas in the text', () => {
    const set = readCsvTestSet(
      '\ufeffintent,text\r\ngreet,hello there\r\norder,"a ""large"" one,\nplease"\nstop,that\'s enough, just stop it.\n\n',
      'a.csv',
      'a.csv',
    );
    assert.deepEqual(
      set.utterances.map((u) => [u.intent, u.text, u.line]),
      [
        ['greet', 'hello there', 2],
        ['order', 'a "large" one,\nplease', 3],
        ['stop', "that's enough, just stop it.", 5],
      ],
    );
  });

  test('problems name the file and line', () => {
    assert.throws(
      () => readCsvTestSet('greet,hi\nno-comma-here\n', 'b.csv', 'b.csv'),
      (e: Error) => e instanceof TestSetError && /b\.csv:2: expected "intent,text"/.test(e.message),
    );
    assert.throws(() => readCsvTestSet('greet,"open\n', 'c.csv', 'c.csv'), /c\.csv:1: a quoted field is never closed/);
    assert.throws(
      () => readCsvTestSet('greet,  \n', 'd.csv', 'd.csv'),
      /d\.csv:1: the utterance of intent greet is empty/,
    );
  });

  test('the HWU64-10 split (intent,exampleSentence,text; commas left in the text) reads every line', (t) => {
    const file = corpusFile('nlu', 'hwu64-10', 'test.csv');
    if (!file) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    const text = readFileSync(file, 'utf8');
    const set = parseTestSet(enc(text), file);
    const lines = text.split('\n').filter((l) => l !== '');
    assert.equal(set.utterances.length, lines.length);
    assert.equal(new Set(set.utterances.map((u) => u.intent)).size, 64);
    const withComma = set.utterances.find((u) => u.text === "olly that's enough, just stop it.");
    assert.ok(withComma, 'a text with an unquoted comma keeps it');
    assert.equal(withComma.intent, 'general_commandstop');
    const i = lines.findIndex((l) => l.endsWith(",olly that's enough, just stop it."));
    assert.equal(withComma.line, i + 1);
  });
});

describe('truth TSV test sets (the platform Test Tool)', () => {
  // Rows of the Test Tool's public truth.tsv documentation (api_reference/truth.tsv and the entity-evaluation page).
  const TRUTH = [
    'speaker\tcodedWvnm\ttranscription\tannotation\tintent',
    '1\t1-1.wav\tBook a flight to Atlanta\t{"eArrivalCity": "Atlanta"}\tiBookFlight',
    '1\t1-2.wav\tI\'d like to go to Atlanta on May 4th\t{"eArrivalCity": "Atlanta", "eDepartureDate": {"nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_DAY": 4, "nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_MONTH": 5}}\tiBookFlight',
    '1\t1-6.wav\tDid I lose my luggage in New York?\t{}\tiFAQLostLuggage',
    '1\t1-1.wav\tI would like a large coffee\t{"COFFEE_SIZE": {"canonical": "lg", "literal": "large", "formattedLiteral": "large"}}\tORDER_COFFEE',
  ].join('\n');

  test('transcription and intent by the header, annotations as expected entities', () => {
    const set = readTruthTsvTestSet(TRUTH, 'truth.tsv', 'truth.tsv');
    assert.equal(set.format, 'truth-tsv');
    assert.deepEqual(
      set.utterances.map((u) => [u.line, u.intent, u.text]),
      [
        [2, 'iBookFlight', 'Book a flight to Atlanta'],
        [3, 'iBookFlight', "I'd like to go to Atlanta on May 4th"],
        [4, 'iFAQLostLuggage', 'Did I lose my luggage in New York?'],
        [5, 'ORDER_COFFEE', 'I would like a large coffee'],
      ],
    );
    assert.deepEqual(set.utterances[0]!.entities, [{ entity: 'eArrivalCity', value: 'Atlanta' }]);
    assert.deepEqual(set.utterances[1]!.entities[1], {
      entity: 'eDepartureDate',
      value:
        'nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_DAY=4;nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_MONTH=5',
    });
    assert.deepEqual(set.utterances[2]!.entities, []);
    assert.deepEqual(set.utterances[3]!.entities, [{ entity: 'COFFEE_SIZE', literal: 'large', value: 'lg' }]);
  });

  test('a bad annotation names the file and line', () => {
    assert.throws(
      () => readTruthTsvTestSet('1\ta.wav\thello\t{oops\tgreet\n', 't.tsv', 't.tsv'),
      /t\.tsv:1: the annotation is not JSON/,
    );
    assert.throws(
      () => readTruthTsvTestSet('1\ta.wav\t\t{}\tgreet\n', 't.tsv', 't.tsv'),
      /t\.tsv:1: a truth row needs a transcription and an intent/,
    );
  });
});

describe('TRSX test sets', () => {
  test('a real project file: every sample an utterance of its intent, annotations the expected entities', (t) => {
    const file = corpusFile('trsx', 'nuancedev-Coffee_Maker_DRSS.trsx');
    if (!file) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    const bytes = readFileSync(file);
    const set = parseTestSet(bytes, file);
    const doc = parseTrsxBytes(bytes).document;
    assert.equal(set.format, 'trsx');
    assert.equal(set.utterances.length, doc.samples.filter((s) => !s.excluded).length);
    const first = set.utterances[0]!;
    assert.deepEqual([first.intent, first.text, first.line], ['orderCoffee', 'make me a large coffee', 61]);
    assert.deepEqual(
      first.entities.map((e) => [e.entity, e.literal]),
      [
        ['CoffeeSize', 'large'],
        ['CoffeeType', 'coffee'],
      ],
    );
    const annotated = doc.samples.reduce((n, s) => n + s.content.filter((c) => typeof c !== 'string').length, 0);
    assert.equal(
      set.utterances.reduce((n, u) => n + u.entities.length, 0),
      annotated,
    );
  });

  test('dictionary values of the file become expected values; excluded samples are left out', () => {
    const trsx = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents><intent name="order"/></intents>
    <concepts><concept name="size"/></concepts>
  </ontology>
  <dictionaries><dictionary conceptref="size"><entry literal="large" value="lg"/></dictionary></dictionaries>
  <samples>
    <sample intentref="order">a <annotation conceptref="size">Large</annotation> one</sample>
    <sample intentref="order" excluded="true">not this</sample>
  </samples>
</project>`;
    const set = parseTestSet(enc(trsx), 'set.trsx');
    assert.deepEqual(
      set.utterances.map((u) => [u.text, u.line, u.entities]),
      [['a Large one', 9, [{ entity: 'size', literal: 'Large', value: 'lg' }]]],
    );
    assert.throws(() => parseTestSet(enc('<notaproject/>'), 'x.trsx'), /x\.trsx is not a TRSX document/);
    assert.throws(() => parseTestSet(enc(''), 'x.json'), /unknown test set format/);
  });
});
