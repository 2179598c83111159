// Finding words in a `<sample>` element's source text, outside its annotations: where an annotate edit goes.
// The source is read as written (entities such as &amp; decoded for matching, offsets kept in the raw text),
// so the edit wraps exactly the characters the user sees and changes nothing else.
import type { TextRange } from '../formats/diagnostic';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A run of character data at annotation depth 0, decoded, with the raw offset of each decoded character. */
interface Segment {
  text: string;
  /** offsets[i]: raw offset of text[i]; offsets[text.length]: raw end. */
  offsets: number[];
}

function decodeSegment(raw: string, start: number, end: number): Segment {
  let text = '';
  const offsets: number[] = [];
  for (let i = start; i < end;) {
    if (raw[i] === '&') {
      const semi = raw.indexOf(';', i);
      if (semi > i && semi < end) {
        const name = raw.slice(i + 1, semi);
        const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : undefined;
        const decoded = code === undefined ? NAMED[name] : Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
        if (decoded !== undefined) {
          for (let k = 0; k < decoded.length; k++) { text += decoded[k]; offsets.push(i); }
          i = semi + 1;
          continue;
        }
      }
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
    if (raw.startsWith('<!--', stop)) { const close = raw.indexOf('-->', stop); i = close < 0 ? range.end : close + 3; continue; }
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
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${tokens.map(escapeRegex).join('[\\s\\p{P}\\p{S}]+')}(?![\\p{L}\\p{N}])`, 'iu');
  for (const seg of topLevelSegments(raw, range)) {
    const m = pattern.exec(seg.text);
    if (m) return { start: seg.offsets[m.index] as number, end: seg.offsets[m.index + m[0].length] as number };
  }
  return undefined;
}
