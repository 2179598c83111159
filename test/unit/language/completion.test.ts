// Completion in context, on the fixture project: values drawn from this file and the other locale, predefined
// entities, schema element and attribute names, SRGS rule references and repeat forms — and while markup is
// half-written, which is when completion is needed most.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeNameAfterSlash, closeTagAfterGt } from '../../../src/core/language/xml/autoClose';
import { tagContextAt, openElementsBetween } from '../../../src/core/language/xml/cursorContext';
import { at, EN, servicesWith, YESNO } from './services';

const labels = (items: Array<{ label: string }>): string[] => items.map((i) => i.label);

describe('TRSX completion', () => {
  test('intentref values: this file, the other locale, special intents', () => {
    const s = servicesWith(EN);
    const items = s.completion(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="'.length));
    assert.deepEqual(labels(items).slice(0, 2), ['ORDER_COFFEE', 'CANCEL']);
    assert.ok(labels(items).includes('GREET'), 'GREET comes from fr-CA');
    assert.match(items.find((i) => i.label === 'GREET')?.detail ?? '', /declared in fr-CA/);
    assert.match(items.find((i) => i.label === 'ORDER_COFFEE')?.detail ?? '', /3 samples/);
    assert.ok(labels(items).includes('NO_INTENT'));
    const item = items[0];
    const valueStart = at(s, EN, 'intentref="CANCEL"', 'intentref="'.length);
    assert.deepEqual(
      item?.range,
      { start: valueStart, end: valueStart + 'CANCEL'.length },
      'the whole value is replaced',
    );
  });

  test('conceptref values: declared concepts, then predefined entities; dictionaries only declared ones', () => {
    const s = servicesWith(EN);
    const annotation = labels(s.completion(EN, at(s, EN, 'conceptref="DRINK">latte', 'conceptref="'.length)));
    assert.deepEqual(annotation.slice(0, 3), ['COFFEE_SIZE', 'DRINK', 'ORDER_NUMBER']);
    assert.ok(annotation.includes('nuance_CARDINAL_NUMBER') && annotation.includes('DATE'));
    for (const referrer of ['REF_MOMENT', 'REF_PERSON', 'REF_PLACE', 'REF_THING'])
      assert.ok(annotation.includes(referrer), referrer);
    const place = s
      .completion(EN, at(s, EN, 'conceptref="DRINK">latte', 'conceptref="'.length))
      .find((c) => c.label === 'REF_PLACE');
    assert.match(place?.detail ?? '', /predefined entity · Referrer for a place/);
    const dictionary = labels(
      s.completion(EN, at(s, EN, '<dictionary conceptref="', '<dictionary conceptref="'.length)),
    );
    assert.deepEqual(dictionary, ['COFFEE_SIZE', 'DRINK', 'ORDER_NUMBER']);
  });

  test('while an annotation is being typed (the document is not well-formed), concepts are offered', () => {
    const s = servicesWith(EN);
    const doc = s.documents.get(EN);
    assert.ok(doc);
    const where = at(s, EN, 'I want a coffee', 'I want a '.length);
    doc.trsx();
    doc.update(2, [{ start: where, end: where, text: '<annotation conceptref="CO' }]);
    const items = s.completion(EN, where + '<annotation conceptref="CO'.length);
    assert.ok(labels(items).includes('COFFEE_SIZE'));
    assert.deepEqual(items[0]?.range, {
      start: where + '<annotation conceptref="'.length,
      end: where + '<annotation conceptref="CO'.length,
    });
    assert.equal(doc.trsxForNames().current, false, 'completion did not need a full parse');
  });

  test('element names follow the schema; a new tag gets a snippet with its required attributes', () => {
    const s = servicesWith(EN);
    const doc = s.documents.get(EN);
    assert.ok(doc);
    const inSample = at(s, EN, 'I want a coffee', 2);
    doc.update(2, [{ start: inSample, end: inSample, text: '<' }]);
    const inner = s.completion(EN, inSample + 1);
    assert.deepEqual(labels(inner), ['annotation']);
    assert.equal(inner[0]?.insertText, 'annotation conceptref="${1}">$0</annotation>');
    const betweenSamples = at(s, EN, '    <sample intentref="CANCEL"');
    doc.update(3, [{ start: betweenSamples, end: betweenSamples, text: '<s' }]);
    assert.deepEqual(labels(s.completion(EN, betweenSamples + 2)), ['sample']);
    const inOntology = at(s, EN, '<concepts>', '<concepts>'.length);
    doc.update(4, [{ start: inOntology, end: inOntology, text: '<' }]);
    assert.deepEqual(labels(s.completion(EN, inOntology + 1)), ['concept']);
  });

  test('attribute names leave out those present; values of data types, booleans, relation types', () => {
    const s = servicesWith(EN);
    const tagEnd = at(s, EN, 'intentref="ORDER_COFFEE">I want', 'intentref="ORDER_COFFEE"'.length);
    s.documents.get(EN)?.update(2, [{ start: tagEnd, end: tagEnd, text: ' ' }]);
    const names = labels(s.completion(EN, tagEnd + 1));
    assert.ok(!names.includes('intentref'));
    assert.ok(names.includes('count') && names.includes('excluded'));
    const dataTypes = labels(s.completion(EN, at(s, EN, 'dataType="alphanum"', 'dataType="'.length)));
    assert.ok(dataTypes.includes('date') && dataTypes.includes('not_set'));
    const doc = s.documents.get(EN);
    assert.ok(doc);
    const tag = at(s, EN, '<concept name="DRINK"', '<concept name="DRINK"'.length);
    doc.update(3, [{ start: tag, end: tag, text: ' dynamic="' }]);
    assert.deepEqual(labels(s.completion(EN, tag + ' dynamic="'.length)), ['true', 'false']);
  });

  test('ruleGrammarFileName offers the grammars of the locale folder', () => {
    const s = servicesWith(EN);
    const items = labels(s.completion(EN, at(s, EN, 'ruleGrammarFileName="', 'ruleGrammarFileName="'.length)));
    assert.deepEqual(items, ['grammars/order_number.grxml', 'grammars/unused.grxml']);
  });
});

describe('GrXML completion', () => {
  test('ruleref uri: local #ids, then rules of the grammars beside it', () => {
    const s = servicesWith(YESNO);
    const items = labels(s.completion(YESNO, at(s, YESNO, '#yes"', 1)));
    assert.deepEqual(items.slice(0, 3), ['#answer', '#yes', '#no']);
    assert.ok(items.includes('common.grxml#politeness'));
    assert.ok(items.includes('common.grxml'), 'a whole grammar (its root rule)');
    assert.ok(items.includes('pin.grxml#pin'));
  });

  test('repeat forms, special rules, scopes and element snippets', () => {
    const s = servicesWith(YESNO);
    assert.deepEqual(labels(s.completion(YESNO, at(s, YESNO, 'repeat="0-1"', 'repeat="'.length))), [
      '0-1',
      '1-',
      '0-',
      '2',
      '1-3',
    ]);
    assert.deepEqual(labels(s.completion(YESNO, at(s, YESNO, 'scope="public"', 'scope="'.length))), [
      'public',
      'private',
    ]);
    const doc = s.documents.get(YESNO);
    assert.ok(doc);
    const inRule = at(s, YESNO, '<one-of>', 0, 1);
    doc.update(2, [{ start: inRule, end: inRule, text: '<ruleref special="' }]);
    assert.deepEqual(labels(s.completion(YESNO, inRule + '<ruleref special="'.length)), ['NULL', 'VOID', 'GARBAGE']);
    doc.update(3, [{ start: inRule, end: inRule + '<ruleref special="'.length, text: '<' }]);
    const elements = s.completion(YESNO, inRule + 1);
    assert.deepEqual(labels(elements), ['token', 'ruleref', 'item', 'one-of', 'tag', 'example']);
    assert.equal(elements.find((e) => e.label === 'ruleref')?.insertText, 'ruleref uri="#$1"/>');
  });
});

describe('cursor context', () => {
  test('reads half-written tags', () => {
    const text = '<a><b x="1" y="ab';
    assert.deepEqual(tagContextAt(text, text.length), {
      kind: 'attributeValue',
      element: 'b',
      attribute: 'y',
      prefix: 'ab',
      range: { start: 15, end: 17 },
      tagStart: 3,
    });
    assert.equal(tagContextAt('<a><b x="1" ', 12).kind, 'attributeName');
    assert.deepEqual(tagContextAt('<a><bo', 6), {
      kind: 'elementName',
      prefix: 'bo',
      range: { start: 4, end: 6 },
      tagStart: 3,
    });
    assert.equal(tagContextAt('<a>text', 7).kind, 'content');
    assert.equal(tagContextAt('<a><!-- <b x="', 14).kind, 'none');
    assert.equal(tagContextAt('<a></', 5).kind, 'closeTag');
  });

  test('tracks open elements across an edited span', () => {
    const text = '<s><a x="1">t</a><b><c/>';
    assert.deepEqual(openElementsBetween(text, 3, text.length, ['p', 's']), ['p', 's', 'b']);
    assert.deepEqual(openElementsBetween('</s><x', 0, 6, ['p', 's']), ['p']);
  });
});

describe('auto-closing tags', () => {
  test('after the > of an open tag, its close tag', () => {
    const close = (text: string): string | undefined => closeTagAfterGt(text, text.length);
    assert.equal(close('<samples>'), '</samples>');
    assert.equal(close('<sample intentref="A" count="2">'), '</sample>');
    assert.equal(close("<annotation conceptref='X' >"), '</annotation>');
    assert.equal(close('<link conceptref="A"/>'), undefined, 'self-closing');
    assert.equal(close('</sample>'), undefined, 'a close tag');
    assert.equal(close('<sample intentref="a>'), undefined, 'inside a value');
    assert.equal(close('<a>x >'), undefined, 'a > in text');
    assert.equal(close('<!-- <a>'), undefined, 'in a comment');
    assert.equal(closeTagAfterGt('<a></a>', 3), undefined, 'already closed');
  });

  test('after </, the name of the element open there', () => {
    assert.equal(closeNameAfterSlash('<a><b></', 8, ['a', 'b']), 'b>');
    assert.equal(closeNameAfterSlash('<a></b', 5, ['a']), undefined, 'a name follows already');
    assert.equal(closeNameAfterSlash('a/', 2, ['a']), undefined);
  });
});
