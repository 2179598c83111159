// The NLU engine on real files: HWU64-10 (a public benchmark split: train on train.csv, interpret test.csv) and the
// corpus's real TRSX exports. Skips with a message when the shared corpus is absent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { trainingInputFromTrsx } from '../../../src/core/nlu/engine/fromTrsx';
import { loadNluModel, serializeNluModel } from '../../../src/core/nlu/engine/serialize';
import { trainNluModel } from '../../../src/core/nlu/engine/train';
import type { TrainingInput } from '../../../src/core/nlu/engine/types';
import { NO_INTENT } from '../../../src/core/nlu/engine/types';
import { corpusDir, corpusFile } from '../formats/lists/corpus';

/** HWU64-10's lines: `intent,exampleSentence,text` (no header, the text unquoted and possibly holding commas). */
function readHwu(path: string): { intent: string; text: string }[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const a = l.indexOf(',');
      const b = l.indexOf(',', a + 1);
      return { intent: l.slice(0, a), text: l.slice(b + 1) };
    });
}

function hwuInput(rows: { intent: string; text: string }[]): TrainingInput {
  return {
    locale: 'en-US',
    entities: [],
    intents: [...new Set(rows.map((r) => r.intent))].map((name) => ({ name, entities: [] })),
    samples: rows.map((r) => ({ text: r.text, intent: r.intent, weight: 1, annotations: [] })),
  };
}

/** The corpus's real TRSX files: trsx/*.trsx and the dialog projects' en-US exports. */
function realTrsxFiles(root: string): string[] {
  const files = readdirSync(join(root, 'trsx'))
    .filter((n) => n.endsWith('.trsx'))
    .map((n) => join(root, 'trsx', n));
  const dialog = join(root, 'dialog');
  if (existsSync(dialog)) {
    for (const p of readdirSync(dialog)) {
      const f = join(dialog, p, 'en-US', 'en-US.trsx');
      if (existsSync(f)) files.push(f);
    }
  }
  return files.sort();
}

describe('NLU engine on the real corpus', () => {
  test('HWU64-10: trained on train.csv, test.csv is mostly right (the bench judges the F1 goal)', async (t) => {
    const train = corpusFile('nlu', 'hwu64-10', 'train.csv');
    const testFile = corpusFile('nlu', 'hwu64-10', 'test.csv');
    if (!train || !testFile) {
      t.skip('corpus nlu/hwu64-10 not found at <repo>/../shared/corpus (or CSTUDIO_CORPUS)');
      return;
    }
    const model = await trainNluModel(hwuInput(readHwu(train)));
    assert.equal(model.info.intents.length, 64);
    const rows = readHwu(testFile);
    let right = 0;
    let noIntent = 0;
    for (const r of rows) {
      const top = model.interpret(r.text).interpretations[0]?.intent;
      if (top === r.intent) right++;
      if (top === NO_INTENT) noIntent++;
    }
    const accuracy = right / rows.length;
    // NLP.js with its defaults reaches 0.676 here, a purely lexical model ~0.70; the word vectors and intent names
    // take the engine to 0.761 (with the vectors package installed, as it is as a dependency).
    assert.ok(accuracy > 0.74, `accuracy ${accuracy.toFixed(3)}`);
    assert.ok(noIntent / rows.length < 0.03, `in-domain test text rarely answers NO_INTENT (${noIntent})`);
  });

  test('every real TRSX export trains; its samples come back to their intents; lines point at samples', async (t) => {
    const root = corpusDir();
    if (!root) {
      t.skip('corpus not found at <repo>/../shared/corpus (or CSTUDIO_CORPUS)');
      return;
    }
    const files = realTrsxFiles(root);
    assert.ok(files.length >= 4);
    let trained = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const input = trainingInputFromTrsx(text, 'en-US', { file });
      if (input.samples.length === 0) continue; // ontology-only exports
      trained++;
      const model = await trainNluModel(input);
      const lines = text.split('\n');
      let back = 0;
      for (const s of input.samples) {
        if (model.interpret(s.text).interpretations[0]?.intent === s.intent) back++;
        // Annotation spans are exact slices of the text Mix reads ("in<annotation>Boston</annotation>" → "in Boston").
        const spans = (list: typeof s.annotations): void => {
          for (const a of list) {
            assert.equal(s.text.slice(a.start, a.end), a.literal, `${file}: span of ${a.entity} in "${s.text}"`);
            assert.equal(a.literal, a.literal.trim(), `${file}: ${a.entity} span has no outer spaces in "${s.text}"`);
            spans(a.children);
          }
        };
        spans(s.annotations);
        assert.match(lines[(s.source?.line as number) - 1] ?? '', /<sample\b/, `${file}: line of "${s.text}"`);
      }
      assert.ok(
        back / input.samples.length >= 0.9,
        `${file}: ${back}/${input.samples.length} samples interpret to their intent`,
      );
      const bytes = serializeNluModel(model);
      const probe = input.samples[0]?.text as string;
      assert.deepEqual(
        loadNluModel(bytes).interpret(probe),
        model.interpret(probe),
        `${file}: the loaded model answers the same`,
      );
    }
    assert.ok(trained >= 4, `${trained} exports with samples trained`);
  });

  test('omnichannel: a regex entity (eEmail) and list values with isA come out of the real export', async (t) => {
    const file = corpusFile('dialog', 'omnichannel', 'en-US', 'en-US.trsx');
    if (!file) {
      t.skip('corpus dialog/omnichannel/en-US/en-US.trsx not found');
      return;
    }
    const model = await trainNluModel(trainingInputFromTrsx(readFileSync(file, 'utf8'), 'en-US'));
    const r = model.interpret('please send it to jane.doe@example.com');
    assert.equal(r.interpretations[0]?.intent, 'iReceiveEmail');
    assert.deepEqual(
      r.interpretations[0]?.entities.eEmail?.map((e) => e.literal),
      ['jane.doe@example.com'],
    );
    const phone = model.interpret('I want to buy the phone in pacific blue');
    assert.equal(phone.interpretations[0]?.intent, 'iBuyPhone');
    assert.ok(
      phone.interpretations[0]?.entities.ePhoneColor?.some((e) => e.literal === 'pacific blue'),
      JSON.stringify(phone.interpretations[0]?.entities),
    );
  });
});
