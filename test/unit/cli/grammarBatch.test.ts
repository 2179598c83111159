// `cstudio grammar test`: the batch mode (--sentences, one parse of the grammar), exit codes that tell a verdict
// from a failure to judge, a tag error shown beside the parse (text and JSON), and where a rejection stopped.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli';

const HEADER =
  '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main" tag-format="semantics/1.0">';
const dir = mkdtempSync(join(tmpdir(), 'cstudio-grammar-'));
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const drinks = write(
  'drinks.grxml',
  `${HEADER}<rule id="main" scope="public">i want <one-of><item>coffee<tag>out="C"</tag></item><item>tea<tag>out="T"</tag></item><item>cocoa<tag>throw new Error("no cocoa")</tag></item></one-of></rule></grammar>`,
);

describe('cstudio grammar test', () => {
  test('--sentences: one verdict and result per line, the worst exit code', async () => {
    const sentences = write('s.txt', 'i want coffee\n\ni want tea\ni want juice\n');
    const r = await cli(['grammar', 'test', drinks, '--sentences', sentences]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /1 {2}ACCEPTED {2}"i want coffee" {2}=> "C"/);
    assert.match(r.stdout, /3 {2}ACCEPTED {2}"i want tea" {2}=> "T"/);
    assert.match(
      r.stdout,
      /4 {2}REJECTED {2}"i want juice" {2}\(The grammar follows "i want" \(2 of 3 words\); then it expected "coffee", "tea", "cocoa", not "juice"\.\)/,
    );
    const json = await cli(['grammar', 'test', drinks, '--sentences', sentences, '--json']);
    const parsed = JSON.parse(json.stdout) as {
      accepted: number;
      rejected: number;
      results: { line: number; accepted: boolean; semantics?: unknown }[];
    };
    assert.deepEqual(
      [parsed.accepted, parsed.rejected, parsed.results.map((x) => [x.line, x.accepted, x.semantics])],
      [
        2,
        1,
        [
          [1, true, 'C'],
          [3, true, 'T'],
          [4, false, undefined],
        ],
      ],
    );
  });

  test('a throwing tag: exit 3, the parse and the error side by side (text and JSON)', async () => {
    const text = await cli(['grammar', 'test', drinks, 'i want cocoa']);
    assert.equal(text.code, 3);
    assert.match(
      text.stdout,
      /ACCEPTED "i want cocoa"[\s\S]*Parse tree:[\s\S]*"cocoa"[\s\S]*error: the tag at drinks.grxml:1 \(rule "main"\) failed: no cocoa/,
    );
    const json = JSON.parse((await cli(['grammar', 'test', drinks, 'i want cocoa', '--json'])).stdout) as {
      accepted: boolean;
      tree?: unknown;
      semanticError?: string;
    };
    assert.equal(json.accepted, true);
    assert.ok(json.tree);
    assert.match(json.semanticError ?? '', /no cocoa/);
  });

  test('a grammar without tag-format: no semantic result, and the tester says why', async () => {
    const plain = write(
      'plain.grxml',
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main"><rule id="main" scope="public">hi<tag>out=1</tag></rule></grammar>',
    );
    const r = await cli(['grammar', 'test', plain, 'hi']);
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /Semantic result:\n {2}none \(tags were not evaluated: the grammar declares no tag-format\)/,
    );
  });

  test('deep nesting: the diagnostic with file:line:col, and exit 2 (could not judge), never 1', async () => {
    const deep = write(
      'deep.grxml',
      `${HEADER}<rule id="main">${'<item>'.repeat(5000)}x${'</item>'.repeat(5000)}</rule></grammar>`,
    );
    const r = await cli(['grammar', 'test', deep, 'x']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /deep\.grxml:1:\d+: error XML018/);
  });

  test('a grammar with no rule: schema-valid, so a warning, but testing it or referencing it by its root is an error (SRGS 1.0 §4.7, Appendix C)', async () => {
    // Appendix C (the schema) and Appendix B (the DTD) allow zero <rule>s, so validation cannot call the document
    // invalid; §4.7 makes referencing a grammar by its root an error when it declares no legal root rule, and a
    // grammar without rules can declare none. So the tester cannot judge a sentence against it (exit 2, never 0
    // or 1), and a reference to it is an error.
    const empty = write(
      'empty.grxml',
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US"/>',
    );
    const validate = await cli(['validate', empty]);
    assert.match(validate.stdout + validate.stderr, /warning SRGS034: The grammar defines no rules/);
    const tested = await cli(['grammar', 'test', empty, 'hi']);
    assert.equal(tested.code, 2, tested.stdout + tested.stderr);
    assert.match(tested.stdout + tested.stderr, /defines no rules/);
    const referring = write(
      'referring.grxml',
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main"><rule id="main" scope="public">say <ruleref uri="empty.grxml"/></rule></grammar>',
    );
    const byRoot = await cli(['validate', referring]);
    assert.notEqual(byRoot.code, 0);
    assert.match(byRoot.stdout + byRoot.stderr, /error SRGS030: the grammar empty\.grxml has no root rule/);
  });
});
