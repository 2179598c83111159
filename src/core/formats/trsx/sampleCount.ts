// The text edit that sets a `<sample>`'s count in place: the one owner of "raise the count of an identical sample"
// for the quick fix that removes a duplicate (language/trsx/codeActions.ts) and for discover adding an utterance
// that is already a sample (discover/addSamples.ts). Only the attribute's value changes, or one ` count="N"` is
// inserted after `intentref` (where the platform's exports put it), so the rest of the file stays byte for byte.
import type { TextRange } from '../diagnostic';
import { getAttribute, type XmlElement } from '../xml/tree';

/** The edit that makes `sample`'s count `total`. */
export function sampleCountEdit(sample: XmlElement, total: number): { range: TextRange; newText: string } {
  const count = getAttribute(sample, 'count');
  if (count) return { range: count.valueRange, newText: String(total) };
  const intentref = getAttribute(sample, 'intentref');
  const at = intentref ? intentref.range.end : sample.openTagRange.start + 1 + sample.name.length;
  return { range: { start: at, end: at }, newText: ` count="${total}"` };
}
