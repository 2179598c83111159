// The batch tester's speed must not cost isolation: one tag context serves sentence after sentence only while
// the tags leave it as new (anything they add to the global scope removed, header variables declared afresh,
// built-ins compared with their baseline); tag jobs are pipelined to the tag process, and a kill in the middle
// of a batch loses and repeats nothing. Straight-line tags (no loop, no function) run without the VM watchdog.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { matchSentence, matchSentences } from '../../../../src/core/formats/grxml/match';
import { parseGrxml } from '../../../../src/core/formats/grxml/parse';
import { TagJobRunner } from '../../../../src/core/formats/grxml/sisrProcess';
import { isStraightLineTag } from '../../../../src/core/formats/grxml/straightLineTags';
import { TagEvaluator } from '../../../../src/core/formats/grxml/tagEvaluator';
import type { TagJob } from '../../../../src/core/formats/grxml/tagJob';
import { grammarText, tags } from './helpers';

const UNHURRIED = 20_000;

/** A job for the tag process: one rule with the given tags run in order, optional header tags. */
function job(ruleTags: string[], headers: string[] = []): TagJob {
  return {
    globals: headers.map((code, i) => ({ code, label: `header ${i}` })),
    rules: [{ tags: ruleTags, labels: ruleTags.map((_, i) => `tag ${i}`), label: 'rule "main"' }],
    root: { r: 0, ev: [[0, 'hello'], ...ruleTags.map((_, i) => [1, i] as [1, number])], text: 'hello' },
    timeoutMs: UNHURRIED,
  };
}

function value(reply: ReturnType<TagJobRunner['run']>): unknown {
  assert.ok('value' in reply, `an answer, not ${JSON.stringify(reply)}`);
  return reply.value;
}

describe('one tag context for a batch, as new for every sentence', () => {
  test('straight-line tags reuse one context; what they leave is gone for the next sentence', () => {
    const runner = new TagJobRunner();
    for (let i = 0; i < 50; i++) assert.deepEqual(value(runner.run(job([`out = { city: ${i} };`]))), { city: i });
    assert.equal(runner.created, 1);
  });

  test('globals a tag adds are deleted; header variables start afresh; a changed built-in means a new context', () => {
    const runner = new TagJobRunner();
    value(runner.run(job(['leak = 1; out = 1;'])));
    assert.equal(value(runner.run(job(['out = typeof leak;']))), 'undefined');
    assert.equal(runner.created, 1, 'a global added by a tag is simply deleted');

    const headers = ['var counter = 0; var table = {}; var later;'];
    assert.equal(value(runner.run(job(['counter++; table.x = 1; later = 5; out = counter;'], headers))), 1);
    assert.deepEqual(value(runner.run(job(['counter++; out = [counter, table.x, later];'], headers))), [1, null, null]);

    value(runner.run(job(['out = 0;']))); // back to no header tags: another context
    const before = runner.created;
    for (const [pollute, probe, fresh] of [
      ['Object.prototype.polluted = true;', 'out = ({}).polluted;', undefined],
      ['Array.prototype.push = function () { return 0; };', 'var a = []; a.push(1); out = a.length;', 1],
      [
        'var g = function* () {}; Object.getPrototypeOf(Object.getPrototypeOf(g())).next = 1;',
        'var g = function* () { yield 1; }; out = [...g()].length;',
        1,
      ],
      ['Math.max = null;', 'out = typeof Math.max;', 'function'],
      ['Object.defineProperty(globalThis, "pinned", { value: 1 });', 'out = typeof pinned;', 'undefined'],
      ['delete globalThis.JSON;', 'out = typeof JSON;', 'object'],
    ] as const) {
      value(runner.run(job([pollute, 'out = 0;'])));
      assert.deepEqual(value(runner.run(job([probe]))), fresh, pollute);
    }
    assert.equal(runner.created, before + 6, 'each change that cannot be undone costs a new context');
  });

  test('built-in methods are frozen; top-level let/const headers get a new context each time', () => {
    const runner = new TagJobRunner();
    assert.equal(value(runner.run(job(['Math.max.cache = 1; out = Math.max.cache;']))), undefined);
    const headers = ['let seen = 0;'];
    assert.equal(value(runner.run(job(['seen++; out = seen;'], headers))), 1);
    assert.equal(value(runner.run(job(['seen++; out = seen;'], headers))), 1);
  });
});

describe('straight-line tags', () => {
  test('assignments of literals, object and array literals and rules/meta paths are straight-line', () => {
    for (const tag of [
      'out = { city: 17 };',
      'out.city = "a\\"b"; out.n = -1.5;',
      "out = [1, 'two', { x: null, y: [true, false] }, undefined];",
      'out.a = rules.latest(); out.b = meta.current().text; out.c = rules.city.name',
      'out = rules.latest()',
      ';;',
      '',
      'out = { "key with space": out.x, 3: 4, get: 1, }',
    ])
      assert.equal(isStraightLineTag(tag), true, tag);
  });

  test('anything else is not: loops, calls, built-in names, comments, templates, operators, other globals, ASI', () => {
    for (const tag of [
      'while (true) {}',
      'out = f();',
      'out = Math.max(1, 2);',
      'out.constructor.prototype.x = 1;',
      'out = rules.x.constructor;',
      'out = 1 /* c */;',
      'out = `t`;',
      'out = { get x() { return 1; } };',
      'out.a = 1\nout.b = 2',
      'x = 1;',
      'out = "a" + "b";',
      'out = rules.latest.call();',
      'out.__proto__ = null;',
      'out = { __proto__: null };',
      'out = 1..toString;',
      'out = "unterminated',
      'out = \\u0061;',
      'out = $;',
      'out = [...rules.x];',
      'out = this;',
      'out = rules.x(1);',
      'out = new Date();',
    ])
      assert.equal(isStraightLineTag(tag), false, tag);
  });
});

describe('pipelined tag jobs', () => {
  test('a batch yields in order, with the same verdicts and results as one sentence at a time', async () => {
    const text = grammarText(
      `<rule id="main" scope="public">to <one-of>${Array.from({ length: 50 }, (_, i) => `<item>c${i}<tag>out = { city: ${i} };</tag></item>`).join('')}</one-of></rule>`,
      'root="main" tag-format="semantics/1.0"',
    );
    const grammar = parseGrxml(text).grammar;
    const inputs = Array.from({ length: 80 }, (_, i) => (i % 9 === 8 ? `to nowhere ${i}` : `to c${(i * 7) % 50}`));
    const batch = [];
    for await (const r of matchSentences(grammar, inputs, { tags, semanticsTimeoutMs: UNHURRIED })) batch.push(r);
    const single = [];
    for (const input of inputs)
      single.push(await matchSentence(grammar, input, { tags, semanticsTimeoutMs: UNHURRIED }));
    assert.deepEqual(
      batch.map((r) => [r.accepted, r.semantics]),
      single.map((r) => [r.accepted, r.semantics]),
    );
    assert.deepEqual(batch[3]?.semantics, { city: 21 });
  });

  test('a kill in the middle of a pipeline: that job gets the error, the jobs behind it run once in a new process', async () => {
    const evaluator = new TagEvaluator();
    try {
      const jobs = Array.from({ length: 12 }, (_, i) =>
        i === 5 ? { ...job(['out = new Array(6e8).fill(0).length;']), timeoutMs: 200 } : job([`out = ${i};`]),
      );
      const replies = await Promise.all(jobs.map((j) => evaluator.evaluate(j)));
      replies.forEach((reply, i) => {
        if (i === 5) assert.match('error' in reply ? reply.error : '', /tag 0 was stopped/);
        else assert.deepEqual(reply, { value: i }, `job ${i}`);
      });
      assert.equal(evaluator.started, 2, 'one kill, one new process');
    } finally {
      evaluator.dispose();
    }
  });

  test('a cancelled job in the pipeline is answered at once; the others are not disturbed', async () => {
    const evaluator = new TagEvaluator();
    try {
      const abort = new AbortController();
      const pending = [0, 1, 2, 3].map((i) =>
        evaluator.evaluate(job([`out = ${i};`]), i === 2 ? abort.signal : undefined),
      );
      abort.abort();
      assert.deepEqual(await Promise.all(pending), [
        { value: 0 },
        { value: 1 },
        { error: 'semantic evaluation was cancelled' },
        { value: 3 },
      ]);
    } finally {
      evaluator.dispose();
    }
  });
});
