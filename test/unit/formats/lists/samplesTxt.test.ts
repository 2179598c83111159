import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  MAX_SAMPLE_LENGTH,
  parseSamplesTxt,
  sampleIntentNames,
  samplesFromTxt,
  samplesTxtToTrsx,
  serializeSamplesTxt,
} from '../../../../src/core/formats/lists/samplesTxt';
import { hasErrors } from '../../../../src/core/formats/diagnostic';
import type { TrsxSample } from '../../../../src/core/formats/trsx/model';
import { corpusFile } from './corpus';

describe('.txt samples', () => {
  test('one sample per line; blank lines warn; repeats are counted', () => {
    const r = parseSamplesTxt('order a coffee\n\nI want tea\r\norder a coffee\n');
    assert.deepEqual(
      r.samples.map((s) => s.text),
      ['order a coffee', 'I want tea', 'order a coffee'],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity]),
      [
        ['LIST002', 'warning'],
        ['LIST010', 'info'],
      ],
    );
    assert.deepEqual(samplesFromTxt('ORDER', r), [
      { intentref: 'ORDER', count: 2, content: ['order a coffee'] },
      { intentref: 'ORDER', count: 1, content: ['I want tea'] },
    ]);
  });

  test('a sample over 500 characters is an error; 500 exactly is fine (code points, not UTF-16 units)', () => {
    const ok = '😀'.repeat(MAX_SAMPLE_LENGTH);
    assert.deepEqual(parseSamplesTxt(`${ok}\n`).diagnostics, []);
    const r = parseSamplesTxt(`short\n${'a'.repeat(501)}\n`);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, d.range.start, d.range.end]),
      [['LIST009', 'error', 6, 507]],
    );
    assert.match(r.diagnostics[0]?.message ?? '', /line 2 has 501 characters/);
  });

  test('invalid UTF-8 is an error naming the byte', () => {
    const r = parseSamplesTxt(new Uint8Array([0x68, 0x69, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    assert.equal(hasErrors(r.diagnostics), true);
    assert.match(r.diagnostics[0]?.message ?? '', /0xE9 at byte 6/);
  });

  test('round-trips through TRSX samples with counts; annotated samples flatten', () => {
    const source = 'book a flight\nbook a flight\nfly to Paris\n';
    const doc = samplesTxtToTrsx('BOOK', parseSamplesTxt(source), { locale: 'en-US' });
    assert.deepEqual(doc.intents, [{ name: 'BOOK', links: [] }]);
    assert.deepEqual(sampleIntentNames(doc), ['BOOK']);
    assert.equal(serializeSamplesTxt(doc.samples, 'BOOK').text, source);
    const annotated: TrsxSample = {
      intentref: 'BOOK',
      content: ['\n      fly to\n      ', { conceptref: 'CITY', content: ['Paris'] }, '\n    '],
    };
    const other: TrsxSample = { intentref: 'OTHER', content: ['hello'] };
    const r = serializeSamplesTxt([annotated, other, { intentref: 'BOOK', content: ['  '] }], 'BOOK');
    assert.equal(r.text, 'fly to Paris\n');
    assert.deepEqual(
      r.skipped.map((s) => s.reason),
      ['the sample is empty'],
    );
  });

  test('real corpus samples file parses without errors', (t) => {
    const file = corpusFile('lists', 'danaemtz-make_investment.samples.txt');
    if (!file) {
      t.skip('corpus file lists/danaemtz-make_investment.samples.txt is absent');
      return;
    }
    const r = parseSamplesTxt(readFileSync(file));
    assert.equal(hasErrors(r.diagnostics), false);
    assert.ok(r.samples.length >= 200, `expected about 220 samples, got ${r.samples.length}`);
    assert.equal(r.samples[0]?.text, 'contribute to my TFSA');
    const back = serializeSamplesTxt(samplesFromTxt('make_investment', r));
    assert.equal(back.text.split('\n').length - 1, r.samples.length, 'every line written back (repeats by count)');
  });
});
