// Work proportional to the change: two versions of a TRSX file that differ only inside their <samples> section
// are compared on the samples the changed bytes touch, not on the whole file. The common prefix and suffix of the
// two byte strings are skipped; the changed range is widened to whole <sample> elements; each side's window is
// wrapped in the file's own prolog and root start tag, so the same reader and diff run on a few samples instead of
// 100k. Anything unusual (the change reaches outside <samples>, comments, CDATA, a DOCTYPE or processing
// instructions anywhere, a non-ASCII-compatible encoding) returns undefined and the caller diffs the whole files.
// One difference from a whole-file diff: identical samples are numbered within the window, so a duplicate's key
// may read "#1" where the whole file would say "#2"; what changed is the same.

export interface ChangedWindow {
  /** Each side's window as a small TRSX document of its own (the file's prolog and root, the window's samples). */
  readonly before: Uint8Array;
  readonly after: Uint8Array;
  /** Where the window is: bytes [start, beforeEnd) of `before` became bytes [start, afterEnd) of `after`. */
  readonly start: number;
  readonly beforeEnd: number;
  readonly afterEnd: number;
  /** What wraps a run of samples into a document of its own: the prolog, root start tag and `<samples>`; the close. */
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
  /** Where the <samples> content starts (the same in both): everything before it, the ontology included, is unchanged. */
  readonly samplesStart: number;
}

const enc = new TextEncoder();
const SAMPLE_OPEN = Buffer.from('<sample');
const SAMPLES_CLOSE = Buffer.from('</samples>');
const CHUNK = 64 * 1024;

export function changedSamplesWindow(before: Uint8Array, after: Uint8Array): ChangedWindow | undefined {
  const b = Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const a = Buffer.from(after.buffer, after.byteOffset, after.byteLength);
  if (!asciiCompatible(b) || !asciiCompatible(a)) return undefined;
  const closeB = b.lastIndexOf(SAMPLES_CLOSE);
  if (closeB < 0) return undefined;
  // The prefix stops at </samples>: an insertion just before it may start with the same '<'.
  const prefix = Math.min(commonPrefix(b, a), closeB);
  const suffix = commonSuffix(b, a, Math.min(b.length, a.length) - prefix);
  const samplesOpen = samplesContentStart(b);
  if (samplesOpen === undefined || samplesOpen > prefix || b.length - closeB > suffix) return undefined;

  const start = lastSampleStart(b, samplesOpen, prefix);
  const endB = nextBoundary(b, b.length - suffix, closeB);
  const endA = a.length - (b.length - endB);
  if (endB < start || endA < start) return undefined;
  // Comments, CDATA and DOCTYPE ("<!") or processing instructions ("<?", past the declaration) anywhere in the
  // before file, or in the after file's window (the rest of it is the before file's bytes), could hide or fake a
  // sample boundary: no window then. A window never spans two <samples> sections.
  if (hasMarkup(b, 0, b.length) || hasMarkup(a, start, endA) || b.subarray(start, endB).includes(SAMPLES_CLOSE))
    return undefined;

  const root = rootStartTag(b, samplesOpen);
  if (!root) return undefined;
  const head = Buffer.concat([b.subarray(0, root.end), enc.encode('<samples>')]);
  const tail = enc.encode(`</samples></${root.name}>`);
  return {
    before: Buffer.concat([head, b.subarray(start, endB), tail]),
    after: Buffer.concat([head, a.subarray(start, endA), tail]),
    start,
    beforeEnd: endB,
    afterEnd: endA,
    head,
    tail,
    samplesStart: samplesOpen,
  };
}

/** Whether bytes [from, to) hold "<!" or "<?" (the XML declaration at 0 aside): found through the rare byte. */
function hasMarkup(buf: Buffer, from: number, to: number): boolean {
  for (const mark of [0x21, 0x3f]) {
    // '!' and '?': far rarer than '<' in TRSX, so memchr runs long
    for (let at = buf.indexOf(mark, Math.max(from, 1)); at >= 0 && at < to; at = buf.indexOf(mark, at + 1)) {
      if (buf[at - 1] === 0x3c && !(mark === 0x3f && at === 1)) return true;
    }
  }
  return false;
}

/** UTF-16 and UTF-32 files (a BOM, or NULs in the first bytes) are not searched byte-wise. */
function asciiCompatible(buf: Buffer): boolean {
  if (buf.length < 4) return false;
  if ((buf[0] === 0xfe && buf[1] === 0xff) || (buf[0] === 0xff && buf[1] === 0xfe)) return false;
  return buf[0] !== 0 && buf[1] !== 0 && buf[2] !== 0 && buf[3] !== 0;
}

function commonPrefix(x: Buffer, y: Buffer): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i + CHUNK <= n && x.compare(y, i, i + CHUNK, i, i + CHUNK) === 0) i += CHUNK;
  while (i < n && x[i] === y[i]) i++;
  return i;
}

/** The length of the common suffix, at most `limit` (so prefix and suffix never overlap). */
function commonSuffix(x: Buffer, y: Buffer, limit: number): number {
  let k = 0;
  while (
    k + CHUNK <= limit &&
    x.compare(y, y.length - k - CHUNK, y.length - k, x.length - k - CHUNK, x.length - k) === 0
  )
    k += CHUNK;
  while (k < limit && x[x.length - 1 - k] === y[y.length - 1 - k]) k++;
  return k;
}

const isNameEnd = (c: number | undefined): boolean =>
  c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3e || c === 0x2f;

/** Just after the `<samples ...>` start tag, or undefined (no samples section, or an empty `<samples/>`). */
function samplesContentStart(buf: Buffer): number | undefined {
  let at = buf.indexOf('<samples');
  while (at >= 0 && !isNameEnd(buf[at + 8])) at = buf.indexOf('<samples', at + 1);
  if (at < 0) return undefined;
  const close = buf.indexOf(0x3e, at); // attribute values of <samples> hold no '>' in practice; checked below
  if (close < 0 || buf[close - 1] === 0x2f) return undefined;
  return close + 1;
}

/** The start of the last `<sample` element that begins wholly before `limit` (else the section's start). */
function lastSampleStart(buf: Buffer, sectionStart: number, limit: number): number {
  let at = buf.lastIndexOf(SAMPLE_OPEN, limit - SAMPLE_OPEN.length - 1);
  while (at >= sectionStart && !isNameEnd(buf[at + SAMPLE_OPEN.length])) at = buf.lastIndexOf(SAMPLE_OPEN, at - 1);
  return at >= sectionStart ? at : sectionStart;
}

/** The first `<sample` start at or after `from`, or the `</samples>` close. */
function nextBoundary(buf: Buffer, from: number, close: number): number {
  let at = buf.indexOf(SAMPLE_OPEN, from);
  while (at >= 0 && at < close && !isNameEnd(buf[at + SAMPLE_OPEN.length])) at = buf.indexOf(SAMPLE_OPEN, at + 1);
  return at >= 0 && at < close ? at : close;
}

/** The root element's start tag: where it ends (just past '>') and its name. */
function rootStartTag(buf: Buffer, before: number): { end: number; name: string } | undefined {
  let at = buf.indexOf(0x3c); // '<'
  while (at >= 0 && buf[at + 1] === 0x3f) at = buf.indexOf(0x3c, at + 1); // skip the XML declaration
  if (at < 0 || at >= before) return undefined;
  let quote = 0;
  for (let i = at + 1; i < before; i++) {
    const c = buf[i];
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) {
      if (buf[i - 1] === 0x2f) return undefined;
      let nameEnd = at + 1;
      while (nameEnd < i && !isNameEnd(buf[nameEnd])) nameEnd++;
      return { end: i + 1, name: buf.toString('latin1', at + 1, nameEnd) };
    }
  }
  return undefined;
}

/**
 * The window with the file's whole header (intents, entities, literals: everything before <samples>) instead of
 * its root tag alone, so the window validates on its own (a sample's intent and entity references resolve);
 * `shift` maps a position of `after` past the header back to the file (add it).
 */
export function windowWithHeader(
  w: ChangedWindow,
  before: Uint8Array,
  after: Uint8Array,
): { before: Uint8Array; after: Uint8Array; shift: number } {
  const header = Buffer.from(after.buffer, after.byteOffset, w.samplesStart);
  return {
    before: Buffer.concat([header, before.subarray(w.start, w.beforeEnd), w.tail]),
    after: Buffer.concat([header, after.subarray(w.start, w.afterEnd), w.tail]),
    shift: w.start - w.samplesStart,
  };
}
