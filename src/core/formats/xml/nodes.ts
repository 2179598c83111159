// Compact node classes behind the tree interfaces (tree.ts). Positions are stored as plain numbers and
// the `TextRange` objects are built on access: a 100k-sample file would otherwise allocate ~1.7M range
// objects, which dominated parse time (garbage collection) and memory. Only the scanner constructs these.
// Offsets are mutable only so that `shiftSubtree`/`shiftEnclosingEnd` can move a tree after an edit elsewhere
// in the text (the language services' incremental TRSX update); nothing else writes them.

import type { TextRange } from '../diagnostic';
import type { XmlAttribute, XmlElement, XmlNode, XmlText } from './tree';

/**
 * Four fields per attribute (they are most of a large file's tree: four per TRSX sample): the name's and the raw
 * value's ends follow from their lengths, and the quote and the value's offset from the name share one number.
 * The raw value is kept apart (ScannedAttributeWithRaw) only when it differs from the value, which is rare.
 */
export class ScannedAttribute implements XmlAttribute {
  constructor(
    readonly name: string,
    readonly value: string,
    /** Offset of the name's first character. */
    public start: number,
    /** (offset just after the opening quote − start) × 2, + 1 for a single quote. */
    private readonly valueAtQuote: number,
  ) {}

  static of(
    name: string,
    value: string,
    rawValue: string,
    quote: '"' | "'",
    start: number,
    valueStart: number,
  ): ScannedAttribute {
    const packed = (valueStart - start) * 2 + (quote === "'" ? 1 : 0);
    return rawValue === value
      ? new ScannedAttribute(name, value, start, packed)
      : new ScannedAttributeWithRaw(name, value, start, packed, rawValue);
  }

  get rawValue(): string {
    return this.value;
  }
  get quote(): '"' | "'" {
    return (this.valueAtQuote & 1) === 1 ? "'" : '"';
  }
  get nameEnd(): number {
    return this.start + this.name.length;
  }
  /** Offset just after the opening quote. */
  get valueStart(): number {
    return this.start + (this.valueAtQuote >> 1);
  }
  /** Offset of the closing quote. */
  get valueEnd(): number {
    return this.valueStart + this.rawValue.length;
  }
  get range(): TextRange {
    return { start: this.start, end: this.valueEnd + 1 };
  }
  get nameRange(): TextRange {
    return { start: this.start, end: this.nameEnd };
  }
  get valueRange(): TextRange {
    return { start: this.valueStart, end: this.valueEnd };
  }
}

/** An attribute whose value was decoded (references, normalized whitespace): the text as written differs. */
class ScannedAttributeWithRaw extends ScannedAttribute {
  constructor(
    name: string,
    value: string,
    start: number,
    valueAtQuote: number,
    private readonly raw: string,
  ) {
    super(name, value, start, valueAtQuote);
  }

  override get rawValue(): string {
    return this.raw;
  }
}

/**
 * The text a tree's elements were scanned from, for elements that keep no attribute objects (parseXml's
 * `lazyAttributes`): they scan their open tag again when asked. A TRSX sample's four attributes were a third of
 * a large file's tree. `text` is what the elements' offsets point into: an incremental update that moves a tree
 * onto a new text sets it (see shiftSubtree).
 */
export interface AttributeSource {
  text: string;
  /** The attributes of `el`'s open tag, scanned again from `text` (new objects on every call). */
  read(el: ScannedElement): XmlAttribute[];
}

// Fields without `readonly` below are written by the scanner only: it reuses the objects of a finished element or
// text node for the next one when its sink keeps none of them (XmlSink.transient); everyone else sees them
// through the read-only tree interfaces.
export class ScannedElement implements XmlElement {
  declare readonly kind: 'element'; // on the prototype (below)
  parent: XmlElement | undefined = undefined;
  /** End of the whole element; moved forward when the close tag is found. */
  end: number;
  /** Start of the close tag, or -1 (self-closing or never closed). */
  closeStart = -1;

  constructor(
    public name: string,
    /** The attributes, or where to scan them from on each access (see AttributeSource). */
    public attributeStore: XmlAttribute[] | AttributeSource,
    /** Set by the tree builder when the element closes (treeBuilder.ts); CHILDREN_PENDING until then (tag.ts). */
    public children: XmlNode[],
    public start: number,
    public openEnd: number,
    public selfClosing: boolean,
  ) {
    this.end = openEnd;
  }

  /** Makes this (finished, unreferenced) element the one just scanned; see the note above the class. */
  reuse(name: string, children: XmlNode[], start: number, openEnd: number, selfClosing: boolean): this {
    this.name = name;
    this.children = children;
    this.start = start;
    this.openEnd = openEnd;
    this.end = openEnd;
    this.selfClosing = selfClosing;
    this.closeStart = -1;
    return this;
  }

  get attributes(): XmlAttribute[] {
    const store = this.attributeStore;
    return Array.isArray(store) ? store : store.read(this);
  }

  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
  get openTagRange(): TextRange {
    return { start: this.start, end: this.openEnd };
  }
  get closeTagRange(): TextRange | undefined {
    return this.closeStart < 0 ? undefined : { start: this.closeStart, end: this.end };
  }
}

/** The end and the CDATA flag follow from the raw text (a CDATA section's includes its markers): two fields less. */
export class ScannedText implements XmlText {
  declare readonly kind: 'text'; // on the prototype (below)
  parent: XmlElement | undefined = undefined;

  constructor(
    public value: string,
    /** Exactly `text.slice(start, end)`. */
    public raw: string,
    public start: number,
  ) {}

  get end(): number {
    return this.start + this.raw.length;
  }
  get cdata(): boolean {
    return this.raw.startsWith('<![CDATA[');
  }
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }

  /** Makes this (unreferenced) text node the one just scanned; see the note above ScannedElement. */
  reuse(value: string, raw: string, start: number): this {
    this.value = value;
    this.raw = raw;
    this.start = start;
    return this;
  }
}

// `kind` lives on the prototypes rather than in every instance: one field less on each of the 100k+ nodes of
// a large file (memory, and so garbage-collection time). Narrowing on `node.kind` works the same.
Object.defineProperty(ScannedElement.prototype, 'kind', { value: 'element', enumerable: true });
Object.defineProperty(ScannedText.prototype, 'kind', { value: 'text', enumerable: true });

/**
 * Moves `node` and everything inside it by `delta` characters. Trees come from the scanner (iterative: trees can
 * be deep). `source`: the tree the nodes now belong to, when they were scanned from another text (a fragment);
 * elements that re-read their attributes then read them from its text.
 */
export function shiftSubtree(node: XmlNode, delta: number, source?: AttributeSource): void {
  if (delta === 0 && source === undefined) return;
  const stack: XmlNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as XmlNode;
    if (n instanceof ScannedElement) {
      n.start += delta;
      n.openEnd += delta;
      n.end += delta;
      if (n.closeStart >= 0) n.closeStart += delta;
      const store = n.attributeStore;
      if (Array.isArray(store)) for (const a of store) shiftAttribute(a, delta);
      else if (source !== undefined) n.attributeStore = source; // offsets relative to the start: nothing to move
      for (const c of n.children) stack.push(c);
    } else if (n instanceof ScannedText) {
      n.start += delta;
    } else if (n.kind === 'comment' || n.kind === 'pi' || n.kind === 'doctype') {
      // Plain objects with a range object of their own (not shared with anything else).
      n.range.start += delta;
      n.range.end += delta;
    } else {
      throw new Error('shiftSubtree: only trees built by parseXml can be shifted');
    }
  }
}

/** The source `el`'s attributes are scanned from, if it keeps none of its own. */
export function attributeSourceOf(el: XmlElement | undefined): AttributeSource | undefined {
  return el instanceof ScannedElement && !Array.isArray(el.attributeStore) ? el.attributeStore : undefined;
}

/**
 * Gives every element of `node`'s subtree its own attribute objects, read from the text it has now: for nodes
 * taken out of a tree whose text is about to change (they would otherwise read their open tags from the new text).
 */
export function keepAttributes(node: XmlNode): void {
  const stack: XmlNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as XmlNode;
    if (!(n instanceof ScannedElement)) continue;
    if (!Array.isArray(n.attributeStore)) n.attributeStore = n.attributeStore.read(n);
    for (const c of n.children) stack.push(c);
  }
}

/** Moves the end (close tag) of an element that encloses an edit; its start and open tag stay. */
export function shiftEnclosingEnd(el: XmlElement, delta: number): void {
  if (!(el instanceof ScannedElement))
    throw new Error('shiftEnclosingEnd: only trees built by parseXml can be shifted');
  el.end += delta;
  if (el.closeStart >= 0) el.closeStart += delta;
}

function shiftAttribute(a: XmlAttribute, delta: number): void {
  if (!(a instanceof ScannedAttribute)) throw new Error('shiftSubtree: only trees built by parseXml can be shifted');
  a.start += delta; // the other offsets are relative to it
}
