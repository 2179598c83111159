import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grammarText, match, matchFixture } from './helpers';

const script = (rules: string): string => grammarText(rules, 'root="main" tag-format="semantics/1.0"');
const oneTag = (tag: string): string =>
  script(`<rule id="main" scope="public">hello<tag><![CDATA[${tag}]]></tag></rule>`);

describe('semantics/1.0 (SISR script)', () => {
  test('out, rules.name, rules.latest(), meta.name.text, meta.current().text and header-tag globals', async () => {
    const r = await matchFixture('sisr.grxml', 'from Boston to new york');
    assert.equal(r.semanticError, undefined);
    assert.deepEqual(r.semantics, {
      legs: ['Boston'],
      from: 'BOS',
      to: 'NYC',
      id: 'flight-BOS-NYC',
      heard: 'from Boston to new york',
    });
  });

  test('default assignment: a rule without tags yields its words, or its latest rule reference', async () => {
    const r = await matchFixture('sisr.grxml', 'from paris to boston');
    assert.deepEqual(r.semantics, {
      legs: ['paris'],
      from: 'paris',
      to: 'BOS',
      id: 'flight-paris-BOS',
      heard: 'from paris to boston',
    });
    const passThrough = script(
      '<rule id="main" scope="public"><ruleref uri="#inner"/></rule><rule id="inner">yes<tag>out = {ok: true};</tag></rule>',
    );
    assert.deepEqual((await match(passThrough, 'yes')).semantics, { ok: true });
    assert.equal(
      (await match(script('<rule id="main" scope="public">plain words</rule>'), 'Plain words')).semantics,
      'Plain words',
    );
  });

  test('tags in a repeated item run once per repetition', async () => {
    const text = script(
      '<rule id="main" scope="public"><tag>out.n = 0;</tag><item repeat="1-">la<tag>out.n++;</tag></item></rule>',
    );
    assert.deepEqual((await match(text, 'la la la')).semantics, { n: 3 });
  });

  test('swi-semantics/1.0 is an alias of semantics/1.0', async () => {
    assert.deepEqual((await matchFixture('swi.grxml', 'savings account')).semantics, { account: 'SAV' });
  });

  test('draft aliases: $ for out, $name for rules.name', async () => {
    assert.equal((await matchFixture('draft.grxml', 'june second')).semantics, '06-02');
  });

  test('results are copied out as plain JSON', async () => {
    const r = await match(
      oneTag(
        'out = { n: 1, list: [1, "two"], f: function () {}, nan: NaN, when: new Date(0), nested: { deep: true } };',
      ),
      'hello',
    );
    assert.deepEqual(r.semantics, {
      n: 1,
      list: [1, 'two'],
      nan: null,
      when: '1970-01-01T00:00:00.000Z',
      nested: { deep: true },
    });
    assert.equal(Object.getPrototypeOf(r.semantics), Object.prototype, 'a host object, not a sandbox one');
  });

  test('a tag that throws or does not compile gives a semantic error; the match still stands', async () => {
    const thrown = await match(oneTag('throw new Error("boom")'), 'hello');
    assert.equal(thrown.accepted, true);
    assert.match(thrown.semanticError ?? '', /boom/);
    assert.match((await match(oneTag('out = ;'), 'hello')).semanticError ?? '', /not valid ECMAScript/);
    assert.match(
      (await match(oneTag('}); out = 1; (function () {'), 'hello')).semanticError ?? '',
      /not valid ECMAScript/,
    );
  });
});

describe('semantics/1.0-literals', () => {
  test('the tag text is the result; rules without tags pass their latest reference up', async () => {
    assert.equal((await matchFixture('literals.grxml', 'yeah')).semantics, 'true');
    assert.equal((await matchFixture('literals.grxml', 'yes')).semantics, 'yes');
    assert.equal((await matchFixture('literals.grxml', 'no')).semantics, 'false');
  });

  test('literal tags are never run as code', async () => {
    const text = grammarText(
      '<rule id="main" scope="public">hi<tag>while(true){}</tag></rule>',
      'root="main" tag-format="semantics/1.0-literals"',
    );
    assert.equal((await match(text, 'hi')).semantics, 'while(true){}');
  });
});

describe('the sandbox', () => {
  test('a tag that loops forever is stopped by the time limit', async () => {
    const t0 = Date.now();
    const r = await match(oneTag('while (true) {}'), 'hello', { semanticsTimeoutMs: 100 });
    assert.ok(Date.now() - t0 < 10_000, 'stopped, not left running (wide bound for a loaded machine)');
    assert.match(r.semanticError ?? '', /100 ms time limit/);
  });

  test('the time limit covers getters run while the result is copied out', async () => {
    const r = await match(oneTag('out = { get x() { for (;;) {} } };'), 'hello', { semanticsTimeoutMs: 100 });
    assert.match(r.semanticError ?? '', /time limit/);
  });

  test('require, process and host constructors are out of reach', async () => {
    assert.equal(
      (await match(oneTag('out = typeof require + "," + typeof process + "," + typeof globalThis.process'), 'hello'))
        .semantics,
      'undefined,undefined,undefined',
    );
    for (const escape of [
      'out = this.constructor.constructor("return process")()',
      'out = rules.constructor.constructor("return process")()',
      'out = meta.current.constructor("return process")()',
      'out = eval("1 + 1")',
    ]) {
      const r = await match(oneTag(escape), 'hello');
      assert.equal(r.semantics, undefined, escape);
      assert.match(r.semanticError ?? '', /Code generation from strings disallowed/, escape);
    }
  });

  test('nothing can run after the time limit: no promises, async functions, import(), finalizers', async () => {
    assert.equal(
      (
        await match(
          oneTag(
            'out = typeof Promise + typeof FinalizationRegistry + typeof WeakRef + typeof Atomics + typeof SharedArrayBuffer + typeof WebAssembly',
          ),
          'hello',
        )
      ).semantics,
      'undefinedundefinedundefinedundefinedundefinedundefined',
    );
    assert.match((await match(oneTag('(async () => { throw 1; })()'), 'hello')).semanticError ?? '', /async functions/);
    assert.match((await match(oneTag('import("node:fs")'), 'hello')).semanticError ?? '', /import\(\)/);
  });

  test('a thrown value with a hostile getter is reported without running it outside the limit', async () => {
    const r = await match(oneTag('throw { get message() { for (;;) {} } }'), 'hello', { semanticsTimeoutMs: 100 });
    assert.match(r.semanticError ?? '', /time limit/);
  });

  test('evaluations are isolated from each other', async () => {
    await match(oneTag('globalThis.leak = 42; Object.prototype.polluted = true;'), 'hello');
    assert.equal(
      (await match(oneTag('out = typeof leak + "," + ({}).polluted'), 'hello')).semantics,
      'undefined,undefined',
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'the host realm is untouched');
  });

  test('semantics can be switched off', async () => {
    const r = await match(oneTag('while (true) {}'), 'hello', { tags: undefined });
    assert.deepEqual([r.accepted, r.semantics, r.semanticError], [true, undefined, undefined]);
  });

  test('tags of a grammar without tag-format are not evaluated, and there is no semantic result (with a note)', async () => {
    // SRGS 1.0 §4.6: the tag-format declares how tag contents are interpreted; without it nothing interprets
    // them, so the tester must not present the matched words as if they were the tags' result.
    const r = await match(grammarText('<rule id="main" scope="public">hi<tag>out = 1</tag></rule>'), 'hi');
    assert.equal(r.accepted, true);
    assert.equal(r.semantics, undefined);
    assert.ok(r.notes.some((n) => /no tag-format/.test(n)));
  });
});
