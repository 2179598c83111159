import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGrxml } from '../../../../src/core/formats/grxml/parse';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';
import { parseXml } from '../../../../src/core/formats/xml/scanner';
import { grammarText } from './helpers';

// parseGrxml builds the model and checks the structure while the scanner reads the document, without a tree.
describe('parseGrxml: one pass', () => {
  test('the tree is built on demand and equals parseXml', () => {
    const text = grammarText(
      '<rule id="main"> <one-of> <item>a</item> <item>b <tag>out=1;</tag></item> </one-of> </rule>',
    );
    const parsed = parseGrxml(text);
    const eager = parseXml(text);
    assert.equal(parsed.tree.text, text);
    assert.deepEqual(parsed.tree.errors, eager.errors);
    assert.equal(parsed.tree.root?.children.length, eager.root?.children.length);
    assert.equal(parsed.tree.root?.range.end, eager.root?.range.end);
  });

  test('whitespace inside tag and token is kept in their text, even inside nested elements', () => {
    const { grammar } = parseGrxml(
      grammarText('<rule id="main"><tag> a <x> </x>b </tag><token> c  <x> </x> d </token></rule>'),
    );
    const [tag, token] = grammar.rules[0]?.body.children ?? [];
    assert.equal(tag?.kind === 'tag' ? tag.text : undefined, ' a  b ');
    assert.equal(token?.kind === 'token' ? token.text : undefined, 'c d');
  });

  test('structure problems come in document order, after the grammar element checks', () => {
    const text =
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" xml:lang="en-US" root="main">' +
      '<rule id="main">x<one-of>stray</one-of><foo/></rule><meta/></grammar>';
    const codes = validateGrxml(parseGrxml(text)).map((d) => d.code);
    assert.deepEqual(codes.slice(0, 6), ['SRGS003', 'SRGS027', 'SRGS026', 'SRGS025', 'SRGS024', 'SRGS036']);
  });

  test('left recursion behind a rule that only later turns out to match nothing is still found', () => {
    // "a" starts with "b", which is nullable, but "b" comes after "a": the first pass cannot know it yet.
    const text = grammarText(
      '<rule id="main"><ruleref uri="#a"/></rule><rule id="a"><ruleref uri="#b"/><ruleref uri="#a"/>x</rule>' +
        '<rule id="b"><item repeat="0-1">y</item></rule>',
    );
    const left = validateGrxml(parseGrxml(text)).filter((d) => d.code === 'SRGS041');
    assert.equal(left.length, 1);
    assert.match(left[0]?.message ?? '', /"a" is left-recursive \(a → a\)/);
  });
});
