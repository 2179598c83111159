// XML references are decoded once (core/formats/xml/entities.ts): the parser and Model Health's annotate edit,
// which maps a sample's words back to their raw characters (health/sampleSource.ts), must read every reference
// alike, or the edit misses words the parsed sample has (or wraps characters it does not). Each case here is a
// sample whose text holds a reference; the words the parser reads must be found by the edit's search, over the
// exact raw characters. The real TRSX files of ../shared/corpus go through the same check when present.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { XmlElement, XmlText } from '../../../src/core/formats/xml/tree';
import { parseXml } from '../../../src/core/formats/xml/scanner';
import { findInSampleText } from '../../../src/core/health/sampleSource';
import { corpusDir, corpusTrsxFiles } from '../formats/lists/corpus';

/** References the parser expands, and ones it keeps as written (with an error): both decoders must agree. */
const REFERENCES = [
  '&amp;',
  '&#38;',
  '&#x26;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&apos;',
  '&#233;',
  '&#xE9;',
  '&#x1F600;',
  '&#0;',
  '&#x12g;',
  '&#xD800;',
  '&#1114112;',
  '&nbsp;',
  '&AMP;',
  '&#;',
  '&#x;',
];

/** The top-level text of a `<sample>` element as the parser decodes it. */
function parsedText(element: string): string {
  const root = parseXml(element).children.find((c): c is XmlElement => c.kind === 'element');
  assert.ok(root, element);
  return root.children
    .filter((c): c is XmlText => c.kind === 'text')
    .map((t) => t.value)
    .join('');
}

/** Checks that the edit's search finds the parsed words of `element` at the raw characters they came from. */
function agrees(element: string, rawWords: string): void {
  const words = parsedText(element).trim();
  const found = findInSampleText(element, { start: 0, end: element.length }, [words]);
  assert.ok(found, `${element}: "${words}" not found`);
  assert.equal(element.slice(found.start, found.end), rawWords, element);
}

describe('XML references: the parser and the health edit decode alike', () => {
  for (const ref of REFERENCES) {
    test(ref, () => {
      agrees(`<sample intentref="I">x${ref}y</sample>`, `x${ref}y`);
    });
  }

  test('the real TRSX files of the corpus: every plain sample', (t) => {
    const files = corpusTrsxFiles();
    const root = corpusDir();
    if (!files || !root) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    const dialog = join(root, 'dialog');
    const more = existsSync(dialog)
      ? readdirSync(dialog)
          .map((d) => join(dialog, d, 'en-US', 'en-US.trsx'))
          .filter(existsSync)
      : [];
    let checked = 0;
    for (const path of [...files.map((f) => f.path), ...more]) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/<sample\b[^>]*>([^<]*\S[^<]*)<\/sample>/g)) {
        agrees(m[0], (m[1] as string).trim());
        checked++;
      }
    }
    assert.ok(checked > 0, 'no plain samples found in the corpus');
  });
});
