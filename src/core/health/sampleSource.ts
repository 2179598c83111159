// Finding words in a `<sample>` element's source text, outside its annotations: where an annotate edit goes.
// The source is read as written (entities such as &amp; decoded for matching, offsets kept in the raw text),
// so the edit wraps exactly the characters the user sees and changes nothing else.
import type { TextRange } from '../formats/diagnostic';
import { readReference } from '../formats/xml/entities';

/** A run of character data at annotation depth 0, decoded, with the raw offset of each decoded character. */
interface Segment {
  text: string;
  /** offsets[i]: raw offset of text[i]; offsets[text.length]: raw end. */
  offsets: number[];
}

function decodeSegment(raw: string, start: number, end: number): Segment {
  let text = '';
  const offsets: number[] = [];
  for (let i = start; i < end; ) {
    // Decoded as the XML parser decodes it (formats/xml/entities.ts), so the words match the parsed sample's.
    const ref = raw[i] === '&' ? readReference(raw, i, end) : undefined;
    if (ref?.text !== undefined) {
      for (let k = 0; k < ref.text.length; k++) {
        text += ref.text[k];
        offsets.push(i);
      }
      i = ref.end;
      continue;
    }
    text += raw[i];
    offsets.push(i);
    i++;
  }
  offsets.push(end);
  return { text, offsets };
}

/** Top-level character data of the `<sample>` element at `range` (comments and nested elements skipped). */
function topLevelSegments(raw: string, range: TextRange): Segment[] {
  const out: Segment[] = [];
  const openEnd = raw.indexOf('>', range.start);
  if (openEnd < 0 || openEnd >= range.end || raw[openEnd - 1] === '/') return out;
  let depth = 0;
  let i = openEnd + 1;
  while (i < range.end) {
    const lt = raw.indexOf('<', i);
    const stop = lt < 0 || lt > range.end ? range.end : lt;
    if (depth === 0 && stop > i) out.push(decodeSegment(raw, i, stop));
    if (stop === range.end) break;
    if (raw.startsWith('<!--', stop)) {
      const close = raw.indexOf('-->', stop);
      i = close < 0 ? range.end : close + 3;
      continue;
    }
    const close = raw.indexOf('>', stop);
    if (close < 0) break;
    if (raw.startsWith('</sample', stop)) break;
    if (raw[stop + 1] === '/') depth--;
    else if (raw[close - 1] !== '/') depth++;
    i = close + 1;
  }
  return out;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The raw range of the first mention of `tokens` (normalized words, see formats/sampleText) outside annotations
 * in the sample element at `range`: the words as whole words, with any punctuation or spacing between them.
 */
export function findInSampleText(raw: string, range: TextRange, tokens: readonly string[]): TextRange | undefined {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${tokens.map(escapeRegex).join('[\\s\\p{P}\\p{S}]+')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  for (const seg of topLevelSegments(raw, range)) {
    const m = pattern.exec(seg.text);
    if (m) return { start: seg.offsets[m.index] as number, end: seg.offsets[m.index + m[0].length] as number };
  }
  return undefined;
}
