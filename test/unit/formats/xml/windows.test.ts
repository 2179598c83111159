// scanXmlWindows must give a sink exactly what scanXml of the whole text gives it (nodes, offsets, errors), for
// any way the text is cut into pieces, or give up (undefined) so the caller scans the whole text. Utf8FileText must
// decode and slice exactly as decodeXmlBytes does. Checked on the corpus files and on malformed documents, cut
// into small windows so that tokens meet window ends.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeXmlBytes } from '../../../../src/core/formats/xml/decode';
import type { ScannedElement } from '../../../../src/core/formats/xml/nodes';
import { scanXml, scanXmlWindows, type XmlScanResult } from '../../../../src/core/formats/xml/scanner';
import { NotPlainUtf8Error, Utf8FileText, WholeText } from '../../../../src/core/formats/xml/textWindows';
import type { XmlNode } from '../../../../src/core/formats/xml/tree';
import type { XmlSink } from '../../../../src/core/formats/xml/treeBuilder';
import { corpusTrsxFiles } from '../lists/corpus';

/** Records every sink call with the node's offsets and content, as a transient sink must (copying). */
class Recorder implements XmlSink {
  readonly events: string[] = [];
  readonly transient = true;
  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    const where = `${parent?.name ?? '-'}${open ? ' open' : ''}`;
    if (node.kind === 'element') {
      const attrs = node.attributes
        .map((a) => `${a.name}=${a.value}@${a.range.start}-${a.range.end}/${a.valueRange.start}`)
        .join(',');
      this.events.push(
        `el ${node.name} ${node.range.start}-${node.range.end} open-tag ${node.openTagRange.end} [${attrs}] in ${where}`,
      );
    } else if (node.kind === 'text')
      this.events.push(
        `text ${JSON.stringify(node.value)} ${JSON.stringify(node.raw)} ${node.range.start}-${node.range.end} in ${where}`,
      );
    else this.events.push(`${node.kind} ${node.range.start}-${node.range.end} ${JSON.stringify(node)} in ${where}`);
  }

  close(el: ScannedElement): void {
    this.events.push(`close ${el.name} ${el.range.start}-${el.range.end} ${el.closeTagRange?.start ?? -1}`);
  }
}

function summary(events: string[], result: XmlScanResult): unknown {
  return {
    events,
    errors: result.errors,
    declaration: result.declaration,
    doctype: result.doctype,
    root: result.root?.range,
  };
}

function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/** Compares windowed scans (several cuts) with the whole-text scan; returns how many cuts gave up. */
function checkWindows(name: string, text: string, options = { elementOnly: new Set(['project', 'samples']) }): number {
  const whole = new Recorder();
  const expected = summary(whole.events, scanXml(text, whole, options));
  let gaveUp = 0;
  for (const [piece, margin, windowSize] of [
    [7, 40, 80],
    [13, 64, 128],
    [50, 100, 300],
    [1000, 2, 4],
    [1, 200, 400],
    [31, 300, 700],
  ] as const) {
    const sink = new Recorder();
    const result = scanXmlWindows(cut(text, piece), sink, { ...options, margin, windowSize });
    if (!result) {
      gaveUp++;
      continue;
    }
    assert.deepEqual(summary(sink.events, result), expected, `${name}: pieces of ${piece}, margin ${margin}`);
  }
  return gaveUp;
}

describe('scanXmlWindows', () => {
  test('corpus files: the same nodes, offsets and errors as the whole-text scan, whatever the windows', (t) => {
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    for (const { name, path } of files) {
      const text = decodeXmlBytes(readFileSync(path)).text;
      // Small margins give up on long tags; a margin of 200 characters holds every tag of these files.
      assert.ok(checkWindows(name, text) <= 3, name);
      assert.ok(checkWindows(`${name} in CRLF`, text.replace(/\n/g, '\r\n')) <= 3, name);
    }
  });

  test('malformed documents: identical or given up, never different', () => {
    const docs = [
      '<?xml version="1.0"?>\n<a x="1" y=\'2\'>text &amp; more <b/> </a>',
      '\ufeff<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
      '<a><b></a> trailing <c',
      '<a x="unterminated><b/></a>',
      '<a><!-- a comment -- with dashes --><![CDATA[ raw <x> ]]> ]]> </a ><?pi data?><?xml version="1.0"?>',
      '<a>< b</a><a/>text after',
      '<a></b  x></a><c>' + 'long text '.repeat(50) + '</c>',
      '<a><b c="' + 'v'.repeat(300) + '"/></a>',
      '',
      'no markup at all',
    ];
    for (const doc of docs) checkWindows(JSON.stringify(doc.slice(0, 30)), doc, { elementOnly: new Set() });
  });
});

describe('Utf8FileText', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cstudio-text-windows-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const fileOf = (name: string, bytes: Uint8Array): string => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  test('windows and slices equal the decoded text (ASCII, non-ASCII, astral, BOM, corpus)', () => {
    const texts = [
      '<?xml version="1.0" encoding="UTF-8"?><a>' + 'plain ascii '.repeat(5000) + '</a>',
      '<a>' + 'é à ü — 汉字 😀 '.repeat(4000) + '</a>',
      '\ufeff<a>with a byte-order mark ☕</a>',
      ...(corpusTrsxFiles() ?? []).map((f) => readFileSync(f.path, 'utf8')),
    ];
    texts.forEach((text, i) => {
      const bytes = Buffer.from(text, 'utf8');
      const expected = decodeXmlBytes(bytes).text;
      const source = Utf8FileText.open(fileOf(`${i}.xml`, bytes));
      try {
        assert.ok(source instanceof Utf8FileText, 'read by pieces');
        assert.equal([...source.windows()].join(''), expected);
        assert.equal(source.whole(), expected);
        for (const [s, e] of [
          [0, 5],
          [100, 300],
          [expected.length - 20, expected.length],
          [16_000, 17_500],
          [40_000, 40_001],
        ] as const) {
          assert.equal(source.slice(s, e), expected.slice(s, e), `${s}-${e}`);
        }
      } finally {
        source.close();
      }
      // Slices before the windows were read decode what they need first.
      const fresh = Utf8FileText.open(fileOf(`${i}.xml`, bytes));
      assert.equal(fresh.slice(30_000, 30_100), expected.slice(30_000, 30_100));
      fresh.close();
    });
  });

  test('other encodings are decoded whole, as decodeXmlBytes does; a bad UTF-8 byte stops the pieces', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>\xe9</a>', 'latin1');
    const whole = Utf8FileText.open(fileOf('latin1.xml', latin1));
    assert.ok(whole instanceof WholeText);
    assert.equal(whole.whole(), decodeXmlBytes(latin1).text);
    whole.close();
    const bad = Buffer.concat([Buffer.from('<a>' + 'x'.repeat(40_000)), Buffer.from([0xff]), Buffer.from('</a>')]);
    const source = Utf8FileText.open(fileOf('bad.xml', bad));
    assert.throws(() => [...source.windows()], NotPlainUtf8Error);
    assert.equal(source.whole(), decodeXmlBytes(bad).text);
    source.close();
  });
});
