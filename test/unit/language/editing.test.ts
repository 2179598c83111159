// Formatting (lossless: TRSX through formatTrsx, GrXML through the layout-only formatter, checked by comparing
// the grammar models), code actions (declare, remove duplicate, fix root, normalize repeat) and CodeLens data.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../src/core/formats/diagnostic';
import { parseGrxml } from '../../../src/core/formats/grxml/parse';
import { validateGrxml } from '../../../src/core/formats/grxml/validate';
import { formatTrsx } from '../../../src/core/formats/trsx/format';
import { checkTrsx } from '../../../src/core/formats/trsx/validate';
import { formatGrxml, whitespaceEdits } from '../../../src/core/language/formatting';
import { normalizeRepeat } from '../../../src/core/language/grxml/repeat';
import { applyEdits, corpusFolder } from './helpers';
import { at, EN, openFile, servicesWith, YESNO } from './services';

const POSITIONS = new Set(['range', 'idRange', 'start', 'end', 'idStart', 'idEnd', 'rulesById']);

/** The grammar model without positions: what formatting must not change (`kind` lives on the model's prototypes). */
function shape(text: string): string {
  const { grammar } = parseGrxml(text);
  return JSON.stringify(grammar, (key, value: unknown) => {
    if (POSITIONS.has(key)) return undefined;
    return value !== null && typeof value === 'object' && 'kind' in value && !Object.hasOwn(value, 'kind')
      ? { ...value, kind: value.kind }
      : value;
  });
}

const MESSY_GRAMMAR = `<?xml version="1.0"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main" tag-format="semantics/1.0"><rule id="main" scope="public">
<one-of><item>new   york<tag>out = "NY";   </tag></item>
      <item><token>los angeles</token></item></one-of>
       <item repeat="0-1"><ruleref uri="#please"/>  <ruleref special="GARBAGE"/></item></rule>
   <rule id="please"> please </rule>
</grammar>`;

describe('formatting', () => {
  test("TRSX: the edits give exactly formatTrsx's output", () => {
    const messy = readFileSync(EN, 'utf8').replace(/\n\s+</g, '\n<');
    const s = servicesWith();
    openFile(s, EN, messy);
    const edits = s.formatting(EN, { tabSize: 4, insertSpaces: true });
    assert.ok(edits.length > 10, 'one edit per changed whitespace run');
    assert.equal(applyEdits(messy, edits), formatTrsx(messy, { indent: 4 }));
  });

  test('TRSX: the file keeps its own indentation unless cstudio.format.indent says otherwise', () => {
    const twoSpaces = formatTrsx(readFileSync(EN, 'utf8'), { indent: 2 });
    const s = servicesWith();
    openFile(s, EN, twoSpaces);
    assert.deepEqual(s.formatting(EN, { tabSize: 4, insertSpaces: true }), [], 'auto (the default) keeps 2 spaces');
    assert.deepEqual(s.formatting(EN, { tabSize: 4, insertSpaces: true, trsxIndent: 'auto' }), []);
    assert.equal(
      applyEdits(twoSpaces, s.formatting(EN, { tabSize: 4, insertSpaces: false, trsxIndent: 'editor' })),
      formatTrsx(twoSpaces, { indent: 'tab' }),
    );
    assert.equal(
      applyEdits(twoSpaces, s.formatting(EN, { tabSize: 3, insertSpaces: true, trsxIndent: 'editor' })),
      formatTrsx(twoSpaces, { indent: 3 }),
    );
    assert.equal(
      applyEdits(twoSpaces, s.formatting(EN, { tabSize: 2, insertSpaces: true, trsxIndent: 4 })),
      formatTrsx(twoSpaces, { indent: 4 }),
    );
  });

  test('GrXML: layout changes, words, tokens and tags do not', () => {
    const formatted = formatGrxml(MESSY_GRAMMAR);
    assert.equal(shape(formatted), shape(MESSY_GRAMMAR));
    assert.equal(formatGrxml(formatted), formatted, 'idempotent');
    assert.match(
      formatted,
      /\n {2}<rule id="main" scope="public">\n {4}<one-of>\n {6}<item>new {3}york<tag>out = "NY"; {3}<\/tag><\/item>/,
    );
    assert.match(formatted, /<rule id="please"> please <\/rule>/, 'a rule with words is copied as written');
    const s = servicesWith();
    openFile(s, '/tmp/messy.grxml', MESSY_GRAMMAR);
    assert.equal(
      applyEdits(MESSY_GRAMMAR, s.formatting('/tmp/messy.grxml', { tabSize: 2, insertSpaces: false })),
      formatGrxml(MESSY_GRAMMAR, '\t'),
    );
    assert.equal(formatGrxml('<grammar><rule id="a">'), '<grammar><rule id="a">', 'malformed input is left alone');
  });

  test('GrXML: every corpus grammar keeps its model', (t) => {
    const dir = corpusFolder('grxml/jvoicexml');
    if (!dir) {
      t.skip('corpus not found at ../shared/corpus/grxml/jvoicexml');
      return;
    }
    let formattedCount = 0;
    for (const name of readdirSync(dir).filter((n) => /\.(grxml|srgs)$/.test(n))) {
      const text: string = readFileSync(join(dir, name), 'latin1');
      const formatted = formatGrxml(text);
      if (formatted !== text) formattedCount++;
      assert.equal(shape(formatted), shape(text), name);
      assert.equal(formatGrxml(formatted), formatted, `${name}: idempotent`);
    }
    assert.ok(formattedCount > 5);
  });

  test('whitespace edits fall back to one edit when more than whitespace differs', () => {
    assert.deepEqual(whitespaceEdits('<a> <b/></a>', '<a>\n  <b/>\n</a>'), [
      { range: { start: 3, end: 4 }, newText: '\n  ' },
      { range: { start: 8, end: 8 }, newText: '\n' },
    ]);
    assert.deepEqual(whitespaceEdits('abc', 'abd'), [{ range: { start: 2, end: 3 }, newText: 'd' }]);
  });
});

function diagnosticsOf(text: string): Diagnostic[] {
  return checkTrsx(text);
}

describe('code actions', () => {
  test('declare a missing intent, then the diagnostic is gone', () => {
    const s = servicesWith(EN);
    const text = readFileSync(EN, 'utf8');
    const missing = diagnosticsOf(text).filter((d) => d.code === 'TRSX020');
    const actions = s.codeActions(EN, missing[0]?.range ?? { start: 0, end: 0 }, missing);
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Declare intent 'GREET'"],
    );
    const fixed = applyEdits(text, actions[0]?.edits[0]?.edits ?? []);
    assert.match(fixed, /\n {6}<intent name="CANCEL"\/>\n {6}<intent name="GREET"\/>\n {4}<\/intents>/);
    assert.equal(diagnosticsOf(fixed).filter((d) => d.code === 'TRSX020').length, 0);
  });

  test('declare a missing concept into an empty <concepts/>', () => {
    const text = readFileSync(EN, 'utf8').replace(/<concepts>[\s\S]*<\/concepts>/, '<concepts/>');
    const s = servicesWith();
    openFile(s, EN, text);
    const missing = diagnosticsOf(text).filter(
      (d) => d.code === 'TRSX021' && text.slice(d.range.start, d.range.end) === 'DRINK',
    );
    const [action] = s.codeActions(EN, missing[0]?.range ?? { start: 0, end: 0 }, missing);
    assert.equal(action?.title, "Declare concept 'DRINK'");
    const fixed = applyEdits(text, action?.edits[0]?.edits ?? []);
    assert.match(fixed, /<concepts>\n {6}<concept name="DRINK"\/>\n {4}<\/concepts>/);
    assert.ok(
      !diagnosticsOf(fixed).some((d) => d.code === 'TRSX021' && fixed.slice(d.range.start, d.range.end) === 'DRINK'),
    );
  });

  test('an unknown conceptref is offered the nearest declared names before "declare" (did you mean COFFEE_SIZE?)', () => {
    const text = readFileSync(EN, 'utf8').replace(
      '<annotation conceptref="COFFEE_SIZE">large',
      '<annotation conceptref="COFEE_SIZE">large',
    );
    const s = servicesWith();
    openFile(s, EN, text);
    const missing = diagnosticsOf(text).filter(
      (d) => d.code === 'TRSX021' && text.slice(d.range.start, d.range.end) === 'COFEE_SIZE',
    );
    assert.equal(missing.length, 1);
    const actions = s.codeActions(EN, missing[0]?.range ?? { start: 0, end: 0 }, missing);
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Did you mean 'COFFEE_SIZE'? (replace 'COFEE_SIZE')", "Declare concept 'COFEE_SIZE'"],
    );
    assert.equal(actions[0]?.preferred, true);
    assert.equal(actions[1]?.preferred, false);
    const fixed = applyEdits(text, actions[0]?.edits[0]?.edits ?? []);
    assert.equal(fixed, readFileSync(EN, 'utf8'));
  });

  test('an intentref typo is offered the declared intent; a name far from every declared one (GREET) only "declare"', () => {
    const text = readFileSync(EN, 'utf8').replace('intentref="CANCEL"', 'intentref="CANCL"');
    const s = servicesWith();
    openFile(s, EN, text);
    const missing = diagnosticsOf(text).filter((d) => d.code === 'TRSX020');
    const titles = missing.flatMap((d) => s.codeActions(EN, d.range, [d]).map((a) => a.title));
    assert.ok(titles.includes("Did you mean 'CANCEL'? (replace 'CANCL')"), titles.join(' | '));
    assert.ok(
      titles.includes("Declare intent 'GREET'") && !titles.some((t) => t.includes("replace 'GREET'")),
      titles.join(' | '),
    );
  });

  test('remove a duplicate sample, adding its count to the first', () => {
    const s = servicesWith(EN);
    const text = readFileSync(EN, 'utf8');
    const dup = diagnosticsOf(text).filter((d) => d.code === 'TRSX032');
    const actions = s.codeActions(EN, dup[0]?.range ?? { start: 0, end: 0 }, dup);
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Remove duplicate sample and raise the first one's count to 2", 'Remove duplicate sample'],
    );
    const merged = applyEdits(text, actions[0]?.edits[0]?.edits ?? []);
    assert.equal(merged.match(/I want a coffee/g)?.length, 1);
    assert.match(
      merged,
      /<sample intentref="ORDER_COFFEE" count="2">I want a coffee<\/sample>\n {4}<sample intentref="CANCEL">/,
    );
    assert.equal(diagnosticsOf(merged).filter((d) => d.code === 'TRSX032').length, 0);
  });

  test('fix the root attribute; normalize repeat syntax', () => {
    const text = readFileSync(YESNO, 'utf8')
      .replace('root="answer"', 'root="answr"')
      .replace('repeat="0-1"', 'repeat="?"');
    const s = servicesWith();
    openFile(s, YESNO, text);
    const diagnostics = validateGrxml(parseGrxml(text, { uri: YESNO }));
    const relevant = diagnostics.filter((d) => d.code === 'SRGS007' || d.code === 'SRGS014');
    assert.equal(relevant.length, 2);
    const actions = s.codeActions(YESNO, relevant[0]?.range ?? { start: 0, end: 0 }, relevant);
    assert.deepEqual(
      actions.map((a) => a.title),
      ["Set root to 'answer'", "Set root to 'yes'", "Set root to 'no'", 'Normalize repeat: "?" → "0-1" (optional)'],
    );
    const fixed = applyEdits(text, [...(actions[0]?.edits[0]?.edits ?? []), ...(actions[3]?.edits[0]?.edits ?? [])]);
    assert.equal(fixed, readFileSync(YESNO, 'utf8'));
  });

  test('repeat forms', () => {
    const table: Array<[string, string | undefined]> = [
      ['*', '0-'],
      ['+', '1-'],
      ['?', '0-1'],
      ['0..1', '0-1'],
      ['{2,5}', '2-5'],
      ['3-1', '1-3'],
      ['1-1', undefined],
      ['1', undefined],
      ['02', '2'],
      ['2 - 4', '2-4'],
      ['1+', '1-'],
      ['0', '0'],
      ['{3}', '3'],
      ['2,', '2-'],
    ];
    for (const [input, expected] of table) assert.equal(normalizeRepeat(input)?.value, expected, input);
    assert.equal(normalizeRepeat('often'), undefined);
    const s = servicesWith();
    const text = readFileSync(YESNO, 'utf8').replace('repeat="0-1"', 'repeat="1-1"');
    openFile(s, YESNO, text);
    const offset = text.indexOf('repeat="1-1"') + 3;
    const [refactor] = s.codeActions(YESNO, { start: offset, end: offset }, []);
    assert.equal(refactor?.title, 'Normalize repeat: remove repeat="1-1" (exactly once is the default)');
    assert.match(
      applyEdits(text, refactor?.edits[0]?.edits ?? []),
      /<item><ruleref uri="common\.grxml#politeness"\/><\/item>/,
    );
  });
});

describe('code lenses', () => {
  test('sample counts on intents (with the other locale), Test Grammar on public rules', () => {
    const s = servicesWith(EN, YESNO);
    const lenses = s.codeLenses(EN);
    assert.deepEqual(
      lenses.map((l) => l.title),
      ['3 samples (en-US) · fr-CA 2', '1 sample (en-US) · fr-CA 0'],
    );
    assert.ok(lenses.every((l) => l.kind === 'references'));
    assert.deepEqual(
      s.codeLenses(YESNO).map((l) => (l.kind === 'testGrammar' ? l.rule : '')),
      ['answer'],
    );
    const offset = at(s, EN, 'ORDER_COFFEE');
    assert.equal(lenses[0]?.range.start, offset);
  });
});
