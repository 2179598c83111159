import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { shiftSubtree } from '../../../../src/core/formats/xml/nodes';
import { parseXml } from '../../../../src/core/formats/xml/scanner';
import { serializeXml } from '../../helpers/serializeXml';
import {
  attributeValue,
  childElements,
  textContent,
  type XmlDocument,
  type XmlElement,
  type XmlNode,
} from '../../../../src/core/formats/xml/tree';
import { corpusDir } from '../lists/corpus';

/** The innermost node whose range contains `offset`: the ranges of a parsed tree nest. */
function nodeAt(doc: XmlDocument, offset: number): XmlNode | undefined {
  let found: XmlNode | undefined;
  let nodes: readonly XmlNode[] = doc.children;
  for (;;) {
    const hit = nodes.find((n) => n.range.start <= offset && offset < n.range.end);
    if (!hit) return found;
    found = hit;
    if (hit.kind !== 'element') return found;
    nodes = hit.children;
  }
}

const codes = (text: string): string[] => parseXml(text).errors.map((e) => e.code);

describe('parseXml: tree and positions', () => {
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n<r a="1" b=\'x &amp; y\'>\n  <c>t&lt;1&#x41;&#66;</c><![CDATA[<raw>]]><d/>\n</r>\n';
  const doc = parseXml(text);

  test('builds elements, attributes, text, comments, CDATA and the declaration', () => {
    assert.deepEqual(doc.errors, []);
    assert.equal(doc.declaration?.version, '1.0');
    assert.equal(doc.declaration?.encoding, 'UTF-8');
    assert.deepEqual(
      doc.children.map((n) => n.kind),
      ['pi', 'text', 'comment', 'text', 'element', 'text'],
    );
    const r = doc.root as XmlElement;
    assert.equal(r.name, 'r');
    assert.equal(attributeValue(r, 'b'), 'x & y');
    const b = r.attributes[1];
    assert.equal(b?.rawValue, 'x &amp; y');
    assert.equal(b?.quote, "'");
    assert.equal(text.slice(b?.nameRange.start, b?.nameRange.end), 'b');
    assert.equal(text.slice(b?.valueRange.start, b?.valueRange.end), 'x &amp; y');
    const [c, d] = childElements(r);
    assert.equal(textContent(c as XmlElement), 't<1AB');
    assert.equal(c?.parent, r);
    const cdata = r.children.find((n) => n.kind === 'text' && n.cdata);
    assert.equal(cdata?.kind === 'text' ? cdata.value : undefined, '<raw>');
    assert.equal(d?.selfClosing, true);
    assert.equal(d?.closeTagRange, undefined);
    assert.equal(text.slice(r.range.start, r.range.end).endsWith('</r>'), true);
    assert.equal(text.slice(c?.openTagRange.start, c?.openTagRange.end), '<c>');
    assert.equal(text.slice(c?.closeTagRange?.start, c?.closeTagRange?.end), '</c>');
  });

  test('node ranges nest: the innermost node at an offset is the text inside its element', () => {
    const at = text.indexOf('t&lt;');
    const node = nodeAt(doc, at);
    assert.equal(node?.kind, 'text');
    assert.equal(node?.parent?.name, 'c');
  });

  test('normalizes line endings in text and whitespace in attribute values, as XML requires', () => {
    const d = parseXml('<r a="x\ty\r\nz">1\r\n2\r3</r>');
    assert.equal(attributeValue(d.root as XmlElement, 'a'), 'x y z');
    assert.equal(textContent(d.root as XmlElement), '1\n2\n3');
    assert.equal(serializeXml(d), '<r a="x\ty\r\nz">1\r\n2\r3</r>');
  });
});

describe('parseXml: positions derived from the compact nodes', () => {
  // Attributes keep the name, the value, their start and one number for the quote and the value's offset; text
  // nodes keep their start and raw text: every other offset is derived, and must stay right when a tree moves.
  const text = '<r a = "1"\tb=\'x&#10;y\'\r\n>one\r\ntwo<![CDATA[c]]></r>';
  const ranges = (el: XmlElement): string[] =>
    el.attributes.map(
      (a) =>
        `${a.name}${a.quote}${a.range.start}-${a.range.end} ${a.nameRange.start}-${a.nameRange.end} ${a.valueRange.start}-${a.valueRange.end} ${a.rawValue}`,
    );

  test('attribute ranges with spaces around "=", single quotes and a decoded value; text ends and CDATA', () => {
    const root = parseXml(text).root as XmlElement;
    assert.deepEqual(ranges(root), ['a"3-10 3-4 8-9 1', "b'11-22 11-12 14-21 x&#10;y"]);
    assert.equal(attributeValue(root, 'b'), 'x\ny');
    for (const a of root.attributes)
      assert.equal(text.slice(a.valueRange.start - 1, a.valueRange.end + 1), `${a.quote}${a.rawValue}${a.quote}`);
    const [plain, cdata] = root.children;
    assert.deepEqual(
      [plain?.kind, plain?.kind === 'text' && plain.cdata, plain?.range],
      ['text', false, { start: 25, end: 33 }],
    );
    assert.equal(plain?.kind === 'text' ? plain.value : '', 'one\ntwo');
    assert.deepEqual([cdata?.kind === 'text' && cdata.cdata, cdata?.range], [true, { start: 33, end: 46 }]);
  });

  test('shiftSubtree moves every derived offset with the node', () => {
    const offsets = (el: XmlElement): number[] => [
      ...el.attributes.flatMap((a) => [
        a.range.start,
        a.range.end,
        a.nameRange.end,
        a.valueRange.start,
        a.valueRange.end,
      ]),
      ...el.children.flatMap((n) => [n.range.start, n.range.end]),
    ];
    const root = parseXml(text).root as XmlElement;
    const before = offsets(root);
    const raw = root.attributes.map((a) => [a.rawValue, a.quote]);
    shiftSubtree(root, 7);
    assert.deepEqual(
      offsets(root),
      before.map((n) => n + 7),
    );
    assert.deepEqual(
      root.attributes.map((a) => [a.rawValue, a.quote]),
      raw,
    );
  });
});

describe('parseXml: well-formedness errors, with recovery', () => {
  test('reports each problem with a code and a range, and keeps scanning', () => {
    const text = '<a x="1" x="2"><b>fish &chips; & <c></a><d';
    const errors = parseXml(text).errors;
    assert.deepEqual(
      errors.map((e) => e.code),
      ['XML006', 'XML008', 'XML009', 'XML002', 'XML003', 'XML003', 'XML001', 'XML011'],
    );
    const entity = errors.find((e) => e.code === 'XML008');
    assert.equal(text.slice(entity?.range.start, entity?.range.end), '&chips;');
    for (const e of errors) assert.ok(e.range.start >= 0 && e.range.end <= text.length && e.range.start <= e.range.end);
  });

  test('covers each error class', () => {
    assert.deepEqual(codes('<a>x'), ['XML003']);
    assert.deepEqual(codes('<a></b></a>'), ['XML004']);
    assert.deepEqual(codes('<a b></a>'), ['XML005']);
    assert.deepEqual(codes('<a b=c></a>'), ['XML005']);
    assert.deepEqual(codes('<a b="<"/>'), ['XML007']);
    assert.deepEqual(codes('<a>&#0;&#xZZ;</a>'), ['XML009', 'XML009']);
    assert.deepEqual(codes('<a>1 < 2</a>'), ['XML010']);
    assert.deepEqual(codes('text<a/>'), ['XML011']);
    assert.deepEqual(codes('<!-- only a comment -->'), ['XML012']);
    assert.deepEqual(codes(' <?xml version="1.0"?><a/>'), ['XML013']);
    assert.deepEqual(codes('<a><!-- a -- b --></a>'), ['XML014']);
    assert.deepEqual(codes('<a>]]></a>'), ['XML015']);
    assert.deepEqual(codes('<a><?XML x?></a>'), ['XML021']);
    assert.deepEqual(codes('<a><!-- never ends'), ['XML001', 'XML003']);
    assert.deepEqual(codes('<a b="never ends'), ['XML001']);
    assert.deepEqual(codes('<a><![CDATA[x'), ['XML001', 'XML003']);
    assert.deepEqual(codes('<a><?pi x'), ['XML001', 'XML003']);
    assert.deepEqual(codes('<a><!BOGUS></a>'), ['XML005']);
  });

  test('caps the number of reported errors', () => {
    const errors = parseXml(`<a>${'&x;'.repeat(500)}</a>`, { maxErrors: 10 }).errors;
    assert.equal(errors.length, 11);
    assert.equal(errors[10]?.code, 'XML020');
  });
});

describe('serializeXml is lossless', () => {
  const samples = [
    '<a/>',
    '<?xml version="1.0"?>\r\n<a  x = "1"\n y=\'2\' >t &amp; <b/>\r\n</a>\r\n',
    '\ufeff<a><![CDATA[x]]><!--c--><?pi d?></a>',
    '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
    '<a><b></a>',
    '<a></x></a>',
    'junk <a b=c d="1">< </a> trailing',
    '<a b="',
  ];
  for (const s of samples)
    test(`reproduces ${JSON.stringify(s.slice(0, 30))}`, () => assert.equal(serializeXml(parseXml(s)), s));

  test('reproduces every corpus XML file byte for byte', (t) => {
    const root = corpusDir();
    if (!root) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    let checked = 0;
    for (const folder of ['trsx', 'grxml/jvoicexml', 'grxml/spec']) {
      let names: string[];
      try {
        names = readdirSync(join(root, folder));
      } catch {
        continue;
      }
      for (const name of names.filter((n) => /\.(trsx|grxml|srgs|xml|xsd)$/.test(n))) {
        const text: string = readFileSync(join(root, folder, name), 'utf8');
        assert.equal(serializeXml(parseXml(text)), text, `${folder}/${name}`);
        checked++;
      }
    }
    assert.ok(checked >= 4, `only ${checked} corpus files found`);
  });
});
