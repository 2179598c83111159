// Raising the count of an identical sample is one text edit with one owner, core/formats/trsx/sampleCount.ts
// (issue 31: discover and the duplicate-sample quick fix each had a copy). The edit itself on the shapes a TRSX
// file has, then both callers on one file: they must write the same `<sample … count="2">` line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addAsSamples } from '../../../../src/core/discover/addSamples';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { sampleCountEdit } from '../../../../src/core/formats/trsx/sampleCount';
import { checkTrsx } from '../../../../src/core/formats/trsx/validate';
import { nodeFileSystem } from '../../../../src/core/language/fileSystem';
import { LanguageServices } from '../../../../src/core/language/languageServices';
import { applyEdits } from '../../language/helpers';
import { tempDir } from '../../sync/support';

const trsx = (samples: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
    '  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">',
    '    <intents><intent name="ORDER_COFFEE"/></intents>',
    '  </ontology>',
    '  <samples>',
    samples,
    '  </samples>',
    '</project>',
    '',
  ].join('\n');

/** The text after setting the first sample's count to `total`. */
function withCount(samples: string, total: number): string {
  const text = trsx(samples);
  const parsed = parseTrsx(text);
  const first = parsed.document.samples[0];
  const el = first ? parsed.index.elements.get(first) : undefined;
  assert.ok(el);
  return applyEdits(text, [sampleCountEdit(el, total)]);
}

describe('the sample-count edit (formats/trsx/sampleCount.ts)', () => {
  test('replaces an existing count, or inserts one after intentref; nothing else moves', () => {
    assert.match(
      withCount('    <sample intentref="ORDER_COFFEE" count="3">a latte</sample>', 7),
      /<sample intentref="ORDER_COFFEE" count="7">a latte<\/sample>/,
    );
    assert.match(
      withCount('    <sample count=\'3\' intentref="ORDER_COFFEE">a latte</sample>', 4),
      /<sample count='4' intentref="ORDER_COFFEE">a latte<\/sample>/,
    );
    assert.match(
      withCount('    <sample intentref="ORDER_COFFEE">a latte</sample>', 2),
      /<sample intentref="ORDER_COFFEE" count="2">a latte<\/sample>/,
    );
    assert.match(
      withCount('    <sample  excluded="false"   intentref="ORDER_COFFEE"  >a latte</sample>', 2),
      /<sample {2}excluded="false" {3}intentref="ORDER_COFFEE" count="2" {2}>a latte<\/sample>/,
    );
    assert.match(withCount('    <sample>a latte</sample>', 5), /<sample count="5">a latte<\/sample>/);
    const before = trsx('    <sample intentref="ORDER_COFFEE">a latte</sample>');
    const after = withCount('    <sample intentref="ORDER_COFFEE">a latte</sample>', 2);
    assert.equal(after.replace(' count="2"', ''), before, 'only the count is added');
    assert.equal(parseTrsx(after).document.samples[0]?.count, 2);
  });

  test('discover and the duplicate-sample quick fix raise the same sample the same way', async () => {
    const original = '    <sample intentref="ORDER_COFFEE">I want a coffee</sample>';
    const ws = await tempDir('cstudio-count-');
    try {
      await mkdir(join(ws.dir, 'en-US'));
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await writeFile(file, trsx(original));
      await addAsSamples(
        ws.dir,
        [
          {
            utterance: {
              id: 'u1',
              text: 'I want a coffee',
              intent: 'ORDER_COFFEE',
              confidence: 0.5,
              entities: [],
              locale: 'en-US',
              topic: 'T',
              partition: 0,
              offset: 0,
            },
          },
        ],
        ['en-US'],
      );
      const byDiscover = await readFile(file, 'utf8');

      const withDuplicate = trsx(`${original}\n${original}`);
      const services = new LanguageServices(nodeFileSystem);
      services.documents.open(file, 'trsx', 1, withDuplicate, file);
      const duplicate = checkTrsx(withDuplicate).filter((d) => d.code === 'TRSX032');
      assert.equal(duplicate.length, 1);
      const [raise] = services.codeActions(file, duplicate[0]?.range ?? { start: 0, end: 0 }, duplicate);
      assert.match(raise?.title ?? '', /raise the first one's count to 2/);
      const byQuickFix = applyEdits(withDuplicate, raise?.edits[0]?.edits ?? []);

      const countedLine = (text: string): string | undefined =>
        text.split('\n').find((l) => l.includes('I want a coffee'));
      assert.equal(countedLine(byDiscover), '    <sample intentref="ORDER_COFFEE" count="2">I want a coffee</sample>');
      assert.equal(countedLine(byQuickFix), countedLine(byDiscover));
      assert.equal(byQuickFix, byDiscover, 'the whole file is the same either way');
    } finally {
      await ws.cleanup();
    }
  });
});
