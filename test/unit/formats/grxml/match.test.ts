import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatParseTree, type ParseNode } from '../../../../src/core/formats/grxml/parseTree';
import { grammarText, match, matchFixture } from './helpers';

/** Kinds and labels of a parse tree, depth first, for compact assertions. */
function outline(node: ParseNode): string[] {
  switch (node.kind) {
    case 'rule':
      return [`$${node.rule}`, ...node.children.flatMap(outline)];
    case 'item':
      return node.children.flatMap(outline);
    case 'token':
      return [node.token];
    case 'tag':
      return [`{${node.text}}`];
    case 'special':
      return [`${node.name}(${node.words.join(' ')})`];
  }
}

describe('matchGrammar: acceptance', () => {
  test('tokens, optional items, <token> and quoted multi-word tokens', async () => {
    for (const s of ['coffee', 'i would like coffee', 'i would like orange juice thank you', 'green tea thank you']) {
      assert.equal((await matchFixture('basic.grxml', s)).accepted, true, s);
    }
    for (const s of ['', 'i would like', 'coffee coffee', 'orange', 'thank you coffee']) {
      assert.equal((await matchFixture('basic.grxml', s)).accepted, false, s);
    }
  });

  test('voice comparison ignores case (with a note) and extra whitespace; array input is words', async () => {
    const r = await matchFixture('basic.grxml', '  I   Would like COFFEE ');
    assert.equal(r.accepted, true);
    assert.deepEqual(r.words, ['I', 'Would', 'like', 'COFFEE']);
    assert.ok(r.notes.some((n) => /case-insensitive/.test(n)));
    assert.equal((await matchFixture('basic.grxml', ['i would', 'like', 'green tea'])).accepted, true);
  });

  test('repeats: exact, ranges, unbounded, and repeat="0" matches nothing', async () => {
    const ok = ['knock knock very good', 'knock knock very very very really really good good good'];
    const bad = [
      'knock very good',
      'knock knock good',
      'knock knock very very very very good',
      'knock knock very good never',
    ];
    for (const s of ok) assert.equal((await matchFixture('repeats.grxml', s)).accepted, true, s);
    for (const s of bad) assert.equal((await matchFixture('repeats.grxml', s)).accepted, false, s);
    const tree = (await matchFixture('repeats.grxml', 'knock knock very very good')).tree;
    assert.ok(tree);
    const items = tree.children.filter((c) => c.kind === 'item');
    // repeat="0" leaves no trace: the item is as if absent.
    assert.deepEqual(
      items.map((i) => (i.kind === 'item' ? [i.repeat, i.repetitions] : [])),
      [
        ['2', 2],
        ['1-3', 2],
        ['0-', 0],
        ['1-', 1],
      ],
    );
  });

  test('an unbounded repeat of something that can match nothing terminates', async () => {
    const text = grammarText('<rule id="main"><item repeat="0-"><item repeat="0-1">la</item></item> end</rule>');
    assert.equal((await match(text, 'la la la end')).accepted, true);
    assert.equal((await match(text, 'end')).accepted, true);
  });

  test('weights choose among several parses; the count of parses is reported', async () => {
    const r = await matchFixture('weights.grxml', 'new york');
    assert.equal(r.accepted, true);
    assert.equal(r.alternatives, 2);
    assert.equal(r.semantics, 'state');
    assert.deepEqual(outline(r.tree as ParseNode), ['$main', '$state', 'new', 'york', '{state}']);
    assert.equal((await matchFixture('weights.grxml', 'boston')).semantics, 'city');
  });

  test('without weights, the first alternative in document order wins', async () => {
    const text = grammarText(
      '<rule id="main" scope="public"><one-of><item>a b<tag>first</tag></item><item>a b<tag>second</tag></item></one-of></rule>',
      'root="main" tag-format="semantics/1.0-literals"',
    );
    const r = await match(text, 'a b');
    assert.deepEqual([r.semantics, r.alternatives], ['first', 2]);
  });

  test('NULL matches nothing, VOID never matches, GARBAGE matches any words, none included', async () => {
    assert.equal((await matchFixture('specials.grxml', 'hello world')).accepted, true);
    assert.equal((await matchFixture('specials.grxml', 'never')).accepted, false);
    // SRGS 1.0 §2.2.3: GARBAGE "may match any speech up until the next rule match, the next token or until the
    // end of spoken input": up to the next token may be nothing at all.
    assert.equal((await matchFixture('specials.grxml', 'call please')).accepted, true, 'GARBAGE may match no word');
    const r = await matchFixture('specials.grxml', 'call my mother please');
    assert.equal(r.accepted, true);
    assert.deepEqual(outline(r.tree as ParseNode), ['$main', 'call', 'GARBAGE(my mother)', 'please']);
  });

  test('GARBAGE is lazy: it takes as few words as the rest of the match allows', async () => {
    const r = await matchFixture('specials.grxml', 'start a b stop c stop d', { rule: 'lazy' });
    assert.equal(r.accepted, true);
    assert.deepEqual(outline(r.tree as ParseNode), ['$lazy', 'start', 'GARBAGE(a b)', 'stop', 'GARBAGE(c stop d)']);
  });

  test('DTMF: "1 2 3", "123", "*" and "#" are keys; words are refused', async () => {
    assert.equal((await matchFixture('dtmf.grxml', '1 2 3')).accepted, true);
    assert.equal((await matchFixture('dtmf.grxml', '1234#')).accepted, true);
    assert.equal((await matchFixture('dtmf.grxml', '*12')).accepted, true);
    assert.equal((await matchFixture('dtmf.grxml', '12')).accepted, false);
    assert.equal((await matchFixture('dtmf.grxml', '12345')).accepted, false);
    assert.deepEqual((await matchFixture('dtmf.grxml', '1 2 3')).words, ['1', '2', '3']);
    assert.match((await matchFixture('dtmf.grxml', 'one two')).error ?? '', /not a DTMF key/);
    assert.match((await matchFixture('dtmf.grxml', '123', { mode: 'voice' })).error ?? '', /mode mismatch/);
    assert.equal((await matchFixture('dtmf.grxml', '1234', { mode: 'dtmf' })).semantics, '1234');
  });

  test('start rule: root by default, a named public rule, never a private one', async () => {
    assert.equal((await matchFixture('basic.grxml', 'coffee')).tree?.rule, 'order');
    assert.match((await matchFixture('basic.grxml', 'coffee', { rule: 'drink' })).error ?? '', /private/);
    assert.match((await matchFixture('basic.grxml', 'coffee', { rule: 'nope' })).error ?? '', /not defined/);
    assert.equal((await matchFixture('specials.grxml', 'start x stop y', { rule: 'lazy' })).accepted, true);
    assert.match(
      (await match(grammarText('<rule id="a" scope="public">x</rule>', ''), 'x')).error ?? '',
      /no root rule/,
    );
  });

  test('external rule reference to a sibling file, with and without a fragment', async () => {
    const r = await matchFixture('external-parent.grxml', 'large red shirt');
    assert.equal(r.accepted, true, r.error);
    assert.deepEqual(r.semantics, { size: 'large', color: '#f00' });
    const child = r.tree?.children.find((c) => c.kind === 'rule');
    assert.deepEqual(child?.kind === 'rule' ? [child.rule, child.uri] : [], ['size', 'external-child.grxml']);
    assert.match(
      (await matchFixture('external-parent.grxml', 'large red shirt', { resolveExternal: undefined })).error ?? '',
      /no resolver/,
    );
  });

  test('an http rule reference is never fetched', async () => {
    let asked = false;
    const r = await matchFixture('http-ref.grxml', 'go to paris', {
      resolveExternal: () => {
        asked = true;
        return undefined;
      },
    });
    assert.equal(r.accepted, false);
    assert.match(r.error ?? '', /external http grammar not fetched: http:\/\/example\.com\/grammars\/cities\.grxml/);
    assert.equal(asked, false, 'the resolver is not even asked');
    const allowed = await matchFixture('http-ref.grxml', 'go to paris', { allowHttp: true });
    assert.match(
      allowed.error ?? '',
      /external http grammar not fetched/,
      'the file resolver refuses http even when allowed',
    );
  });

  test('right recursion matches, also deeper than the call stack; left recursion is reported, not looped on', async () => {
    assert.equal((await matchFixture('recursion.grxml', 'apples and pears and plums')).accepted, true);
    const long = Array.from({ length: 450 }, (_, i) => (i === 0 ? 'apples' : 'and pears')).join(' ');
    const deep = await matchFixture('recursion.grxml', long, { tags: undefined });
    assert.equal(deep.accepted, true, deep.error);
    const left = grammarText(
      '<rule id="main"><one-of><item>a</item><item><ruleref uri="#main"/> a</item></one-of></rule>',
    );
    assert.match((await match(left, 'a a')).error ?? '', /left recursion/);
  });

  test('a chain of 1,000 rules, each starting with the next, can be tested (issue 27)', async () => {
    const n = 1000;
    const rules = Array.from({ length: n }, (_, i) =>
      i + 1 < n ? `<rule id="r${i}"><ruleref uri="#r${i + 1}"/> w${i}</rule>` : `<rule id="r${i}">w${i}</rule>`,
    ).join('');
    const sentence = Array.from({ length: n }, (_, i) => `w${n - 1 - i}`).join(' ');
    const t0 = Date.now();
    const r = await match(grammarText(rules, 'root="r0"'), sentence, { tags: undefined });
    assert.equal(r.error, undefined, 'no "deeper than the matcher can follow" (it once blamed a long input)');
    assert.equal(r.accepted, true);
    assert.ok(Date.now() - t0 < 20_000, `took ${Date.now() - t0} ms (0.4 s here)`);
    const rejected = await match(grammarText(rules, 'root="r0"'), `${sentence} extra`, { tags: undefined });
    assert.equal(rejected.error, undefined);
    assert.equal(rejected.accepted, false);
  });

  test('an ambiguous grammar stays polynomial; the step limit stops runaway searches', async () => {
    // (a | a a)+ over 40 words has fib(41) = 165,580,141 parses: counted, never enumerated.
    const ambiguous = grammarText(
      '<rule id="main"><item repeat="1-"><one-of><item>a</item><item>a a</item></one-of></item></rule>',
    );
    const words = Array.from({ length: 40 }, () => 'a').join(' ');
    const t0 = Date.now();
    const r = await match(ambiguous, words, { tags: undefined });
    // The alternative is a search that never ends: a wide bound tells the two apart on a loaded machine.
    assert.ok(Date.now() - t0 < 10_000, `took ${Date.now() - t0} ms`);
    assert.equal(r.accepted, true);
    assert.equal(r.alternatives, 165_580_141);
    assert.match((await match(ambiguous, words, { maxSteps: 500 })).error ?? '', /step limit of 500/);
  });

  test('cancellation through an AbortSignal', async () => {
    const controller = new AbortController();
    controller.abort();
    const words = Array.from({ length: 200 }, () => 'a').join(' ');
    const r = await match(
      grammarText('<rule id="main"><item repeat="1-"><one-of><item>a</item><item>a a</item></one-of></item></rule>'),
      words,
      { signal: controller.signal },
    );
    assert.match(r.error ?? '', /cancelled/);
  });

  test('formatParseTree shows rules, items, tokens (with what was heard) and tags', async () => {
    const r = await matchFixture('weights.grxml', 'New York');
    assert.equal(
      formatParseTree(r.tree as ParseNode),
      [
        '$main "New York"',
        '  item weight=3',
        '    $state "New York"',
        '      item',
        '        "new" (heard "New")',
        '        "york" (heard "York")',
        '    {state}',
      ].join('\n'),
    );
  });

  test('a grammar without rules or with a bad start gives an error, not an exception', async () => {
    assert.match((await match(grammarText('', ''), 'hi')).error ?? '', /no rules/);
    assert.match((await match('<garbage', 'hi')).error ?? '', /no rules/);
  });
});
