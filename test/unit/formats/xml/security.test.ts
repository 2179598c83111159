import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseXml } from '../../../../src/core/formats/xml/scanner';
import { serializeXml } from '../../helpers/serializeXml';
import { textContent, type XmlElement, type XmlNode } from '../../../../src/core/formats/xml/tree';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { checkTrsx } from '../../../../src/core/formats/trsx/validate';
import { readFixture } from '../trsx/fixtures';

function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

function depthOf(root: XmlElement): number {
  let max = 0;
  const stack: Array<[XmlNode, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop() as [XmlNode, number];
    max = Math.max(max, d);
    if (n.kind === 'element') for (const c of n.children) stack.push([c, d + 1]);
  }
  return max;
}

describe('XML security and limits', () => {
  test('billion laughs: entities are recorded, never expanded', () => {
    const { value: doc, ms } = timed(() => parseXml(readFixture('billion-laughs.xml')));
    // Expanding would mean 10^9 copies: seconds are not enough for that, even on a quiet machine.
    assert.ok(ms < 10_000, `took ${ms} ms`);
    assert.equal(doc.doctype?.entityNames.length, 10);
    assert.deepEqual(
      doc.errors.map((e) => e.code),
      ['XML017', 'XML008'],
    );
    assert.equal(textContent(doc.root as XmlElement), '&lol9;');
  });

  test('external entities are never read, and nothing is fetched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-xxe-'));
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('<!ENTITY leak "x">');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const secret = join(dir, 'secret.txt');
      await writeFile(secret, 'TOP-SECRET');
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const text =
        `<?xml version="1.0"?>\n<!DOCTYPE project SYSTEM "http://127.0.0.1:${port}/evil.dtd" [\n` +
        `  <!ENTITY xxe SYSTEM "file://${secret}">\n  <!ENTITY % remote SYSTEM "http://127.0.0.1:${port}/p.dtd">\n  %remote;\n]>\n` +
        '<project xml:lang="eng-USA"><metadata><entry key="leak">&xxe;</entry></metadata></project>';
      const result = parseTrsx(text);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(hits, 0);
      assert.equal(result.document.metadata[0]?.value, '&xxe;');
      assert.ok(!JSON.stringify(result.document).includes('TOP-SECRET'));
      assert.deepEqual(
        result.diagnostics.map((d) => d.code),
        ['XML017', 'XML008'],
      );
      assert.match(result.diagnostics[0]?.message ?? '', /not fetched/);
      // The fixture variant, through the full check.
      assert.ok(checkTrsx(readFixture('external-entity.xml')).some((d) => d.code === 'XML008'));
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('10,000-deep nesting is reported, bounded and does not overflow the stack', () => {
    const n = 10_000;
    const text = '<a>'.repeat(n) + 'x' + '</a>'.repeat(n);
    const { value: doc, ms } = timed(() => parseXml(text));
    assert.ok(ms < 10_000, `took ${ms} ms`);
    assert.deepEqual(
      doc.errors.map((e) => e.code),
      ['XML018'],
    );
    assert.equal(depthOf(doc.root as XmlElement), 2000);
    assert.equal(serializeXml(doc), text);
    const sample = `<project xml:lang="eng-USA"><samples><sample intentref="NO_INTENT">${'<annotation conceptref="nuance_X">'.repeat(n)}x${'</annotation>'.repeat(n)}</sample></samples></project>`;
    const diagnostics = checkTrsx(sample);
    assert.ok(diagnostics.some((d) => d.code === 'XML018'));
  });

  test('a 50 MB document parses in linear time; over maxLength it is refused with a diagnostic', () => {
    const chunk = `<sample intentref="NO_INTENT">${'word '.repeat(2000)}</sample>\n`;
    const count = Math.ceil((50 * 1024 * 1024) / chunk.length);
    const text = `<project xml:lang="eng-USA"><samples>\n${chunk.repeat(count)}</samples></project>`;
    assert.ok(text.length >= 50 * 1024 * 1024);
    // Linear, measured against a tenth of the document in the same run (quadratic would be ~100 times slower).
    const tenth = timed(() =>
      parseXml(`<project xml:lang="eng-USA"><samples>\n${chunk.repeat(Math.ceil(count / 10))}</samples></project>`),
    );
    const { value: doc, ms } = timed(() => parseXml(text));
    assert.ok(ms < 30 * Math.max(tenth.ms, 20), `took ${ms} ms, a tenth of it ${tenth.ms} ms`);
    assert.deepEqual(doc.errors, []);
    assert.equal(doc.root?.children.filter((c) => c.kind === 'element').length, 1);
    const refused = timed(() => parseXml(text, { maxLength: 10 * 1024 * 1024 }));
    // Refusing reads nothing: a fraction of the full parse measured just before (a GC pause may still hit it).
    assert.ok(refused.ms < Math.max(ms / 3, 300), `refused in ${refused.ms} ms, parsed in ${ms} ms`);
    assert.deepEqual(
      refused.value.errors.map((e) => e.code),
      ['XML019'],
    );
    assert.equal(refused.value.root, undefined);
  });

  test('random damage to a valid file never throws and stays lossless', () => {
    const base = readFixture('valid.trsx');
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const noise = ['<', '>', '&', '"', "'", '/', '</', '<!--', ']]>', '<![CDATA[', '=', '<?', '&#', ';', ''];
    for (let i = 0; i < 300; i++) {
      let text = base;
      for (let k = 0; k < 1 + random(4); k++) {
        const at = random(text.length);
        text = text.slice(0, at) + (noise[random(noise.length)] ?? '') + text.slice(at + random(3));
      }
      const doc = parseXml(text);
      assert.equal(serializeXml(doc), text);
      for (const e of doc.errors) assert.ok(e.range.start >= 0 && e.range.end <= text.length, e.code);
      for (const d of checkTrsx(text))
        assert.ok(d.range.start >= 0 && d.range.end <= text.length && d.message.length > 0, d.code);
    }
  });
});
