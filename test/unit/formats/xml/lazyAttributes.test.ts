// parseXml's `lazyAttributes`: elements keep no attribute objects and scan their open tag again from the text
// when read. What they read must be exactly what the eager scan keeps (names, values, raw values, quotes, every
// range), on real files and on the malformed tags the scanner recovers from (XML 1.0 §3.1 start-tags,
// §3.3.3 attribute-value normalization), and must follow the tree when it is moved onto an edited text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  attributeSourceOf,
  keepAttributes,
  shiftEnclosingEnd,
  shiftSubtree,
} from '../../../../src/core/formats/xml/nodes';
import { parseXml } from '../../../../src/core/formats/xml/scanner';
import { serializeXml } from '../../helpers/serializeXml';
import type { XmlAttribute, XmlDocument, XmlElement, XmlNode } from '../../../../src/core/formats/xml/tree';
import { corpusDir } from '../lists/corpus';

interface AttributeFacts {
  name: string;
  value: string;
  rawValue: string;
  quote: string;
  range: unknown;
  nameRange: unknown;
  valueRange: unknown;
}

const facts = (a: XmlAttribute): AttributeFacts => ({
  name: a.name,
  value: a.value,
  rawValue: a.rawValue,
  quote: a.quote,
  range: a.range,
  nameRange: a.nameRange,
  valueRange: a.valueRange,
});

/** Every element's attributes, in document order. */
function allAttributes(doc: XmlDocument): AttributeFacts[][] {
  const out: AttributeFacts[][] = [];
  const stack: XmlNode[] = [...doc.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as XmlNode;
    if (n.kind !== 'element') continue;
    out.push(n.attributes.map(facts));
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as XmlNode);
  }
  return out;
}

function assertSameAsEager(text: string, label: string): void {
  const eager = parseXml(text);
  const lazy = parseXml(text, { lazyAttributes: true });
  assert.deepEqual(lazy.errors, eager.errors, `${label}: errors`);
  assert.deepEqual(allAttributes(lazy), allAttributes(eager), `${label}: attributes`);
  assert.equal(serializeXml(lazy), text, `${label}: serialized`);
}

describe('parseXml with lazyAttributes', () => {
  test('reads the same attributes as the eager scan, decoded values and single quotes included', () => {
    assertSameAsEager(
      '<r a="1" b=\'x &amp; y\' c="tab\there&#10;"><s intentref="BOOK" count="2">t</s><e/></r>',
      'well-formed',
    );
  });

  test('reads the same attributes from the malformed tags the scanner recovers from', () => {
    const cases = [
      '<r a="1"b="2"/>', // missing whitespace (§3.1)
      '<r a="1" a="2"/>', // repeated attribute: both kept, reported once
      '<r a=1 b="2"/>', // unquoted value
      '<r a b="2"/>', // no value
      '<r a="x<y" b="&bogus;"/>', // '<' and an unknown entity in a value
      '<r a="1" <s b="2"/></r>', // tag cut off by the next one
      '<r a="1" % b="2"/>', // stray character
      '<r a="unterminated/>', // value never closed
      '<r a="1"', // input ends in the tag
    ];
    for (const text of cases) assertSameAsEager(text, text);
  });

  test('reads the same attributes on every real TRSX and GrXML file of the corpus', (t) => {
    const root = corpusDir();
    if (!root) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    const files = ['trsx', 'grxml'].flatMap((dir) =>
      listFiles(join(root, dir)).filter((f) => /\.(trsx|grxml|xml)$/.test(f)),
    );
    assert.ok(files.length > 0, 'no XML files in the corpus');
    for (const file of files) assertSameAsEager(readFileSync(file, 'utf8'), file);
  });

  test('elements keep no attribute objects: each read scans afresh', () => {
    const doc = parseXml('<r a="1"><s b="2"/></r>', { lazyAttributes: true });
    const r = doc.root as XmlElement;
    assert.notEqual(r.attributes, r.attributes);
    assert.equal(attributeSourceOf(r)?.text, '<r a="1"><s b="2"/></r>');
    assert.equal(attributeSourceOf(parseXml('<r a="1"/>').root), undefined);
  });

  test('follow their tree onto an edited text; nodes taken out keep what they read before', () => {
    const text = '<r><s a="1"/><s a="2"/></r>';
    const doc = parseXml(text, { lazyAttributes: true });
    const r = doc.root as XmlElement;
    const [first, second] = r.children as XmlElement[];
    // Replace the first <s> by a fragment scanned on its own, as the language services' incremental update does.
    const fragmentText = '<s a="10" b="x"/>';
    const fragment = parseXml(fragmentText, { lazyAttributes: true }).root as XmlElement;
    const edited = `<r>${fragmentText}<s a="2"/></r>`;
    keepAttributes(first as XmlElement);
    const source = attributeSourceOf(r);
    assert.ok(source);
    source.text = edited;
    const delta = fragmentText.length - '<s a="1"/>'.length;
    shiftSubtree(second as XmlElement, delta);
    shiftEnclosingEnd(r, delta);
    shiftSubtree(fragment, 3, source);
    r.children.splice(0, 1, fragment);
    assert.deepEqual(allAttributes(doc), allAttributes(parseXml(edited)));
    assert.equal(serializeXml({ ...doc, text: edited }), edited);
    const before = (parseXml(text).root?.children[0] as XmlElement).attributes.map(facts);
    assert.deepEqual((first as XmlElement).attributes.map(facts), before);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}
