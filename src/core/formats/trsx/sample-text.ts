// Sample text as Mix sees it. Exports indent annotations on their own lines, so the raw mixed content
// carries layout whitespace; rules about length and duplicates compare whitespace-collapsed text, with a
// word break at annotation boundaries ("a<annotation>b</annotation>" reads "a b"). Validation runs this
// for every sample, so the common case (one run, already tidy) returns the run itself, unallocated.

import { normalize } from '../sampleText';
import type { SampleNode } from './model';

/** Leading/trailing whitespace, a whitespace run, or whitespace other than a plain space. */
const UNTIDY = /^\s|\s$|\s\s|[^\S ]/;
/** Untidy inside: a whitespace run or whitespace other than a plain space (else only single end spaces). */
const UNTIDY_INSIDE = /\s\s|[^\S ]/;
const WHITESPACE_RUN = /\s+/g;

/** Appends text collapsing whitespace runs to one space, without leading or trailing space. */
class CollapsedText {
  text = '';
  private pendingSpace = false;

  add(s: string): void {
    if (s === '') return;
    if (!UNTIDY.test(s)) {
      this.append(s);
      return;
    }
    // Most untidy runs only have a space at an end (text beside an annotation): no need to rewrite them.
    const collapsed = UNTIDY_INSIDE.test(s) ? s.replace(WHITESPACE_RUN, ' ') : s;
    let start = 0;
    let end = collapsed.length;
    if (collapsed.charCodeAt(0) === 0x20) {
      this.pendingSpace = true;
      start = 1;
    }
    const trailing = end > start && collapsed.charCodeAt(end - 1) === 0x20;
    if (trailing) end--;
    if (end > start) this.append(start === 0 && end === collapsed.length ? collapsed : collapsed.slice(start, end));
    if (trailing) this.pendingSpace = true;
  }

  /** A word break (annotation boundary). */
  space(): void {
    this.pendingSpace = true;
  }

  private append(s: string): void {
    this.text = this.pendingSpace && this.text.length > 0 ? `${this.text} ${s}` : this.text + s;
    this.pendingSpace = false;
  }
}

export function collapseWhitespace(s: string): string {
  const c = new CollapsedText();
  c.add(s);
  return c.text;
}

/** The words a user would type: annotations flattened, whitespace collapsed. */
export function normalizedSampleText(nodes: readonly SampleNode[]): string {
  if (nodes.length === 1 && typeof nodes[0] === 'string') return collapseWhitespace(nodes[0]);
  const out = new CollapsedText();
  const walk = (list: readonly SampleNode[]): void => {
    for (const n of list) {
      if (typeof n === 'string') out.add(n);
      else {
        out.space();
        walk(n.content);
        out.space();
      }
    }
  };
  walk(nodes);
  return out.text;
}

/**
 * A sample's identity: its words as the platform's tokenizer reads them (case, spacing and sentence punctuation
 * folded: ../sampleText.ts). Equal keys are the same utterance: TRSX033 and Model Health's `conflict` both ask here.
 */
export function sampleKey(nodes: readonly SampleNode[]): string {
  return normalize(nodes.length === 1 && typeof nodes[0] === 'string' ? nodes[0] : normalizedSampleText(nodes));
}

/** An annotation of a sample as a `[start, end)` range of its normalized text; nested annotations are children. */
export interface SampleSpan {
  conceptref: string;
  start: number;
  end: number;
  children: SampleSpan[];
}

/** `normalizedSampleText` with where each annotation lies in it (the NLU engine trains entities from these). */
export function sampleTextWithSpans(nodes: readonly SampleNode[]): { text: string; spans: SampleSpan[] } {
  const out = new CollapsedText();
  const walk = (list: readonly SampleNode[]): SampleSpan[] => {
    const spans: SampleSpan[] = [];
    for (const n of list) {
      if (typeof n === 'string') {
        out.add(n);
        continue;
      }
      out.space();
      const before = out.text.length;
      const children = walk(n.content);
      const end = out.text.length;
      // The word break before the annotation became a space only if the annotation appended something.
      const start = end > before && before > 0 ? before + 1 : before;
      spans.push({ conceptref: n.conceptref, start, end, children });
      out.space();
    }
    return spans;
  };
  const spans = walk(nodes);
  return { text: out.text, spans };
}

/** Text plus annotation structure (`a [C: b] c`), whitespace collapsed: equal keys mean identical samples. */
export function annotatedSampleKey(nodes: readonly SampleNode[]): string {
  const out = new CollapsedText();
  const walk = (list: readonly SampleNode[]): void => {
    for (const n of list) {
      if (typeof n === 'string') {
        out.add(n);
        continue;
      }
      out.space();
      out.add(`[${n.conceptref}:`);
      out.space();
      walk(n.content);
      out.add(']');
      out.space();
    }
  };
  walk(nodes);
  return out.text;
}

/** True when some text run below `nodes` has a non-whitespace character. */
export function hasText(nodes: readonly SampleNode[]): boolean {
  for (const n of nodes) if (typeof n === 'string' ? /\S/.test(n) : hasText(n.content)) return true;
  return false;
}
