// The JUnit file is valid XML that CI systems read: checked with an independent parser (fast-xml-parser) and, when
// the machine has it, libxml2's xmllint; one testcase per utterance, failures naming expected and predicted.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { junitXml } from '../../../src/core/nlu/evaluation/junit';
import type { Prediction } from '../../../src/core/nlu/evaluation/prediction';

function p(set: string, line: number, text: string, expected: string, predicted: string): Prediction {
  return { set, line, text, expected, predicted, confidence: 0.42, expectedEntities: [], entities: [] };
}

const PREDICTIONS = [
  p('a.csv', 1, 'plain text', 'greet', 'greet'),
  p('a.csv', 2, 'quotes " and \' & <tags> ]]> here', 'order', 'cancel'),
  p(
    'a.csv',
    3,
    'control \u0001 chars \u001f and a lone \ud800 surrogate, emoji 😀, tab\tnewline\n',
    'x&y',
    'NO_INTENT',
  ),
  p('b.trsx', 9, 'second set', 'greet', 'greet'),
];

describe('JUnit XML', () => {
  test('well-formed for an independent parser, one testcase per utterance, failures name expected and predicted', () => {
    const xml = junitXml(PREDICTIONS);
    assert.equal(XMLValidator.validate(xml), true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      htmlEntities: true,
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    }).parse(xml);
    const suites = doc.testsuites.testsuite as Array<{
      name: string;
      tests: string;
      failures: string;
      testcase: Array<{ name: string; classname: string; failure?: { message: string } }>;
    }>;
    assert.deepEqual(
      suites.map((s) => [s.name, s.tests, s.failures]),
      [
        ['a.csv', '3', '2'],
        ['b.trsx', '1', '0'],
      ],
    );
    assert.equal(doc.testsuites.tests, '4');
    const cases = suites.flatMap((s) => s.testcase);
    assert.equal(cases.length, 4);
    assert.equal(cases[1]!.name, 'quotes " and \' & <tags> ]]> here');
    assert.equal(cases[1]!.failure?.message, 'expected order, predicted cancel (confidence 0.420)');
    assert.equal(cases[2]!.classname, 'a.csv.x&y');
    assert.equal(cases[2]!.name, 'control  chars  and a lone  surrogate, emoji 😀, tab\tnewline\n');
    assert.equal(cases[0]!.failure, undefined);
  });

  test('xmllint (libxml2) reads it too', (t) => {
    if (spawnSync('xmllint', ['--version']).error) {
      t.skip('xmllint not installed (Debian libxml2-utils)');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'junit-'));
    try {
      const file = join(dir, 'junit.xml');
      writeFileSync(file, junitXml(PREDICTIONS));
      const r = spawnSync('xmllint', ['--noout', '--nonet', file], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const count = spawnSync('xmllint', ['--xpath', 'count(//testcase)', file], { encoding: 'utf8' });
      assert.equal(count.stdout.trim(), '4');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
