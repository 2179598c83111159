import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGrxml, parseGrxmlBytes } from '../../../../src/core/formats/grxml/parse';
import type {
  Expansion,
  ItemExpansion,
  OneOfExpansion,
  RuleRefExpansion,
  TokenExpansion,
} from '../../../../src/core/formats/grxml/model';
import { grammarText, loadFixture } from './helpers';

function tokens(children: readonly Expansion[]): string[] {
  return children.filter((c): c is TokenExpansion => c.kind === 'token').map((t) => t.text);
}

describe('parseGrxml: model', () => {
  test('grammar attributes, header elements and rules are read', () => {
    const { grammar, diagnostics } = loadFixture('valid', 'header.grxml');
    // SRGS 1.0 §4.1 recommends this DOCTYPE: it is legitimate, so nothing is reported (its DTD is never fetched).
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [],
      'the recommended DOCTYPE is not reported',
    );
    assert.equal(grammar.namespace, 'http://www.w3.org/2001/06/grammar');
    assert.equal(grammar.version, '1.0');
    assert.equal(grammar.lang, 'en-GB');
    assert.equal(grammar.mode, 'voice');
    assert.equal(grammar.root, 'greeting');
    assert.equal(grammar.tagFormat, 'semantics/1.0');
    assert.equal(grammar.base, 'http://example.com/grammars/');
    assert.deepEqual(
      grammar.lexicons.map((l) => [l.uri, l.type]),
      [['lexicon.pls', 'application/pls+xml']],
    );
    assert.deepEqual(
      grammar.metas.map((m) => [m.name, m.httpEquiv, m.content]),
      [
        ['author', undefined, 'Conversational Studio'],
        [undefined, 'Expires', '0'],
      ],
    );
    assert.match(grammar.metadata[0]?.text ?? '', /^<metadata><dc:title>Greetings<\/dc:title><\/metadata>$/);
    assert.deepEqual(
      grammar.tags.map((t) => t.text),
      ['var greetings = 0;'],
    );
    const rule = grammar.rulesById.get('greeting');
    assert.ok(rule);
    assert.equal(rule.scope, 'public');
    assert.deepEqual(
      rule.examples.map((e) => e.text),
      ['hello there'],
    );
    const oneOf = rule.body.children[0] as OneOfExpansion;
    assert.equal(oneOf.kind, 'one-of');
    assert.equal(oneOf.lang, 'en-GB');
    const bonjour = oneOf.items[1]?.body.children[0] as TokenExpansion;
    assert.deepEqual([bonjour.text, bonjour.quoted, bonjour.lang], ['bonjour', true, 'fr-FR']);
  });

  test('text splits on whitespace; <token> and double quotes keep one multi-word token', () => {
    const { grammar } = parseGrxml(
      grammarText('<rule id="main">  i\twould\n like <token> thank\n  you </token> "orange   juice" tea</rule>'),
    );
    const children = grammar.rulesById.get('main')?.body.children ?? [];
    assert.deepEqual(tokens(children), ['i', 'would', 'like', 'thank you', 'orange juice', 'tea']);
    assert.deepEqual(
      children.map((c) => (c as TokenExpansion).quoted),
      [false, false, false, true, true, false],
    );
  });

  test('token ranges point at the words in the source', () => {
    const text = grammarText('<rule id="main">hello <token>big world</token></rule>');
    const children = parseGrxml(text).grammar.rulesById.get('main')?.body.children ?? [];
    assert.equal(text.slice(children[0]?.range.start, children[0]?.range.end), 'hello');
    assert.equal(text.slice(children[1]?.range.start, children[1]?.range.end), '<token>big world</token>');
  });

  test('rule references: local, external with and without fragment, special, invalid', () => {
    const { grammar } = parseGrxml(
      grammarText(
        '<rule id="main"><ruleref uri="#a"/><ruleref uri="other.grxml#b"/><ruleref uri="other.grxml" type="application/srgs+xml"/>' +
          '<ruleref special="GARBAGE"/><ruleref uri="#"/><ruleref special="nothing"/></rule><rule id="a">x</rule>',
      ),
    );
    const refs = (grammar.rulesById.get('main')?.body.children ?? []) as RuleRefExpansion[];
    assert.deepEqual(
      refs.map((r) => r.target),
      [
        { kind: 'local', rule: 'a' },
        { kind: 'external', uri: 'other.grxml', rule: 'b' },
        { kind: 'external', uri: 'other.grxml' },
        { kind: 'special', name: 'GARBAGE' },
        { kind: 'invalid' },
        { kind: 'invalid' },
      ],
    );
    assert.equal(refs[2]?.type, 'application/srgs+xml');
  });

  test('repeat, repeat-prob and weight give effective values (defaults when malformed)', () => {
    const { grammar } = loadFixture('valid', 'repeats.grxml');
    const items = (grammar.rulesById.get('main')?.body.children ?? []) as ItemExpansion[];
    assert.deepEqual(
      items.map((i) => i.repeat),
      [
        { min: 2, max: 2 },
        { min: 1, max: 3 },
        { min: 0, max: null },
        { min: 1, max: null },
        { min: 0, max: 0 },
      ],
    );
    assert.equal(items[1]?.repeatProb, 0.5);
    const bad = parseGrxml(
      grammarText(
        '<rule id="main"><one-of><item weight="x" repeat="9-2">a</item><item weight="2.5">b</item></one-of></rule>',
      ),
    );
    const [first, second] = (bad.grammar.rulesById.get('main')?.body.children[0] as OneOfExpansion).items;
    assert.deepEqual([first?.weight, first?.repeat, first?.weightAttribute], [1, { min: 1, max: 1 }, 'x']);
    assert.equal(second?.weight, 2.5);
  });

  test('a prefixed SRGS namespace is understood', () => {
    const { grammar } = parseGrxml(
      '<g:grammar xmlns:g="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="de" root="r"><g:rule id="r"><g:one-of><g:item>ja</g:item></g:one-of></g:rule></g:grammar>',
    );
    assert.equal(grammar.namespace, 'http://www.w3.org/2001/06/grammar');
    assert.equal((grammar.rulesById.get('r')?.body.children[0] as OneOfExpansion).items.length, 1);
  });

  test('stray children of one-of stay matchable: a tag joins the previous item, other expansions become alternatives', () => {
    const { grammar } = parseGrxml(
      grammarText(
        '<rule id="main"><one-of><item>dogs</item><tag>out="dog"</tag><ruleref uri="#cat"/></one-of></rule><rule id="cat">cats</rule>',
      ),
    );
    const oneOf = grammar.rulesById.get('main')?.body.children[0] as OneOfExpansion;
    assert.deepEqual(
      oneOf.items.map((i) => i.body.children.map((c) => c.kind)),
      [['token', 'tag'], ['ruleref']],
    );
  });
});

describe('parseGrxmlBytes: encodings', () => {
  const xml = (decl: string): string =>
    `<?xml version="1.0" encoding="${decl}"?>\n${grammarText('<rule id="main">grüß dich 안녕</rule>')}`;
  const words = (bytes: Uint8Array): string[] =>
    tokens(parseGrxmlBytes(bytes).grammar.rulesById.get('main')?.body.children ?? []);

  test('UTF-8 with and without BOM', () => {
    assert.deepEqual(words(Buffer.from(xml('UTF-8'))), ['grüß', 'dich', '안녕']);
    assert.deepEqual(words(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml('UTF-8'))])), [
      'grüß',
      'dich',
      '안녕',
    ]);
  });

  test('UTF-16 little and big endian with BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml('UTF-16'), 'utf16le')]);
    const beBody = Buffer.from(xml('UTF-16'), 'utf16le').swap16();
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), beBody]);
    assert.deepEqual(words(le), ['grüß', 'dich', '안녕']);
    assert.deepEqual(words(be), ['grüß', 'dich', '안녕']);
  });

  test('ISO-8859-1', () => {
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?>\n${grammarText('<rule id="main">grüß dich</rule>')}`;
    assert.deepEqual(words(Buffer.from(text, 'latin1')), ['grüß', 'dich']);
  });
});

describe('parseGrxml: bad input never throws', () => {
  const inputs = [
    '',
    'not xml at all',
    '<grammar',
    '<<<>>>',
    '\u0000\u0001\u0002',
    '<grammar><rule id="x"><item>',
    '<a/><b/>',
    '<grammar>'.repeat(5000),
  ];
  for (const input of inputs) {
    test(`input ${JSON.stringify(input.slice(0, 30))}`, () => {
      const result = parseGrxml(input);
      assert.ok(Array.isArray(result.grammar.rules));
      if (input.length > 0) assert.ok(result.diagnostics.length > 0, 'the scanner reports a problem');
    });
  }
});
