// Hover, go to definition, find references, rename and symbols over the fixture project (two locales, a
// rule-based grammar) and the grammars folder (an external rule reference between two grammars).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Location } from '../../../src/core/language/types';
import { applyEdits, workspacePath } from './helpers';
import { at, COMMON, EN, FR, openFile, ORDER_GRAMMAR, servicesWith, YESNO } from './services';

function quoted(services: ReturnType<typeof servicesWith>, loc: Location): string {
  const text = services.projects.text(loc.path) ?? '';
  return text.slice(loc.range.start, loc.range.end);
}

describe('hover', () => {
  test('an intent: sample counts per locale and linked entities', () => {
    const s = servicesWith(EN);
    const hover = s.hover(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="C'.length));
    assert.ok(hover);
    assert.match(hover.markdown, /\*\*Intent\*\* `CANCEL`/);
    const order = s.hover(EN, at(s, EN, '<intent name="ORDER_COFFEE"', '<intent name="O'.length))?.markdown ?? '';
    assert.match(order, /en-US: 3 samples \(count 4\) · fr-CA: 2 samples/);
    assert.match(order, /Linked entities: `COFFEE_SIZE`, `DRINK`/);
    const greet = s.hover(EN, at(s, EN, 'intentref="GREET"', 'intentref="G'.length))?.markdown ?? '';
    assert.match(greet, /Not declared in this file/);
    assert.match(greet, /en-US: 1 sample · fr-CA: 1 sample\b/);
  });

  test('a concept: data type, settings, literals, usage; a predefined entity says so', () => {
    const s = servicesWith(EN);
    const md = s.hover(EN, at(s, EN, 'conceptref="COFFEE_SIZE">large', 'conceptref="C'.length))?.markdown ?? '';
    assert.match(md, /dataType `alphanum`/);
    assert.match(md, /Settings: isSensitive=`false`/);
    assert.match(md, /Literals: 2/);
    assert.match(md, /Used in 1 intent link, 1 annotation\./);
    const rule = s.hover(EN, at(s, EN, '<concept name="ORDER_NUMBER"', '<concept name="O'.length))?.markdown ?? '';
    assert.match(rule, /rule-based: `grammars\/order_number.grxml`/);
    const s2 = servicesWith();
    openFile(s2, EN, readFileSync(EN, 'utf8').replace('conceptref="DRINK">latte', 'conceptref="REF_THING">latte'));
    const referrer = s2.hover(EN, at(s2, EN, 'conceptref="REF_THING"', 'conceptref="R'.length))?.markdown ?? '';
    assert.match(referrer, /A predefined entity \(provided by the platform\)\. Referrer for a thing/);
  });

  test("a ruleref: the rule's first alternatives, also across grammar files", () => {
    const s = servicesWith(YESNO);
    const md = s.hover(YESNO, at(s, YESNO, '#yes', 2))?.markdown ?? '';
    assert.match(md, /\*\*Rule\*\* `yes` — private/);
    assert.match(md, /- yes\n- yeah\n- sure/);
    const external = s.hover(YESNO, at(s, YESNO, 'common.grxml#politeness', 'common.grxml#p'.length))?.markdown ?? '';
    assert.match(external, /`politeness` in common\.grxml — public, root/);
    assert.match(external, /- please\n- thanks/);
  });
});

describe('go to definition', () => {
  test('intentref → intent, conceptref → concept, dictionary ↔ concept, grammar file', () => {
    const s = servicesWith(EN);
    const [intent] = s.definition(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="C'.length));
    assert.ok(intent);
    assert.equal(quoted(s, intent), 'CANCEL');
    assert.ok(intent.range.start < at(s, EN, '<concepts>'), 'the declaration in <intents>');
    const [concept] = s.definition(EN, at(s, EN, 'conceptref="DRINK">', 'conceptref="D'.length));
    assert.ok(concept && concept.range.start === at(s, EN, '<concept name="DRINK"', '<concept name="'.length));
    const [fromDictionary] = s.definition(
      EN,
      at(s, EN, '<dictionary conceptref="COFFEE_SIZE"', '<dictionary conceptref="C'.length),
    );
    assert.ok(
      fromDictionary &&
        fromDictionary.range.start === at(s, EN, '<concept name="COFFEE_SIZE"', '<concept name="'.length),
    );
    const [toDictionary] = s.definition(EN, at(s, EN, '<concept name="COFFEE_SIZE"', '<concept name="C'.length));
    assert.ok(
      toDictionary &&
        toDictionary.range.start ===
          at(s, EN, '<dictionary conceptref="COFFEE_SIZE"', '<dictionary conceptref="'.length),
    );
    assert.deepEqual(s.definition(EN, at(s, EN, 'grammars/order_number', 3)), [
      { path: ORDER_GRAMMAR, range: { start: 0, end: 0 } },
    ]);
  });

  test('a name declared only in another locale goes there', () => {
    const s = servicesWith(EN);
    const [greet] = s.definition(EN, at(s, EN, 'intentref="GREET"', 'intentref="G'.length));
    assert.ok(greet);
    assert.equal(greet.path, FR);
    assert.equal(quoted(s, greet), 'GREET');
  });

  test('ruleref → rule, external ruleref → the rule in its file, root → rule', () => {
    const s = servicesWith(YESNO);
    const [local] = s.definition(YESNO, at(s, YESNO, '#no"', 2));
    assert.ok(local && quoted(s, local) === 'no' && local.path === YESNO);
    const [external] = s.definition(YESNO, at(s, YESNO, 'common.grxml#politeness', 'common.grxml#p'.length));
    assert.ok(external && external.path === COMMON && quoted(s, external) === 'politeness');
    const [file] = s.definition(YESNO, at(s, YESNO, 'common.grxml#politeness', 2));
    assert.deepEqual(file, { path: COMMON, range: { start: 0, end: 0 } }, 'on the file part: the file');
    const [root] = s.definition(YESNO, at(s, YESNO, 'root="answer"', 'root="a'.length));
    assert.ok(
      root &&
        quoted(s, root) === 'answer' &&
        root.range.start === at(s, YESNO, '<rule id="answer"', '<rule id="'.length),
    );
  });
});

describe('find references', () => {
  test('an intent: declarations and samples in every locale', () => {
    const s = servicesWith(EN);
    const refs = s.references(EN, at(s, EN, '<intent name="ORDER_COFFEE"', '<intent name="O'.length), true);
    assert.deepEqual(
      refs.map((r) => [r.path === EN ? 'en' : 'fr', quoted(s, r)]),
      [
        ['en', 'ORDER_COFFEE'],
        ['en', 'ORDER_COFFEE'],
        ['en', 'ORDER_COFFEE'],
        ['en', 'ORDER_COFFEE'],
        ['fr', 'ORDER_COFFEE'],
        ['fr', 'ORDER_COFFEE'],
        ['fr', 'ORDER_COFFEE'],
      ],
    );
    assert.equal(s.references(EN, at(s, EN, '<intent name="ORDER_COFFEE"', '<intent name="O'.length), false).length, 5);
  });

  test('a concept: links, dictionary and annotations in every locale', () => {
    const s = servicesWith(EN);
    const refs = s.references(EN, at(s, EN, 'conceptref="COFFEE_SIZE">large', 'conceptref="C'.length), false);
    assert.equal(refs.filter((r) => r.path === EN).length, 3, 'link, dictionary, annotation');
    assert.equal(refs.filter((r) => r.path === FR).length, 2, 'link, annotation');
    assert.ok(refs.every((r) => quoted(s, r) === 'COFFEE_SIZE'));
  });

  test('a rule: local references and references from the grammars beside it', () => {
    const s = servicesWith(COMMON);
    const refs = s.references(COMMON, at(s, COMMON, '<rule id="politeness"', '<rule id="p'.length), true);
    assert.deepEqual(
      refs.map((r) => [r.path === COMMON ? 'common' : r.path === YESNO ? 'yesno' : r.path, quoted(s, r)]),
      [
        ['common', 'politeness'],
        ['common', 'politeness'],
        ['yesno', 'politeness'],
      ],
    );
  });
});

describe('rename', () => {
  test('an intent across the locale files', () => {
    const s = servicesWith(EN);
    const edits = s.rename(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="C'.length), 'STOP');
    assert.deepEqual(
      edits.map((e) => [e.path, e.edits.length]),
      [
        [EN, 2],
        [FR, 1],
      ],
    );
    const en = applyEdits(readFileSync(EN, 'utf8'), edits[0]?.edits ?? []);
    assert.match(en, /<intent name="STOP"\/>/);
    assert.match(en, /<sample intentref="STOP">cancel my order/);
    assert.equal(s.prepareRename(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="C'.length)).placeholder, 'CANCEL');
  });

  test('refuses platform names, invalid names and names in use', () => {
    const s = servicesWith(EN);
    const size = at(s, EN, '<concept name="COFFEE_SIZE"', '<concept name="C'.length);
    assert.throws(() => s.rename(EN, size, 'big size'), /not a valid concept name/);
    assert.throws(() => s.rename(EN, size, 'DRINK'), /already exists/);
    assert.throws(
      () => s.rename(EN, at(s, EN, 'intentref="CANCEL"', 'intentref="C'.length), 'GREET'),
      /already exists/,
      'GREET is declared in fr-CA',
    );
    assert.throws(() => s.prepareRename(EN, at(s, EN, '<samples>', 2)), /Put the cursor on an intent or concept/);
    const concept = s.rename(EN, size, 'CUP_SIZE');
    assert.equal(concept.find((f) => f.path === EN)?.edits.length, 4, 'declaration, link, dictionary, annotation');
  });

  test('a rule id: its references, the root attribute and references from other grammars', () => {
    const s = servicesWith(COMMON);
    const edits = s.rename(COMMON, at(s, COMMON, '<rule id="politeness"', '<rule id="p'.length), 'courtesy');
    const common = applyEdits(readFileSync(COMMON, 'utf8'), edits.find((e) => e.path === COMMON)?.edits ?? []);
    assert.match(common, /root="courtesy"/);
    assert.match(common, /<rule id="courtesy" scope="public">/);
    const yesno = applyEdits(readFileSync(YESNO, 'utf8'), edits.find((e) => e.path === YESNO)?.edits ?? []);
    assert.match(yesno, /uri="common\.grxml#courtesy"/);
    assert.throws(() => s.rename(COMMON, at(s, COMMON, '<rule id="politeness"', 12), 'GARBAGE'), /not a legal rule id/);
  });
});

describe('symbols', () => {
  test('TRSX outline: intents, concepts, dictionaries, samples grouped by intent', () => {
    const s = servicesWith(EN);
    const outline = s.documentSymbols(EN);
    assert.deepEqual(
      outline.map((o) => [o.name, o.children.map((c) => c.name)]),
      [
        ['Intents', ['ORDER_COFFEE', 'CANCEL']],
        ['Concepts', ['COFFEE_SIZE', 'DRINK', 'ORDER_NUMBER']],
        ['Dictionaries', ['COFFEE_SIZE']],
        ['Samples', ['ORDER_COFFEE', 'CANCEL', 'GREET']],
      ],
    );
    const samples = outline[3]?.children[0];
    assert.deepEqual(
      samples?.children.map((c) => c.name),
      ['a large latte please', 'I want a coffee', 'I want a coffee'],
    );
    assert.equal(outline[0]?.children[0]?.detail, '3 samples');
  });

  test('GrXML outline and workspace symbols', () => {
    const s = servicesWith(YESNO);
    assert.deepEqual(
      s.documentSymbols(YESNO).map((r) => [r.name, r.detail]),
      [
        ['answer', 'public · root'],
        ['yes', 'private'],
        ['no', 'private'],
      ],
    );
    const files = [EN, FR, ORDER_GRAMMAR, YESNO, workspacePath('grammars', 'pin.grxml')];
    const found = s.workspaceSymbols(files, 'ordr').map((x) => `${x.kind}:${x.name}@${x.container}`);
    assert.deepEqual(found, [
      'intent:ORDER_COFFEE@en-US',
      'concept:ORDER_NUMBER@en-US',
      'intent:ORDER_COFFEE@fr-CA',
      'concept:ORDER_NUMBER@fr-CA',
      'rule:order_number@order_number.grxml',
    ]);
  });
});
