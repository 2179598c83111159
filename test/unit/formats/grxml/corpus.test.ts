// Real-world grammars from ../shared/corpus/grxml: every file is judged (valid or invalid, with the exact error
// codes), and where the source project states expected parses or semantic results, they are checked.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchGrammar, matchSentence } from '../../../../src/core/formats/grxml/match';
import type { Grammar } from '../../../../src/core/formats/grxml/model';
import { createFileResolver } from '../../../../src/core/formats/grxml/resolveFile';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';
import { corpusFolder, loadFile, tags } from './helpers';
import { judgeIrTests } from './irSuite';

const JVOICEXML = corpusFolder('jvoicexml');

/**
 * Expected error codes per JVoiceXML file (empty = valid). JVoiceXML's own test only calls invalid1..4 invalid
 * (VoiceXML src/srcexpr misuse, SRGS039). The others below are invalid as stand-alone SRGS 1.0 documents, for the
 * same reasons the W3C SRGS implementation-report tests refuse them (no-namespace, no-version, language-missing,
 * undefined-root, ruleref-nonexistent-local) or the schema does (one-of holds only items, no text in <grammar>):
 * - the org.jvoicexml.srgs test grammars omit xmlns (JVoiceXML's own parser is lax about it): SRGS002;
 *   MediumGrammar and ExternalChild also put <tag> directly in <one-of> (SRGS025); defaultAssignment4 puts
 *   <ruleref>s there (SRGS025, and the one-of has no item: SRGS026). They still match (see below).
 * - object_verb.srgs is a template: a literal "%s" where generated rules go (SRGS027) and references to the rules
 *   it would receive (SRGS019); it also puts scope="public" on <grammar>, which the schema's Grammar.attribs
 *   does not allow (SRGS049), as do the demo's standard.srgs, janein.srgs and numbers.srgs: they still match.
 * - srgs-namespace-test.srgs tests prefixed namespaces; its root rule "visualizationCommand" is not defined (SRGS007).
 * - valid3.grxml (voice, no xml:lang) and 338Grammar.grxml (bare <grammar>) are VoiceXML inline grammars that
 *   inherit namespace, version and language from the enclosing VoiceXML document; stand-alone they are not legal.
 * valid1/valid2 are VoiceXML references (src / srcexpr, no rules): valid, reported as SRGS040 info.
 */
const JVOICEXML_ERRORS: Readonly<Record<string, readonly string[]>> = {
  'org.jvoicexml.demo.inputdemo__src__main__resources__movies.srgs': [],
  'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__pizza-de.srgs': [],
  'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__pizza.srgs': [],
  'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__yesno.srgs': [],
  'org.jvoicexml.demo.talkingheaddemo__src__main__config__templates__object_verb.srgs': [
    'SRGS019',
    'SRGS019',
    'SRGS019',
    'SRGS019',
    'SRGS027',
    'SRGS049',
  ],
  'org.jvoicexml.demo.talkingheaddemo__src__main__config__voiceXML__generated__standard.srgs': ['SRGS049'],
  'org.jvoicexml.demo.talkingheaddemo__src__main__config__voiceXML__janein.srgs': ['SRGS049'],
  'org.jvoicexml.demo.talkingheaddemo__src__main__config__voiceXML__numbers.srgs': ['SRGS049'],
  'org.jvoicexml.implementation.kinect__src__main__cpp__SpeechBasics-D2D.grxml': [],
  'org.jvoicexml.implementation.text__src__test__resources__SimpleGrammar.srgs': [],
  'org.jvoicexml.srgs__src__test__resources__ExternalChild.srgs': ['SRGS002', 'SRGS025', 'SRGS025'],
  'org.jvoicexml.srgs__src__test__resources__ExternalParent.srgs': ['SRGS002'],
  'org.jvoicexml.srgs__src__test__resources__Literal1.srgs': [],
  'org.jvoicexml.srgs__src__test__resources__MediumGrammar.srgs': ['SRGS002', 'SRGS025', 'SRGS025'],
  'org.jvoicexml.srgs__src__test__resources__defaultAssignment1.srgs': ['SRGS002'],
  'org.jvoicexml.srgs__src__test__resources__defaultAssignment2.srgs': ['SRGS002'],
  'org.jvoicexml.srgs__src__test__resources__defaultAssignment3.srgs': [],
  'org.jvoicexml.srgs__src__test__resources__defaultAssignment4.srgs': ['SRGS025', 'SRGS025', 'SRGS026'],
  'org.jvoicexml.srgs__src__test__resources__metaCurrentText.srgs': ['SRGS002'],
  'org.jvoicexml.srgs__src__test__resources__rulesByName.srgs': ['SRGS002'],
  'org.jvoicexml.xml__src__test__resources__invalid1.grxml': ['SRGS039'],
  'org.jvoicexml.xml__src__test__resources__invalid2.grxml': ['SRGS039', 'SRGS039'],
  'org.jvoicexml.xml__src__test__resources__invalid3.grxml': ['SRGS039'],
  'org.jvoicexml.xml__src__test__resources__invalid4.grxml': ['SRGS039'],
  'org.jvoicexml.xml__src__test__resources__places.grxml': [],
  'org.jvoicexml.xml__src__test__resources__srgs-namespace-test.srgs': ['SRGS007'],
  'org.jvoicexml.xml__src__test__resources__test.grxml': [],
  'org.jvoicexml.xml__src__test__resources__valid1.grxml': [],
  'org.jvoicexml.xml__src__test__resources__valid2.grxml': [],
  'org.jvoicexml.xml__src__test__resources__valid3.grxml': ['SRGS005'],
  'org.jvoicexml__src__test__resources__irp_vxml20__337__337Grammar.grxml': [],
  'org.jvoicexml__src__test__resources__irp_vxml20__338__338Grammar.grxml': ['SRGS002', 'SRGS003', 'SRGS005'],
  'org.jvoicexml__src__test__resources__irp_vxml21__1__1_grammar.grxml': [],
};

/** The corpus keeps each file under its repository path with '/' turned into '__': map sibling references back. */
function corpusResolver(dir: string, prefix: string): (uri: string) => Grammar | undefined {
  return (uri) => loadFile(join(dir, prefix + uri)).grammar;
}

describe('corpus: JVoiceXML grammars', () => {
  test('every file is judged with the expected error codes', (t) => {
    if (!JVOICEXML) {
      t.skip('shared/corpus/grxml/jvoicexml is absent');
      return;
    }
    const files = readdirSync(JVOICEXML)
      .filter((f) => f !== 'SOURCE.txt')
      .sort();
    assert.deepEqual(files, Object.keys(JVOICEXML_ERRORS).sort(), 'the table covers exactly the corpus files');
    for (const file of files) {
      const diagnostics = validateGrxml(loadFile(join(JVOICEXML, file)));
      const errors = diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => d.code)
        .sort();
      assert.deepEqual(
        errors,
        JVOICEXML_ERRORS[file],
        `${file}: ${diagnostics.map((d) => `${d.code} ${d.message}`).join(' | ')}`,
      );
    }
    const invalid = files.filter((f) => (JVOICEXML_ERRORS[f] ?? []).length > 0);
    for (const n of [1, 2, 3, 4]) assert.ok(invalid.some((f) => f.endsWith(`invalid${n}.grxml`)));
  });

  // Inputs and results from JVoiceXML's own tests (TestMatchConsumptionSisr, TestOneOfRuleRef, TestLiteralSISR,
  // TestMeta, TestRulesSemanticInterpretation, TestExternalRuleref) and from the demo applications.
  const cases: [string, string, unknown][] = [
    ['srgs__src__test__resources__MediumGrammar.srgs', 'two three dogs', { count: '23', thing: 'dog' }],
    ['srgs__src__test__resources__MediumGrammar.srgs', 'can i have one two three cats', { count: '123', thing: 'cat' }],
    ['srgs__src__test__resources__ExternalParent.srgs', 'two three dogs', { count: '23', thing: 'dog' }],
    ['srgs__src__test__resources__defaultAssignment1.srgs', 'two', 'two'],
    ['srgs__src__test__resources__defaultAssignment2.srgs', 'two', 'two'],
    ['srgs__src__test__resources__defaultAssignment3.srgs', 'nope', 'no'],
    ['srgs__src__test__resources__defaultAssignment4.srgs', 'nope', 'no'],
    ['srgs__src__test__resources__defaultAssignment4.srgs', 'yes', 'yes'],
    ['srgs__src__test__resources__defaultAssignment4.srgs', 'ah nope', 'no'],
    ['srgs__src__test__resources__Literal1.srgs', 'nope', 'no'],
    ['srgs__src__test__resources__Literal1.srgs', 'you bet', 'yes'],
    [
      'srgs__src__test__resources__metaCurrentText.srgs',
      'one two',
      { firstDigit: 'one', secondDigit: 'one two', all: 'one two' },
    ],
    ['srgs__src__test__resources__rulesByName.srgs', 'one', 1],
    [
      'demo.mixedinitiativedemo__src__main__resources__pizza.srgs',
      'I want a large pizza with ham please',
      { order: { size: 'big', topping: 'ham' } },
    ],
    ['demo.talkingheaddemo__src__main__config__voiceXML__numbers.srgs', '7', { result: 7 }],
    ['demo.talkingheaddemo__src__main__config__voiceXML__janein.srgs', 'ja', { result: 'ja' }],
    [
      'demo.talkingheaddemo__src__main__config__voiceXML__generated__standard.srgs',
      'Licht anschalten',
      { r: { match: 1, result: 'Licht anschalten' } },
    ],
    ['implementation.kinect__src__main__cpp__SpeechBasics-D2D.grxml', 'two', 'two'],
    ['xml__src__test__resources__places.grxml', 'Boston New York', 'New York'],
    ['__src__test__resources__irp_vxml20__337__337Grammar.grxml', '1', '1'],
  ];
  for (const [suffix, input, expected] of cases) {
    test(`${suffix.split('__').pop()} "${input}" → ${JSON.stringify(expected)}`, async (t) => {
      if (!JVOICEXML) {
        t.skip('shared/corpus/grxml/jvoicexml is absent');
        return;
      }
      const file = readdirSync(JVOICEXML).find((f) => f.endsWith(suffix));
      assert.ok(file, suffix);
      const r = await matchSentence(loadFile(join(JVOICEXML, file)).grammar, input, {
        tags,
        semanticsTimeoutMs: 20_000,
        resolveExternal: corpusResolver(JVOICEXML, 'org.jvoicexml.srgs__src__test__resources__'),
      });
      assert.equal(r.accepted, true, r.error);
      assert.equal(r.semanticError, undefined);
      assert.deepEqual(r.semantics, expected);
    });
  }

  test('rejections', (t) => {
    if (!JVOICEXML) {
      t.skip('shared/corpus/grxml/jvoicexml is absent');
      return;
    }
    const movies = loadFile(join(JVOICEXML, 'org.jvoicexml.demo.inputdemo__src__main__resources__movies.srgs')).grammar;
    assert.equal(matchGrammar(movies, 'the matrix').accepted, true);
    assert.equal(matchGrammar(movies, 'the matrix reloaded').accepted, false);
    const valid1 = loadFile(join(JVOICEXML, 'org.jvoicexml.xml__src__test__resources__valid1.grxml')).grammar;
    assert.match(matchGrammar(valid1, '1').error ?? '', /no rules/);
  });
});

describe('corpus: W3C SRGS implementation-report tests', () => {
  test('every grammar is judged, and every in.N gets its out.N (or REJECT)', (t) => {
    const dir = corpusFolder('w3c-srgs-ir');
    if (!dir) {
      t.skip('shared/corpus/grxml/w3c-srgs-ir is absent');
      return;
    }
    const { failures, grammars, inputs } = judgeIrTests(dir);
    t.diagnostic(`${grammars} grammars, ${inputs} inputs`);
    assert.deepEqual(failures, []);
  });
});

describe('corpus: Apache RDC grammars', () => {
  test('every production grammar is valid', (t) => {
    const dir = corpusFolder('apache-rdc');
    if (!dir) {
      t.skip('shared/corpus/grxml/apache-rdc is absent');
      return;
    }
    const resolver = createFileResolver({ roots: [dir] });
    const failures: string[] = [];
    for (const file of readdirSync(dir)
      .filter((f) => f !== 'SOURCE.txt')
      .sort()) {
      const errors = validateGrxml(loadFile(join(dir, file)), { resolveExternal: resolver }).filter(
        (d) => d.severity === 'error',
      );
      if (errors.length > 0) failures.push(`${file}: ${errors.map((d) => `${d.code} ${d.message}`).join(' | ')}`);
    }
    assert.deepEqual(failures, []);
  });
});
