// TRSX test sets: every `<sample>` (excluded ones left out, as training leaves them out) is an utterance of its
// `intentref`; its top-level annotations are the entities expected, their words the literal and, when the file's
// own dictionary lists that literal for the entity, its value. Read by the one TRSX reader (formats/trsx).
import { LineIndex } from '../../formats/diagnostic';
import { decodeXmlBytes } from '../../formats/xml/decode';
import type { SampleNode, TrsxDictionary, TrsxSample } from '../../formats/trsx/model';
import { normalizedSampleText } from '../../formats/trsx/sample-text';
import { readTrsxSamplesApart } from '../../formats/trsx/stream';
import { literalKey } from './entityValues';
import type { ExpectedEntity, TestSet, TestUtterance } from './testSet';
import { TestSetError } from './testSet';

export function readTrsxTestSet(bytes: Uint8Array, file: string, name: string): TestSet {
  const { text } = decodeXmlBytes(bytes);
  const samples: { sample: TrsxSample; start: number }[] = [];
  const read = readTrsxSamplesApart(text, (sample, start) => {
    if (sample.excluded !== true) samples.push({ sample, start });
  });
  const fatal = read.diagnostics.find((d) => d.severity === 'error');
  if (read.rootName !== 'project' || (fatal && samples.length === 0)) {
    throw new TestSetError(
      `${file} is not a TRSX document${fatal ? ` (${fatal.message})` : ''}; give a .trsx file with <samples>.`,
    );
  }
  const values = dictionaryValues(read.document.dictionaries);
  const lines = new LineIndex(text);
  const utterances: TestUtterance[] = [];
  for (const { sample, start } of samples) {
    const utterance = normalizedSampleText(sample.content).trim();
    if (utterance === '' || sample.intentref === '') continue;
    utterances.push({
      text: utterance,
      intent: sample.intentref,
      entities: expectedEntities(sample.content, values),
      line: lines.position(start).line,
    });
  }
  return { name, file, format: 'trsx', utterances };
}

/** entity → literal key → value, from the file's `<dictionaries>`. */
function dictionaryValues(dictionaries: readonly TrsxDictionary[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const d of dictionaries) {
    const of = out.get(d.conceptref) ?? new Map<string, string>();
    out.set(d.conceptref, of);
    for (const e of d.entries)
      if (e.value !== undefined && !of.has(literalKey(e.literal))) of.set(literalKey(e.literal), e.value);
  }
  return out;
}

function expectedEntities(content: readonly SampleNode[], values: Map<string, Map<string, string>>): ExpectedEntity[] {
  const out: ExpectedEntity[] = [];
  for (const node of content) {
    if (typeof node === 'string') continue;
    const literal = normalizedSampleText(node.content).trim();
    const value = values.get(node.conceptref)?.get(literalKey(literal));
    out.push({ entity: node.conceptref, literal, ...(value !== undefined ? { value } : {}) });
  }
  return out;
}
