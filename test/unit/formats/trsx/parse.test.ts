import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { attributeRangeOf, rangeOf } from '../../../../src/core/formats/trsx/source-index';
import { sampleText, type Annotation } from '../../../../src/core/formats/trsx/model';
import { readFixture } from './fixtures';

describe('parseTrsx', () => {
  const text = readFixture('valid.trsx');
  const result = parseTrsx(text);
  const doc = result.document;

  test('reads the project attributes, metadata (repeated keys) and sources', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.equal(doc.lang, 'eng-USA');
    assert.equal(doc.version, '2.6');
    assert.equal(doc.enginePackVersion, 'hosted');
    assert.equal(doc.ontologyBase, 'http://localhost:8080/resources/ontology-1.0.xml');
    assert.deepEqual(doc.metadata, [
      { key: 'created_by', value: 'Ada & Grace' },
      { key: 'created_by', value: 'ada@example.com' },
      { key: 'description', value: 'Coffee <orders>' },
    ]);
    assert.deepEqual(doc.sources, [
      {
        name: 'nuance_custom_data',
        displayName: 'nuance_custom_data',
        version: '1.0',
        type: 'CUSTOM',
        useForOOV: true,
      },
      { name: 'rejection', type: 'REJECTION', uri: 'https://example.com/rejection' },
    ]);
  });

  test('reads intents with links and concepts with every attribute and child', () => {
    assert.deepEqual(doc.intents, [
      {
        name: 'ORDER_COFFEE',
        sourceref: 'nuance_custom_data',
        links: [{ conceptref: 'COFFEE_SIZE' }, { conceptref: 'COFFEE_TYPE' }, { conceptref: 'nuance_CARDINAL_NUMBER' }],
      },
      { name: 'CANCEL', links: [] },
    ]);
    assert.deepEqual(doc.concepts, [
      {
        name: 'COFFEE_SIZE',
        dataType: 'alphanum',
        sourceref: 'nuance_custom_data',
        settings: [{ name: 'isSensitive', value: 'false' }],
        relations: [],
      },
      { name: 'COFFEE_TYPE', dataType: 'not_set', dynamic: true, settings: [], relations: [] },
      { name: 'LOYALTY_ID', dataType: 'digits', regex: '[0-9]{4}(?:-[0-9]{4})?<end>', settings: [], relations: [] },
      { name: 'NOTE', freetext: true, settings: [], relations: [] },
      { name: 'PICKUP_DATE', dataType: 'date', settings: [], relations: [{ type: 'isA', conceptref: 'DATE' }] },
      { name: 'ORDER_NUMBER', ruleGrammarFileName: 'grammars/order_number.grxml', settings: [], relations: [] },
    ]);
  });

  test('reads dictionaries and entries', () => {
    assert.deepEqual(doc.dictionaries, [
      {
        conceptref: 'COFFEE_SIZE',
        entries: [
          { literal: 'large', value: 'lg' },
          { literal: 'small', value: 'sm', protected: true },
          { literal: 'tall "one"', value: 'sm', sourceref: 'nuance_custom_data' },
        ],
      },
    ]);
  });

  test('reads samples with their attributes and exact mixed content, annotations nested', () => {
    const [first, second, third, fourth] = doc.samples;
    assert.deepEqual(first, {
      intentref: 'ORDER_COFFEE',
      count: 3,
      excluded: false,
      fullyVerified: true,
      content: [
        'I want a',
        { conceptref: 'COFFEE_SIZE', content: ['large'] },
        '\n            ',
        { conceptref: 'COFFEE_TYPE', content: ['latte'] },
        '\n        ',
      ],
    });
    assert.equal(second?.protected, true);
    assert.equal(second?.description, 'two & more');
    assert.equal(second?.sourceref, 'nuance_custom_data');
    const date = second?.content[1] as Annotation;
    assert.equal(date.conceptref, 'PICKUP_DATE');
    const inner = (date.content[1] as Annotation).content[1] as Annotation;
    assert.deepEqual(inner, { conceptref: 'nuance_CALENDARX', content: ['tomorrow'] });
    assert.equal(sampleText(third?.content ?? []), 'never mind & cancel');
    assert.equal(third?.count, undefined);
    assert.equal(fourth?.intentref, 'NO_INTENT');
  });

  test('the index maps model items and attributes back to their source ranges', () => {
    const intent = doc.intents[0];
    assert.ok(intent);
    const r = rangeOf(result.index, intent);
    assert.ok(text.slice(r?.start, r?.end).startsWith('<intent name="ORDER_COFFEE"'));
    const nameRange = attributeRangeOf(result.index, intent, 'name');
    assert.equal(text.slice(nameRange?.start, nameRange?.end), 'ORDER_COFFEE');
    const annotation = doc.samples[0]?.content[1] as Annotation;
    const ref = attributeRangeOf(result.index, annotation, 'conceptref');
    assert.equal(text.slice(ref?.start, ref?.end), 'COFFEE_SIZE');
    const entry = doc.dictionaries[0]?.entries[2];
    assert.ok(entry);
    const literal = attributeRangeOf(result.index, entry, 'literal');
    assert.equal(text.slice(literal?.start, literal?.end), 'tall &quot;one&quot;');
    for (const item of [
      ...doc.metadata,
      ...doc.sources,
      ...doc.concepts,
      ...doc.dictionaries,
      ...doc.samples,
      ...doc.intents.flatMap((i) => i.links),
    ]) {
      assert.ok(rangeOf(result.index, item), JSON.stringify(item));
    }
    assert.equal(result.index.sections.samples.length, 1);
    assert.equal(result.index.sections.project, result.tree.root);
  });

  test('a non-TRSX or malformed document yields an empty model and diagnostics, never a throw', () => {
    assert.deepEqual(parseTrsx('<grammar/>').document.samples, []);
    const broken = parseTrsx('<project xml:lang="eng-USA"><samples><sample intentref="A">x</samples>');
    assert.ok(broken.diagnostics.length > 0);
    assert.equal(broken.document.samples.length, 1);
    assert.deepEqual(
      parseTrsx('').diagnostics.map((d) => d.code),
      ['XML012'],
    );
  });

  test('adjacent text runs split by a comment are merged into one', () => {
    const r = parseTrsx('<project><samples><sample intentref="A">a<!-- c -->b</sample></samples></project>');
    assert.deepEqual(r.document.samples[0]?.content, ['ab']);
  });

  test('a custom namespace prefix is honoured', () => {
    const r = parseTrsx(
      '<project xmlns:n="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" n:version="2.5"/>',
    );
    assert.equal(r.document.version, '2.5');
  });
});
