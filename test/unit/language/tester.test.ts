// The grammar tester: the test-file format, one sentence (voice and DTMF) with its report, and batch runs with
// pass/fail per case — against real grammars, with semantic tags run by the matcher's sandbox.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LanguageServices } from '../../../src/core/language/languageServices';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { GrammarChecks } from '../../../src/core/language/project/projectDiagnostics';
import { renderSentenceReport, renderTestRun } from '../../../src/core/language/tester/report';
import {
  canonicalJson,
  runGrammarTestFile,
  testSentence,
  type TesterEnvironment,
} from '../../../src/core/language/tester/runTests';
import { parseGrammarTestFile } from '../../../src/core/language/tester/testFile';
import { TagEvaluator } from '../../../src/core/formats/grxml/tagEvaluator';
import { workspacePath } from './helpers';

/** One tag process for the file's tests (idle, it does not keep the process alive). */
const tags = new TagEvaluator();
import { openFile, PIN, YESNO } from './services';

const TESTS = workspacePath('grammars', 'yesno.grxml-test');

function environment(): { env: TesterEnvironment; services: LanguageServices } {
  const services = new LanguageServices(nodeFileSystem);
  const roots = [workspacePath()];
  return {
    services,
    env: { ctx: services.context, grammars: new GrammarChecks(services.context, () => roots), roots, tags },
  };
}

describe('grammar test files', () => {
  test('cases, directives, expected results and unreadable lines', async () => {
    const file = parseGrammarTestFile(
      [
        '# a comment',
        'grammar: pin.grxml',
        'mode: dtmf',
        'accept: 1234# => "ok"',
        'rule: key',
        'reject: 12',
        'accept: x => {bad json}',
        'reject: y => 1',
        'mode: morse',
        'maybe: z',
        '',
      ].join('\r\n'),
    );
    assert.deepEqual(
      file.cases.map((c) => [c.line, c.expect, c.input, c.grammar, c.rule, c.mode, c.semantics?.value]),
      [
        [3, 'accept', '1234#', 'pin.grxml', undefined, 'dtmf', 'ok'],
        [5, 'reject', '12', 'pin.grxml', 'key', 'dtmf', undefined],
      ],
    );
    assert.deepEqual(
      file.problems.map((p) => p.line),
      [6, 7, 8, 9],
    );
    assert.match(file.problems[0]?.message ?? '', /not JSON/);
    assert.deepEqual(file.cases[0]?.range, { start: 45, end: 66 }, 'the line without its CR LF');
  });

  test('canonical JSON compares objects regardless of key order', async () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } }),
      '{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('testing sentences', () => {
  test('accepted: parse tree and semantic result (tags run in the sandbox)', async () => {
    const { env } = environment();
    const outcome = await testSentence(env, YESNO, 'yeah please');
    assert.equal(outcome.kind, 'matched');
    assert.ok(outcome.kind === 'matched' && outcome.result.accepted);
    assert.deepEqual(outcome.kind === 'matched' ? outcome.result.semantics : undefined, { answer: 'yes' });
    const report = renderSentenceReport(outcome, { input: 'yeah please' });
    assert.match(
      report,
      /^Grammar: yesno\.grxml {3}rule: \(root\)\nInput: {3}"yeah please"\n\nACCEPTED\n\nParse tree:\n {2}\$answer "yeah please"/,
    );
    assert.match(report, /\$politeness <common\.grxml> "please"/);
    assert.match(report, /Semantic result:\n {2}\{\n {4}"answer": "yes"\n {2}\}/);
  });

  test('rejected, DTMF keys, a start rule, and an invalid grammar that is not run', async () => {
    const { env, services } = environment();
    const rejected = await testSentence(env, YESNO, 'maybe');
    assert.match(renderSentenceReport(rejected, { input: 'maybe' }), /REJECTED\n\nHeard as: "maybe"/);
    const pin = await testSentence(env, PIN, '1 2 3 4 #');
    assert.ok(pin.kind === 'matched' && pin.result.accepted && pin.result.words.join('') === '1234#');
    const key = await testSentence(env, PIN, '7', { rule: 'key' });
    assert.ok(key.kind === 'matched' && key.result.error !== undefined, 'a private rule cannot start a match');
    assert.match(renderSentenceReport(key, { input: '7', rule: 'key' }), /NOT RUN: rule "key" is private/);
    openFile(services, YESNO, readFileSync(YESNO, 'utf8').replace('#no"', '#nay"'));
    const invalid = await testSentence(env, YESNO, 'no');
    assert.equal(invalid.kind, 'invalid');
    assert.match(
      renderSentenceReport(invalid, { input: 'no', lines: services.documents.get(YESNO)?.lines() }),
      /NOT RUN: the grammar has 1 error\(s\); fix them first:\n {2}6:13 SRGS019 Rule "nay"/,
    );
  });
});

describe('semantic tags', () => {
  test('a runaway tag is stopped by the sandbox time limit and reported, the editor keeps going', async () => {
    const { env, services } = environment();
    const path = workspacePath('grammars', 'loop.grxml');
    openFile(
      services,
      path,
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="r" tag-format="semantics/1.0"><rule id="r" scope="public">go<tag>while (true) {}</tag></rule></grammar>',
    );
    const started = Date.now();
    const outcome = await testSentence(env, path, 'go');
    assert.ok(Date.now() - started < 15_000, 'stopped, not left running (wide bound for a loaded machine)');
    assert.ok(outcome.kind === 'matched' && outcome.result.accepted && outcome.result.semanticError !== undefined);
    assert.match(renderSentenceReport(outcome, { input: 'go' }), /Semantic result:\n {2}error: .*time/i);
  });
});

describe('batch runs', () => {
  test('the fixture file passes; a wrong expectation fails with what happened', async () => {
    const { env } = environment();
    const text = readFileSync(TESTS, 'utf8');
    const run = await runGrammarTestFile(env, TESTS, text);
    assert.deepEqual(
      run.results.map((r) => r.passed),
      [true, true, true, true, true],
    );
    const changed = `${text}accept: yes => {"answer": "no"}\nreject: nope\naccept: maybe\n`;
    const seen: number[] = [];
    const second = await runGrammarTestFile(env, TESTS, changed, { onResult: (r) => seen.push(r.testCase.line) });
    assert.deepEqual(
      second.results.slice(5).map((r) => [r.passed, r.message]),
      [
        [false, 'Accepted, but the semantic result is {"answer":"yes"}; expected {"answer":"no"}.'],
        [false, 'Expected rejected, but it was accepted with {"answer":"no"}.'],
        [
          false,
          'Expected accepted, but it was rejected (heard as "maybe"). The grammar cannot start with the first word; then it expected "yes", "yeah", "sure", "no", "nope", not "maybe".',
        ],
      ],
    );
    assert.equal(seen.length, 8);
    const report = renderTestRun(second, 'yesno.grxml-test');
    assert.match(
      report,
      /^Grammar tests: yesno\.grxml-test — 5 passed, 3 failed \(\d+ ms\)\n\nPASS {2}line 2 {2}accept "yes" => \{"answer":"yes"\} {2}\[yesno\.grxml\]/,
    );
    assert.match(report, /FAIL {2}line 8 {2}reject "nope" {2}\[yesno\.grxml\]\n {6}Expected rejected/);
    const only = await runGrammarTestFile(env, TESTS, changed, { lines: new Set([4]) });
    assert.deepEqual(
      only.results.map((r) => r.testCase.input),
      ['maybe'],
    );
  });
});
