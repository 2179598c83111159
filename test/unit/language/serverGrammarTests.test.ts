// The grammar tester through the language server (`cstudio lsp --stdio` over JSON-RPC, as any editor would send
// it): sentences against the server's own copy of a grammar (the editor's unsaved text counts), the cases of a
// `*.grxml-test` text, and batch runs that report each case as partial results while they run.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProgressType } from 'vscode-jsonrpc/node';
import {
  GrammarInfoRequest,
  GrammarTestCasesRequest,
  RunGrammarTestsRequest,
  TestGrammarRequest,
  type GrammarCaseResult,
  type GrammarInfo,
  type GrammarTestCases,
  type GrammarTestRunResult,
  type SentenceTestResult,
} from '../../../src/core/language/protocol';
import { LspTestClient } from '../helpers/lspClient';
import { workspacePath } from './helpers';

const YESNO = workspacePath('grammars', 'yesno.grxml');
const PIN = workspacePath('grammars', 'pin.grxml');
const TESTS = workspacePath('grammars', 'yesno.grxml-test');

/** A grammar without a root rule, that exists only in the editor (never written to disk). */
const UNSAVED = `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" mode="voice" tag-format="semantics/1.0">
  <rule id="size" scope="public"><one-of><item>small<tag>out="S";</tag></item><item>large<tag>out="L";</tag></item></one-of></rule>
  <rule id="drink" scope="public"><one-of><item>tea</item><item>coffee</item></one-of></rule>
</grammar>
`;

describe('grammar tester through the language server', () => {
  let server: LspTestClient;
  let scratch: string;
  const uri = (path: string): { uri: string } => ({ uri: pathToFileURL(path).href });

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'cstudio-lsp-tester-'));
    server = await LspTestClient.start(workspacePath());
  });
  after(async () => {
    assert.equal(await server.stop(), 0);
    await rm(scratch, { recursive: true, force: true });
  });

  test('a sentence: accepted with its semantic result and report, rejected, DTMF keys', async () => {
    const info = await server.request<GrammarInfo>(GrammarInfoRequest.method, { textDocument: uri(YESNO) });
    assert.deepEqual(info, { readable: true, mode: 'voice', startRules: [] }, 'a root rule: nothing to ask');
    const accepted = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: uri(YESNO),
      input: 'yeah please',
    });
    assert.equal(accepted.kind, 'matched');
    assert.equal(accepted.accepted, true);
    assert.deepEqual(accepted.semantics, { answer: 'yes' }, 'the tags ran in the tag process');
    assert.match(accepted.report, /^Grammar: yesno\.grxml {3}rule: \(root\)\nInput: {3}"yeah please"\n\nACCEPTED/);
    assert.match(
      accepted.report,
      /\$politeness <common\.grxml> "please"/,
      'the external rule was read from the workspace',
    );
    const rejected = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: uri(YESNO),
      input: 'maybe',
    });
    assert.deepEqual([rejected.accepted, /REJECTED/.test(rejected.report)], [false, true]);
    assert.equal(
      (await server.request<GrammarInfo>(GrammarInfoRequest.method, { textDocument: uri(PIN) })).mode,
      'dtmf',
    );
    const pin = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: uri(PIN),
      input: '1234#',
      rule: 'pin',
    });
    assert.deepEqual([pin.accepted, pin.semantics], [true, '1234']);
  });

  test("the editor's unsaved grammar is the one tested; without a root rule its public rules are offered", async () => {
    const path = join(scratch, 'order.grxml');
    const docUri = server.open(path, 'grxml', UNSAVED);
    const info = await server.request<GrammarInfo>(GrammarInfoRequest.method, { textDocument: { uri: docUri } });
    assert.deepEqual(info, { readable: true, mode: 'voice', startRules: ['size', 'drink'] });
    const large = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: { uri: docUri },
      input: 'large',
      rule: 'size',
    });
    assert.deepEqual([large.accepted, large.semantics], [true, 'L']);
    // An edit reaches the tester through the synced document: "medium" becomes a size.
    const insertAt = UNSAVED.split('\n').findIndex((l) => l.includes('id="size"'));
    server.change(docUri, 2, [
      {
        range: { start: { line: insertAt, character: 0 }, end: { line: insertAt + 1, character: 0 } },
        text: '  <rule id="size" scope="public"><one-of><item>medium<tag>out="M";</tag></item></one-of></rule>\n',
      },
    ]);
    const medium = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: { uri: docUri },
      input: 'medium',
      rule: 'size',
    });
    assert.deepEqual([medium.accepted, medium.semantics], [true, 'M']);
    const missing = await server.request<SentenceTestResult>(TestGrammarRequest.method, {
      textDocument: uri(join(scratch, 'none.grxml')),
      input: 'x',
    });
    assert.equal(missing.kind, 'unreadable');
    assert.match(missing.error ?? '', /none\.grxml; check that the file exists/);
  });

  test('the cases of a test file, for the Test Explorer', async () => {
    const text = await readFile(TESTS, 'utf8');
    const cases = await server.request<GrammarTestCases>(GrammarTestCasesRequest.method, {
      uri: uri(TESTS).uri,
      text: `${text}maybe: what\n`,
    });
    assert.deepEqual(
      cases.cases.map((c) => [c.line, c.expect, c.input, c.semantics]),
      [
        [1, 'accept', 'yes', '{"answer":"yes"}'],
        [2, 'accept', 'yeah please', '{"answer":"yes"}'],
        [3, 'accept', 'nope', '{"answer":"no"}'],
        [4, 'reject', 'maybe', undefined],
        [5, 'reject', 'yes yes', undefined],
      ],
    );
    assert.deepEqual(
      cases.problems.map((p) => [p.line, p.length]),
      [[6, 'maybe: what'.length]],
    );
  });

  test('a batch run reports each case as it finishes, then the whole run with its report', async () => {
    const text = `${await readFile(TESTS, 'utf8')}accept: no => {"answer": "yes"}\n`;
    const token = 'run-1';
    const streamed: GrammarCaseResult[] = [];
    const listener = server.rpc.onProgress(new ProgressType<GrammarCaseResult[]>(), token, (part) =>
      streamed.push(...part),
    );
    const run = await server.request<GrammarTestRunResult>(RunGrammarTestsRequest.method, {
      uri: uri(TESTS).uri,
      text,
      partialResultToken: token,
    });
    listener.dispose();
    assert.deepEqual([run.passed, run.failed], [5, 1]);
    assert.deepEqual(
      streamed.map((r) => r.line),
      [1, 2, 3, 4, 5, 6],
      'every case streamed, in order, before the answer',
    );
    const wrong = run.results.find((r) => r.line === 6);
    assert.deepEqual(
      [wrong?.outcome, wrong?.expected, wrong?.actual],
      ['failed', '{"answer":"yes"}', '{"answer":"no"}'],
    );
    assert.match(run.report, /^Grammar tests: yesno\.grxml-test — 5 passed, 1 failed/);
    assert.match(run.report, /PASS {2}line 6 {2}reject "yes yes"/);

    const some = await server.request<GrammarTestRunResult>(RunGrammarTestsRequest.method, {
      uri: uri(TESTS).uri,
      text,
      lines: [3],
    });
    assert.deepEqual(
      some.results.map((r) => [r.line, r.outcome]),
      [[3, 'passed']],
    );
  });

  test('without a text the server reads the saved test file itself, only a *.grxml-test file inside the workspace', async () => {
    const cases = await server.request<GrammarTestCases>(GrammarTestCasesRequest.method, { uri: uri(TESTS).uri });
    assert.deepEqual(
      cases.cases.map((c) => c.line),
      [1, 2, 3, 4, 5],
    );
    const run = await server.request<GrammarTestRunResult>(RunGrammarTestsRequest.method, { uri: uri(TESTS).uri });
    assert.deepEqual([run.passed, run.failed], [5, 0]);
    const outside = join(scratch, 'outside.grxml-test');
    await writeFile(outside, 'accept: yes\n');
    await assert.rejects(
      server.request(GrammarTestCasesRequest.method, { uri: uri(outside).uri }),
      /outside\.grxml-test is not a grammar test file of the workspace: open a \*\.grxml-test file inside a workspace folder/,
    );
    await assert.rejects(
      server.request(RunGrammarTestsRequest.method, { uri: uri(YESNO).uri }),
      /yesno\.grxml is not a grammar test file of the workspace/,
    );
    await assert.rejects(
      server.request(GrammarTestCasesRequest.method, { uri: uri(workspacePath('grammars', 'missing.grxml-test')).uri }),
      /Cannot read the grammar test file .*missing\.grxml-test; check that it exists/,
    );
  });

  test('a case whose grammar cannot be read is errored, not failed', async () => {
    const path = join(scratch, 'lonely.grxml-test');
    const run = await server.request<GrammarTestRunResult>(RunGrammarTestsRequest.method, {
      uri: uri(path).uri,
      text: 'accept: hello\n',
    });
    assert.equal(run.results[0]?.outcome, 'errored');
    assert.match(run.results[0]?.message ?? '', /lonely\.grxml; check that the file exists/);
  });
});
