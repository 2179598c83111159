import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyXmlDocument } from '../../../../src/core/formats/xml/lazyTree';
import type { ScannedElement } from '../../../../src/core/formats/xml/nodes';
import { parseXml, scanXml } from '../../../../src/core/formats/xml/scanner';
import { serializeXml } from '../../helpers/serializeXml';
import type { XmlDocument, XmlNode } from '../../../../src/core/formats/xml/tree';
import type { XmlSink } from '../../../../src/core/formats/xml/treeBuilder';

/** Records what a sink is given, as `+name` (open), `name` (complete on arrival), `-name` (close), `"text"`. */
class RecordingSink implements XmlSink {
  readonly events: string[] = [];
  constructor(private readonly skipWhitespace = false) {}
  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    const where = parent ? `${parent.name}>` : '';
    if (node.kind === 'element') this.events.push(`${where}${open ? '+' : ''}${node.name}`);
    else if (node.kind === 'text') this.events.push(`${where}${JSON.stringify(node.value)}`);
    else this.events.push(`${where}${node.kind}`);
  }
  close(el: ScannedElement): void {
    this.events.push(`-${el.name}@${el.end}`);
  }
  skipsWhitespace(): boolean {
    return this.skipWhitespace;
  }
}

/** Every node's kind, name, offsets and parent, depth first. */
function shape(doc: XmlDocument): string {
  const out: string[] = [];
  const walk = (nodes: readonly XmlNode[]): void => {
    for (const n of nodes) {
      out.push(
        `${n.kind}:${n.kind === 'element' ? n.name : ''}:${n.range.start}-${n.range.end}:${n.parent?.range.start ?? '-'}`,
      );
      if (n.kind === 'element') walk(n.children);
    }
  };
  walk(doc.children);
  return out.join(' ');
}

describe('scanXml: a sink of ones own', () => {
  test('gets every node in document order, each element closed after its content', () => {
    const text = '<?xml version="1.0"?><a><b x="1">t</b><c/> <!--n--></a>';
    const sink = new RecordingSink();
    const scan = scanXml(text, sink);
    assert.deepEqual(sink.events, [
      'pi',
      '+a',
      'a>+b',
      'b>"t"',
      '-b@38',
      'a>c',
      'a>" "',
      'a>comment',
      `-a@${text.length}`,
    ]);
    assert.equal(scan.root?.name, 'a');
    assert.equal(scan.declaration?.version, '1.0');
    assert.deepEqual(scan.errors, []);
  });

  test('unclosed and mismatched elements are closed where the scanner recovers, with the same errors as parseXml', () => {
    const text = '<a><b><c></b>';
    const sink = new RecordingSink();
    const scan = scanXml(text, sink);
    assert.deepEqual(sink.events, ['+a', 'a>+b', 'b>+c', '-c@9', '-b@13', '-a@13']);
    assert.deepEqual(scan.errors, parseXml(text).errors);
  });

  test('nothing deeper than maxDepth reaches the sink', () => {
    const sink = new RecordingSink();
    scanXml('<a><b><c>x</c></b></a>', sink, { maxDepth: 2 });
    assert.deepEqual(sink.events, ['+a', 'a>+b', '-b@18', '-a@22']);
  });

  test('a sink may decline whitespace-only text; other text still arrives', () => {
    const sink = new RecordingSink(true);
    scanXml('<a>\n  <b> x </b>\n</a>', sink);
    assert.deepEqual(sink.events, ['+a', 'a>+b', 'b>" x "', '-b@16', '-a@21']);
  });
});

/** A sink that keeps no node (XmlSink.transient): records what it is given, and which objects it was given. */
class TransientSink extends RecordingSink {
  readonly transient = true;
  readonly objects = new Set<XmlNode>();
  override add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    super.add(node, parent, open);
    this.objects.add(node);
    if (node.kind === 'element')
      this.events.push(
        `@${node.range.start}-${node.range.end}:${node.attributes.map((a) => `${a.name}=${a.value}`).join(',')}`,
      );
  }
}

describe('scanXml: a transient sink', () => {
  const text =
    '<?xml version="1.0"?><g v="1"><a x="1">t<b/><c y="2" z="3">u</c></a><a>w<b q="4"/></a><a/><![CDATA[d]]></g>';

  test('gets the same events, offsets and attributes as a sink that keeps its nodes', () => {
    const keeping = new TransientSink();
    Object.defineProperty(keeping, 'transient', { value: false });
    const reusing = new TransientSink();
    const scan = scanXml(text, reusing);
    scanXml(text, keeping);
    assert.deepEqual(reusing.events, keeping.events);
    assert.deepEqual(scan.errors, []);
  });

  test('finished elements and text nodes are reused; the root element never is', () => {
    const reusing = new TransientSink();
    const scan = scanXml(text, reusing);
    const elements = reusing.events.filter((e) => e.startsWith('@')).length;
    const distinct = [...reusing.objects].filter((n) => n.kind === 'element').length;
    assert.ok(distinct < elements, `${distinct} element objects for ${elements} elements`);
    assert.equal(
      [...reusing.objects].filter((n) => n.kind === 'text').length,
      1,
      'one text node object for every text run',
    );
    assert.equal(scan.root?.name, 'g');
    assert.equal(scan.root?.attributes[0]?.value, '1', 'the root element still holds its own attributes');
    assert.equal(scan.root?.range.end, text.length);
  });
});

describe('lazyXmlDocument', () => {
  const text = '<?xml version="1.0"?>\n<!DOCTYPE g>\n<g a="1">\n  <r>w &amp; v</r>\n</g>\n';
  const lazyOf = (): XmlDocument => lazyXmlDocument(text, scanXml(text, new RecordingSink()), {});

  test('is the tree parseXml builds, with text and errors known before it is built', () => {
    const lazy = lazyOf();
    const eager = parseXml(text);
    assert.equal(lazy.text, text);
    assert.deepEqual(lazy.errors, eager.errors);
    assert.equal(shape(lazy), shape(eager));
    assert.equal(lazy.root?.name, 'g');
    assert.equal(
      lazy.doctype,
      lazy.children.find((n) => n.kind === 'doctype'),
      'the doctype is the node in children',
    );
    assert.equal(serializeXml(lazy), text);
  });

  test('spreading builds it too, and its nodes can be replaced like any document', () => {
    const copy = { ...lazyOf() };
    assert.equal(copy.root?.name, 'g');
    assert.equal(copy.children.length, parseXml(text).children.length);
    const lazy = lazyOf();
    lazy.children = [];
    assert.deepEqual(lazy.children, []);
    assert.equal(lazy.root?.name, 'g', 'the other nodes were built first');
  });
});
