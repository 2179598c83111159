// Completion items shared by the TRSX and GrXML completion providers (core/language/xml/completionItems.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { valueCompletions } from '../../../src/core/language/xml/completionItems';
import { at, EN, openFile, servicesWith, YESNO } from './services';

const context = {
  kind: 'attributeValue',
  element: 'ruleref',
  attribute: 'uri',
  prefix: '#',
  range: { start: 20, end: 24 },
  tagStart: 5,
} as const;

describe('valueCompletions', () => {
  test('keeps the given order through sortText, also across lists that continue one another', () => {
    const own = valueCompletions(context, ['#zeta', '#alpha'], 'rule');
    const more = valueCompletions(context, ['b.grxml', 'a.grxml'], 'file', { first: own.length });
    const all = [...own, ...more];
    const sorted = [...all].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(
      sorted.map((i) => i.label),
      ['#zeta', '#alpha', 'b.grxml', 'a.grxml'],
    );
    for (const item of all) {
      assert.deepEqual(item.range, context.range);
      assert.equal(item.insertText, item.label);
    }
  });

  test('details and documentation only where the callbacks give them', () => {
    const [yes, no] = valueCompletions(context, ['true', 'false'], 'keyword', {
      detail: (v) => (v === 'true' ? 'on' : undefined),
      documentation: (v) => (v === 'true' ? 'Turns it on.' : undefined),
    });
    assert.deepEqual([yes?.detail, yes?.documentation], ['on', 'Turns it on.']);
    assert.ok(no && !('detail' in no) && !('documentation' in no));
  });

  test('after `</`, TRSX and GrXML both offer the close tag of the open element, its `>` unless written', () => {
    for (const [path, element] of [
      [EN, 'samples'],
      [YESNO, 'grammar'],
    ] as const) {
      const text = readFileSync(path, 'utf8');
      const cut = text.lastIndexOf(`</${element}>`);
      for (const [typed, insertText] of [
        ['</', `${element}>`],
        ['</>', element],
      ] as const) {
        const s = servicesWith();
        openFile(s, path, text.slice(0, cut) + typed + text.slice(cut + element.length + 3));
        const items = s.completion(path, cut + 2);
        assert.deepEqual(
          items.map((i) => [i.label, i.kind, i.insertText, i.detail]),
          [[`/${element}`, 'closeTag', insertText, `closes <${element}>`]],
          `${path} ${typed}`,
        );
      }
    }
  });

  test("attribute names: those the tag lacks, as snippets; GrXML leaves out VoiceXML's, TRSX says which are required", () => {
    const s = servicesWith(YESNO, EN);
    const grammarTag = at(s, YESNO, '<grammar', '<grammar'.length);
    s.documents.get(YESNO)?.update(2, [{ start: grammarTag, end: grammarTag, text: ' ' }]);
    const grammar = s.completion(YESNO, grammarTag + 1);
    assert.deepEqual(grammar.map((i) => i.label).sort(), ['mode', 'xml:base']);
    for (const item of grammar) assert.deepEqual([item.insertText, item.snippet], [`${item.label}="$1"`, true]);
    const sampleTag = at(s, EN, 'intentref="ORDER_COFFEE">', 'intentref="ORDER_COFFEE"'.length);
    s.documents.get(EN)?.update(2, [{ start: sampleTag, end: sampleTag, text: ' ' }]);
    const sample = s.completion(EN, sampleTag + 1);
    assert.ok(sample.length > 0 && !sample.some((i) => i.label === 'intentref'));
    for (const item of sample) {
      assert.deepEqual([item.insertText, item.snippet], [`${item.label}="$1"`, true]);
      assert.match(item.detail ?? '', /^(required|optional)$/);
    }
  });
});
