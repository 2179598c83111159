// SRGS 1.0 §2.5 (Repeats) on tags: any non-zero number of repetitions of a tag is one occurrence of the tag. The
// case is the W3C SRGS implementation-report test tag-repetition.grxml
// (http://www.w3.org/2002/06/srgs-irp/test/tag-repetition.grxml, spec.reference .../speech-grammar/#S2.5): input
// "bar", expected parse $main[$repeatedtag["bar",{!{"foo"}!}]] — the tag once, though its item says repeat="2-".
// Its grammar is reproduced below (rule declarations as the W3C wrote them); the test set itself is not vendored.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ParseNode } from '../../../../src/core/formats/grxml/parseTree';
import { grammarText, match } from './helpers';

const W3C_TAG_REPETITION = grammarText(
  `
  <meta name="description" content="Any non-zero number of repetitions of a tag is equivalent to single a occurence of the tag, see section 2.5"/>
  <meta name="in.1" content="bar"/>
  <meta name="out.1" content='$main[$repeatedtag["bar",{!{"foo"}!}]]'/>
  <rule id="main" scope="public"><ruleref uri="#repeatedtag"/></rule>
  <rule id="repeatedtag">
     bar
     <item repeat="2-">
       <tag>"foo"</tag>
     </item>
  </rule>`,
  'mode="voice" root="main"',
);

function tagsIn(nodes: readonly ParseNode[]): string[] {
  return nodes.flatMap((n) => (n.kind === 'tag' ? [n.text] : 'children' in n ? tagsIn(n.children) : []));
}

describe('SRGS §2.5: a repeated tag is one occurrence', () => {
  test('tag-repetition.grxml: "bar" parses with the tag "foo" once', async () => {
    const r = await match(W3C_TAG_REPETITION, 'bar', { tags: undefined });
    assert.equal(r.accepted, true, r.error);
    assert.deepEqual(tagsIn(r.tree?.children ?? []), ['"foo"']);
  });

  test('the same for an exact count and for tags nested in items; a token in the item keeps every repetition', async () => {
    const exact = grammarText(
      '<rule id="main" scope="public">bar <item repeat="3"><tag>a</tag><item><tag>b</tag></item></item></rule>',
    );
    assert.deepEqual(tagsIn((await match(exact, 'bar', { tags: undefined })).tree?.children ?? []), ['a', 'b']);
    // Not a tag alone: a repeated item with words runs its tag once per repetition (SISR counts on it).
    const words = grammarText('<rule id="main" scope="public"><item repeat="2-">la <tag>x</tag></item></rule>');
    assert.deepEqual(tagsIn((await match(words, 'la la la', { tags: undefined })).tree?.children ?? []), [
      'x',
      'x',
      'x',
    ]);
    // repeat="0" stays as if absent (the repeat-0-times test): no tag at all.
    const zero = grammarText('<rule id="main" scope="public">bar <item repeat="0"><tag>z</tag></item></rule>');
    assert.deepEqual(tagsIn((await match(zero, 'bar', { tags: undefined })).tree?.children ?? []), []);
  });

  test('a script tag repeated twice runs once', async () => {
    const text = grammarText(
      '<rule id="main" scope="public"><tag>out.n = 0;</tag>bar<item repeat="2"><tag>out.n++;</tag></item></rule>',
      'root="main" tag-format="semantics/1.0"',
    );
    assert.deepEqual((await match(text, 'bar')).semantics, { n: 1 });
  });
});
