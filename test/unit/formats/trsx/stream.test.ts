// The streaming TRSX reader (stream.ts) against the tree path (parseTrsx + validateTrsx): the same model and
// the same diagnostics (codes, messages, ranges, order) on real files, on every TRSX fixture of the repo, and
// on a few hundred damaged variants of them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseTrsx, parseTrsxBytes } from '../../../../src/core/formats/trsx/parse';
import { StreamedPositions } from '../../../../src/core/formats/trsx/stream-positions';
import {
  readAndValidateTrsx,
  readAndValidateTrsxBytes,
  readTrsxSamplesApart,
  type TrsxStreamResult,
} from '../../../../src/core/formats/trsx/stream';
import type { TrsxSample } from '../../../../src/core/formats/trsx/model';
import { validateTrsx, type TrsxValidationOptions } from '../../../../src/core/formats/trsx/validate';
import type { XmlParseOptions } from '../../../../src/core/formats/xml/scanner';
import { parseXml } from '../../../../src/core/formats/xml/scanner';
import type { XmlElement } from '../../../../src/core/formats/xml/tree';
import { corpusTrsxFiles } from '../lists/corpus';

type Options = TrsxValidationOptions & XmlParseOptions;

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** Every .trsx file under test/ (fixtures of the format, the language services, the sync workspace, …). */
function repoTrsxFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.trsx')) out.push(path);
    }
  };
  walk(join(repoRoot(), 'test'));
  return out.sort();
}

function assertSame(
  stream: TrsxStreamResult,
  tree: ReturnType<typeof parseTrsx>,
  options: Options,
  label: string,
): void {
  assert.deepEqual(stream.diagnostics, tree.diagnostics, `${label}: well-formedness diagnostics`);
  assert.deepEqual(stream.validation, validateTrsx(tree, options), `${label}: TRSX diagnostics`);
  assert.deepEqual(stream.document, tree.document, `${label}: model`);
  assert.equal(stream.text, tree.tree.text, `${label}: text`);
}

function assertSameText(text: string, label: string, options: Options = {}): void {
  assertSame(readAndValidateTrsx(text, options), parseTrsx(text, options), options, label);
}

/** mulberry32: a small seeded generator, so every run checks the same inputs. */
function seeded(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/** Fragments that exercise the rules: misplaced and repeated sections, bad attributes, references, markup oddities. */
const SNIPPETS = [
  '<sample intentref="ORDER">two coffees</sample>',
  '<sample intentref="NOPE" count="0">x</sample>',
  '<sample/>',
  '<annotation conceptref="SIZE">large</annotation>',
  '<annotation conceptref="GHOST"/>',
  '<annotation>',
  '</annotation>',
  '</sample>',
  '<samples>',
  '</samples>',
  '<ontology>',
  '</ontology>',
  '<intents>',
  '<intent name="A B"/>',
  '<intent name="ORDER"><links><link conceptref="SIZE"/><link conceptref="SIZE"/></links><links/></intent>',
  '<concept name="SIZE"><regex>(</regex><regex>[a-z]+</regex><settings><setting name="isSensitive" value="maybe"/></settings></concept>',
  '<concept name="C" dataType="weird" ruleGrammarFileName="../x.grxml"><relations><relation type="isA" conceptref="C"/><relation type="isB" conceptref=""/></relations></concept>',
  '<dictionary conceptref="SIZE"><entry literal="big" value="L"/><entry literal="big" value="L"/></dictionary>',
  '<dictionaries>',
  '<metadata><entry key="k">v<x/>w</entry></metadata>',
  '<sources><source name="s" useForOOV="yes"/></sources>',
  '<!-- a comment -->',
  '<![CDATA[raw <text>]]>',
  '&amp;',
  '&bogus;',
  '&#x41;',
  ' stray text ',
  ' count="2"',
  ' excluded="true"',
  ' intentref="ORDER"',
  ' nuance:version="x"',
  ' xml:lang="english"',
  ' foo="1"',
  '<?pi data?>',
  '<project>',
  '</project>',
  '<unknown attr="1">text</unknown>',
  '\n  ',
  '<',
  '>',
  '"',
  '/>',
  '<sample intentref="ORDER">  two   coffees </sample>',
];

function mutate(text: string, random: (n: number) => number): string {
  let out = text;
  const edits = 1 + random(3);
  for (let k = 0; k < edits; k++) {
    const at = random(out.length + 1);
    const span = random(Math.min(40, out.length - at) + 1);
    switch (random(5)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + span);
        break; // delete
      case 1:
        out = out.slice(0, at) + (SNIPPETS[random(SNIPPETS.length)] as string) + out.slice(at);
        break; // insert
      case 2:
        out = out.slice(0, at) + out.slice(at, at + span) + out.slice(at);
        break; // duplicate
      case 3: {
        // move a span elsewhere
        const piece = out.slice(at, at + span);
        const rest = out.slice(0, at) + out.slice(at + span);
        const to = random(rest.length + 1);
        out = rest.slice(0, to) + piece + rest.slice(to);
        break;
      }
      default: {
        // duplicate a whole element (a sample, an intent, a section…), or a random span when none starts there
        const lt = out.indexOf('<', at);
        const tree = lt === -1 ? undefined : parseXml(out);
        const el = tree && findElementAt(tree.root, lt);
        out = el
          ? out.slice(0, el.range.end) + out.slice(el.range.start, el.range.end) + out.slice(el.range.end)
          : out.slice(0, at) + out.slice(at, at + span) + out.slice(at);
      }
    }
  }
  return out;
}

function findElementAt(root: XmlElement | undefined, start: number): XmlElement | undefined {
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.range.start === start) return el;
    for (const c of el.children)
      if (c.kind === 'element' && c.range.start <= start && start < c.range.end) stack.push(c);
  }
  return undefined;
}

describe('readAndValidateTrsx (streaming) agrees with parseTrsx + validateTrsx', () => {
  const files = repoTrsxFiles();

  test('on every TRSX file under test/', () => {
    assert.ok(files.length >= 6, `expected the TRSX fixtures under test/, found ${files.length}`);
    for (const file of files) {
      const bytes = readFileSync(file);
      assertSame(readAndValidateTrsxBytes(bytes), parseTrsxBytes(bytes), {}, file);
    }
  });

  test('on the real files of the shared corpus', (t) => {
    const files = corpusTrsxFiles();
    if (!files) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    assert.ok(files.length > 0, 'no .trsx files in the corpus');
    for (const { name, path } of files) {
      const bytes = readFileSync(path);
      assertSame(readAndValidateTrsxBytes(bytes), parseTrsxBytes(bytes), {}, name);
    }
  });

  test('with the project scope, a sample length limit and a depth limit', () => {
    const options: Options[] = [
      { knownIntents: ['ELSEWHERE'], knownConcepts: ['SIZE', 'GHOST'] },
      { maxSampleLength: 8 },
      { maxDepth: 4 },
      { maxErrors: 2 },
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const o of options) assertSameText(text, `${file} ${JSON.stringify(o)}`, o);
    }
  });

  test('on documents that are not TRSX, or barely XML', () => {
    const inputs = [
      '',
      'plain text',
      '<grammar/>',
      '<project/>',
      '<project',
      '<project xml:lang="eng-USA"><samples><sample intentref="A">a',
      '<project xml:lang="en-US"/><project/>',
      '<?xml version="1.0"?><!DOCTYPE project><project xml:lang="en-US"><ontology/></project>',
      '<a:project xmlns:a="x"/>',
      '<project xmlns:n="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" n:version="2.6" nuance:x="1"/>',
    ];
    for (const text of inputs) assertSameText(text, JSON.stringify(text));
  });

  test('on 400 randomly damaged variants of the fixtures (seeded)', () => {
    const random = seeded(20240607);
    const texts = files.map((f) => readFileSync(f, 'utf8')).filter((t) => t.length < 20_000);
    assert.ok(texts.length > 0);
    let withDiagnostics = 0;
    const codes = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const text = mutate(texts[random(texts.length)] as string, random);
      const stream = readAndValidateTrsx(text);
      assertSame(stream, parseTrsx(text), {}, `variant ${i}: ${JSON.stringify(text.slice(0, 200))}`);
      if (stream.validation.length + stream.diagnostics.length > 0) withDiagnostics++;
      for (const d of stream.validation) codes.add(d.code);
    }
    assert.ok(withDiagnostics > 200, `the mutations should mostly break something (${withDiagnostics}/400 did)`);
    assert.ok(codes.size >= 30, `the variants should reach most TRSX rules (${[...codes].sort().join(' ')})`);
  });
});

/** readTrsxSamplesApart's document with its handed-off samples put back, and its diagnostics. */
function samplesApart(text: string): { document: ReturnType<typeof parseTrsx>['document']; diagnostics: unknown[] } {
  const samples: TrsxSample[] = [];
  const read = readTrsxSamplesApart(text, (s) => samples.push(s));
  assert.deepEqual(read.document.samples, [], 'samples are handed off, not kept');
  return { document: { ...read.document, samples }, diagnostics: read.diagnostics };
}

describe('readTrsxSamplesApart (samples handed off one by one) agrees with parseTrsx', () => {
  const files = repoTrsxFiles();
  const check = (text: string, label: string): void => {
    const tree = parseTrsx(text);
    const apart = samplesApart(text);
    assert.deepEqual(apart.document, tree.document, `${label}: model`);
    assert.deepEqual(apart.diagnostics, tree.diagnostics, `${label}: well-formedness diagnostics`);
  };

  test('on every TRSX file under test/, on the corpus, and on damaged variants', (t) => {
    for (const file of files) check(readFileSync(file, 'utf8'), file);
    const random = seeded(20240608);
    const texts = files.map((f) => readFileSync(f, 'utf8')).filter((x) => x.length < 20_000);
    for (let i = 0; i < 200; i++) {
      const text = mutate(texts[random(texts.length)] as string, random);
      check(text, `variant ${i}: ${JSON.stringify(text.slice(0, 200))}`);
    }
    const corpus = corpusTrsxFiles();
    if (!corpus) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    for (const { name, path } of corpus) check(readFileSync(path, 'utf8'), name);
  });

  test('each sample arrives complete (annotations and text) before the next one is read', () => {
    const text =
      '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6"><samples>' +
      '<sample intentref="A" count="2">a <annotation conceptref="C">b <annotation conceptref="D">c</annotation></annotation> d</sample>' +
      '<sample intentref="B"/></samples></project>';
    const seen: string[] = [];
    readTrsxSamplesApart(text, (s) => seen.push(JSON.stringify(s)));
    assert.deepEqual(
      seen.map((s) => JSON.parse(s) as unknown),
      parseTrsx(text).document.samples.map((s) => JSON.parse(JSON.stringify(s)) as unknown),
    );
    assert.equal(seen.length, 2);
  });
});

describe('StreamedPositions', () => {
  test('refuses to answer for an attribute it does not record, rather than point somewhere else', () => {
    const positions = new StreamedPositions();
    const el = parseXml('<sample intentref="A" count="2">x</sample>').root as XmlElement;
    const sample = {};
    positions.record(sample, 'sample', el, el.range.start, el.range.end);
    assert.deepEqual(positions.attributeRange(sample, 'intentref'), { start: 19, end: 20 });
    assert.throws(() => positions.attributeRange(sample, 'count'), /does not record 'count' on a sample/);
  });
});
