// Incremental TRSX parsing: when every edit since the last good parse lies inside a <samples> section, only the
// samples (and comments) the edits touched are scanned again, as an XML fragment, and spliced into the tree and
// the model; everything after them is moved by the length difference. The result is exactly what a full parse
// of the new text gives (the unit tests check it against `parseTrsx` and their `serializeXml`), at a cost
// proportional to the edited samples plus one pass that shifts the offsets of the rest.
// When the fragment could scan differently inside the whole document (it does not end where it started: an
// unterminated tag, a close tag that is not its own, text between samples…), `undefined` says "parse it all".
// The base result is consumed: its nodes are moved and re-linked, so its owner must drop it.

import type { Diagnostic } from '../../formats/diagnostic';
import { TRSX_XML_OPTIONS, type TrsxParseResult } from '../../formats/trsx/parse';
import type { Annotation, SampleNode, TrsxSample } from '../../formats/trsx/model';
import { readSampleElements } from '../../formats/trsx/read';
import type { TrsxIndex } from '../../formats/trsx/source-index';
import { attributeSourceOf, keepAttributes, shiftEnclosingEnd, shiftSubtree } from '../../formats/xml/nodes';
import { parseXml } from '../../formats/xml/scanner';
import type { XmlElement, XmlNode } from '../../formats/xml/tree';
import type { DirtyRegion } from '../textChange';

/**
 * Well-formedness problems that stay inside the construct they are found in: a fragment with only these scans
 * the same way on its own as inside the whole document. Anything else (unterminated or mismatched markup,
 * malformed tags whose end depends on what follows) makes the update fall back to a full parse.
 */
const LOCAL_XML_CODES: ReadonlySet<string> = new Set([
  'XML006',
  'XML007',
  'XML008',
  'XML009',
  'XML010',
  'XML014',
  'XML015',
]);

/** Stay clear of the scanner's error cap (200), past which a full parse would report differently. */
const MAX_XML_ERRORS = 150;

export interface TrsxPatch {
  result: TrsxParseResult;
  /** Start of the re-scanned span (same offset in the old and the new text). */
  start: number;
  /** End of the re-scanned span in the old text. */
  oldEnd: number;
  /** End of the re-scanned span in the new text. */
  newEnd: number;
  /** New length minus old length. */
  delta: number;
  removedSamples: TrsxSample[];
  addedSamples: TrsxSample[];
  /** Position of the first removed/added sample in `document.samples`. */
  sampleIndex: number;
  /** The new samples' elements (what the validator re-checks). */
  addedElements: XmlElement[];
  /** Well-formedness problems found in the re-scanned span (new-text offsets). */
  fragmentErrors: Diagnostic[];
}

/** Applies `dirty` (base → `newText`) to `base` incrementally, or returns undefined when a full parse is needed. */
export function patchTrsx(base: TrsxParseResult, dirty: DirtyRegion, newText: string): TrsxPatch | undefined {
  const { tree, index, document } = base;
  if (tree.root?.name !== 'project' || !tree.errors.every((e) => LOCAL_XML_CODES.has(e.code))) return undefined;
  const delta = newText.length - tree.text.length;
  if (dirty.end - dirty.oldEnd !== delta) return undefined; // the region does not describe this text
  const section = index.sections.samples.find(
    (s) =>
      s.closeTagRange !== undefined && s.openTagRange.end <= dirty.oldStart && dirty.oldEnd <= s.closeTagRange.start,
  );
  if (!section) return undefined;

  // Widen the span to the whole children it cuts into (an insertion exactly between two children touches neither).
  const children = section.children;
  let first = lowerBoundByEnd(children, dirty.oldStart);
  let start = dirty.oldStart;
  let oldEnd = dirty.oldEnd;
  let last = first;
  while (last < children.length) {
    const c = (children[last] as XmlNode).range;
    if (!(c.start < oldEnd && c.end > start)) break;
    start = Math.min(start, c.start);
    oldEnd = Math.max(oldEnd, c.end);
    last++;
  }
  if (last === first) first = last = insertionPoint(children, start);
  // Text runs between samples (an error, TRSX012, reported for the first run only) would merge with or grow into
  // the new text, or pass the report on to the next run: parse it all.
  if (children[first - 1]?.kind === 'text' || children[last]?.kind === 'text') return undefined;
  for (let i = first; i < last; i++) if ((children[i] as XmlNode).kind === 'text') return undefined;
  const newEnd = oldEnd + delta;

  const fragment = parseFragment(newText.slice(start, newEnd), tree.errors.length);
  if (!fragment) return undefined;

  const removedElements = children.slice(first, last).filter(isSampleElement);
  const sampleIndex = firstSampleAtOrAfter(document.samples, index, start);
  const removedSamples = document.samples.slice(sampleIndex, sampleIndex + removedElements.length);
  if (removedSamples.some((s, i) => index.elements.get(s) !== removedElements[i])) return undefined;

  // From here on the base is modified: shift what follows, splice the new nodes in, update model and index.
  // Elements read their attributes from the text (TRSX_XML_OPTIONS): the tree's moves to the new text, the
  // fragment's nodes to the tree's, and the nodes taken out keep what they read from the old text.
  const source = attributeSourceOf(tree.root);
  for (let i = first; i < last; i++) keepAttributes(children[i] as XmlNode);
  if (source) source.text = newText;
  shiftAfter(tree.children, oldEnd, delta);
  for (const node of fragment.nodes) {
    shiftSubtree(node, start, source);
    node.parent = section;
  }
  // A spread is fine for an edit's few nodes; a pasted 100k-sample fragment would overflow the call stack.
  // eslint-disable-next-line no-restricted-syntax -- bounded by the check beside it
  if (fragment.nodes.length < 10_000) children.splice(first, last - first, ...fragment.nodes);
  else section.children = children.slice(0, first).concat(fragment.nodes, children.slice(last));
  for (const s of removedSamples) forgetSample(index, s);
  const addedElements = fragment.nodes.filter(isSampleElement);
  const addedSamples = readSampleElements(addedElements, index);
  // In place (the base is consumed): copying 100k references per keystroke would only feed the garbage collector.
  let samples = document.samples;
  // eslint-disable-next-line no-restricted-syntax -- bounded by the check beside it
  if (addedSamples.length < 10_000) samples.splice(sampleIndex, removedSamples.length, ...addedSamples);
  else samples = samples.slice(0, sampleIndex).concat(addedSamples, samples.slice(sampleIndex + removedSamples.length)); // too many to spread

  const fragmentErrors = fragment.errors.map((e) => ({
    ...e,
    range: { start: e.range.start + start, end: e.range.end + start },
  }));
  const errors = mergeErrors(tree.errors, start, oldEnd, delta, fragmentErrors);
  const result: TrsxParseResult = {
    document: { ...document, samples },
    tree: { ...tree, text: newText, errors },
    diagnostics: [...errors],
    index,
  };
  return {
    result,
    start,
    oldEnd,
    newEnd,
    delta,
    removedSamples,
    addedSamples,
    sampleIndex,
    addedElements,
    fragmentErrors,
  };
}

interface Fragment {
  /** Top-level elements and comments, in order (layout whitespace dropped, as the full parse does). */
  nodes: XmlNode[];
  errors: Diagnostic[];
}

function parseFragment(text: string, existingErrors: number): Fragment | undefined {
  const doc = parseXml(text, TRSX_XML_OPTIONS);
  const nodes: XmlNode[] = [];
  const topLevelTags = new Set<number>();
  for (const n of doc.children) {
    if (n.kind === 'text') {
      if (n.cdata || n.value.trim() !== '') return undefined; // text between samples: not a fragment of samples
      continue;
    }
    if (n.kind === 'element' && n.name === 'sample') topLevelTags.add(n.range.start);
    else if (n.kind !== 'comment') return undefined;
    nodes.push(n);
  }
  const errors: Diagnostic[] = [];
  for (const e of doc.errors) {
    if (e.code === 'XML012') continue; // an empty fragment: the edit removed samples
    if (e.code === 'XML011' && topLevelTags.has(e.range.start)) continue; // several samples side by side
    if (!LOCAL_XML_CODES.has(e.code)) return undefined;
    errors.push(e);
  }
  if (existingErrors + errors.length > MAX_XML_ERRORS) return undefined;
  return { nodes, errors };
}

function isSampleElement(n: XmlNode): n is XmlElement {
  return n.kind === 'element' && n.name === 'sample';
}

/** First child whose end is after `offset` (children are in document order, non-overlapping). */
function lowerBoundByEnd(children: readonly XmlNode[], offset: number): number {
  let lo = 0;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((children[mid] as XmlNode).range.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a node starting at `offset` goes among `children`. */
function insertionPoint(children: readonly XmlNode[], offset: number): number {
  let lo = 0;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((children[mid] as XmlNode).range.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first sample whose element starts at or after `offset` (samples are in document order). */
function firstSampleAtOrAfter(samples: readonly TrsxSample[], index: TrsxIndex, offset: number): number {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const el = index.elements.get(samples[mid] as TrsxSample);
    if (el !== undefined && el.range.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Moves every node that starts at or after `from` by `delta`; elements that enclose `from` get their end moved. */
function shiftAfter(top: readonly XmlNode[], from: number, delta: number): void {
  if (delta === 0) return;
  let level: readonly XmlNode[] | undefined = top;
  while (level) {
    let next: readonly XmlNode[] | undefined;
    for (let i = lowerBoundByEnd(level, from); i < level.length; i++) {
      const n = level[i] as XmlNode;
      const { start } = n.range;
      if (start >= from) shiftSubtree(n, delta);
      else if (n.kind === 'element') {
        // start < from < end: it encloses the edit
        shiftEnclosingEnd(n, delta);
        next = n.children;
      }
    }
    level = next;
  }
}

function mergeErrors(
  old: readonly Diagnostic[],
  start: number,
  oldEnd: number,
  delta: number,
  added: readonly Diagnostic[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const e of old) {
    if (e.range.end <= start) out.push(e);
    else if (e.range.start >= oldEnd)
      out.push({ ...e, range: { start: e.range.start + delta, end: e.range.end + delta } });
    // Errors inside the re-scanned span are replaced by the fragment's.
  }
  for (const item of added) out.push(item);
  return out.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

function forgetSample(index: TrsxIndex, sample: TrsxSample): void {
  index.elements.delete(sample);
  const stack: SampleNode[] = [...sample.content];
  while (stack.length > 0) {
    const n = stack.pop() as SampleNode;
    if (typeof n === 'string') continue;
    index.elements.delete(n as Annotation);
    for (const item of n.content) stack.push(item);
  }
}
