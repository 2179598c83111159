// Where the streaming reader's model items are in the text, kept without their elements: per item a few
// offsets in one typed array (element range and the value ranges of the attributes the model rules point
// at), found through one map from the item. A 100k-sample file costs a few MB here instead of its tree.

import type { TextRange } from '../diagnostic';
import type { XmlElement } from '../xml/tree';
import type { TrsxLocator } from './source-index';

/** The model items the rules place diagnostics on, and the attributes recorded for each (at most two). */
const RECORDED = {
  metadataEntry: ['key'],
  source: ['name'],
  intent: ['name'],
  link: ['conceptref'],
  concept: ['name', 'ruleGrammarFileName'],
  setting: ['name', 'value'],
  relation: ['conceptref', 'type'],
  dictionary: ['conceptref'],
  dictionaryEntry: ['literal'],
  sample: ['intentref'],
  annotation: ['conceptref'],
} as const satisfies Record<string, readonly [string] | readonly [string, string]>;

export type ItemKind = keyof typeof RECORDED;

const KINDS = Object.keys(RECORDED) as ItemKind[];
const KIND_CODES: ReadonlyMap<ItemKind, number> = new Map(KINDS.map((k, i) => [k, i]));

/** Per item: kind, start, end, then start and end of each recorded attribute's value (-1: absent). */
const STRIDE = 7;

export class StreamedPositions implements TrsxLocator {
  private readonly slots = new Map<object, number>();
  private data = new Int32Array(STRIDE * 256);
  private count = 0;
  private readonly regexes = new Map<object, TextRange>();
  projectName: TextRange | undefined = undefined;
  ontologyName: TextRange | undefined = undefined;

  /** Records where `item` was read from; its end is set by `end` when the element closes. Returns its slot. */
  record(item: object, kind: ItemKind, el: XmlElement, start: number, end: number): number {
    if ((this.count + 1) * STRIDE > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const slot = this.count++;
    const at = slot * STRIDE;
    const data = this.data;
    data[at] = KIND_CODES.get(kind) as number;
    data[at + 1] = start;
    data[at + 2] = end;
    data.fill(-1, at + 3, at + STRIDE);
    const names: readonly string[] = RECORDED[kind];
    for (const a of el.attributes) {
      const i = names.indexOf(a.name);
      if (i === -1 || (data[at + 3 + 2 * i] as number) !== -1) continue; // the first of a repeated attribute, like getAttribute
      const { start: valueStart, end: valueEnd } = a.valueRange;
      data[at + 3 + 2 * i] = valueStart;
      data[at + 4 + 2 * i] = valueEnd;
    }
    this.slots.set(item, slot);
    return slot;
  }

  end(slot: number, end: number): void {
    this.data[slot * STRIDE + 2] = end;
  }

  /** The first `<regex>` of a concept. */
  regex(concept: object, range: TextRange): void {
    if (!this.regexes.has(concept)) this.regexes.set(concept, range);
  }

  range(item: object): TextRange | undefined {
    const slot = this.slots.get(item);
    if (slot === undefined) return undefined;
    const at = slot * STRIDE;
    return { start: this.data[at + 1] as number, end: this.data[at + 2] as number };
  }

  attributeRange(item: object, attribute: string): TextRange | undefined {
    const slot = this.slots.get(item);
    if (slot === undefined) return undefined;
    const at = slot * STRIDE;
    const kind = KINDS[this.data[at] as number] as ItemKind;
    const i = (RECORDED[kind] as readonly string[]).indexOf(attribute);
    // A rule asking for an attribute not recorded here would silently point elsewhere than the tree path does.
    if (i === -1)
      throw new Error(
        `The streaming TRSX reader does not record '${attribute}' on a ${kind}; add it to RECORDED in stream-positions.ts.`,
      );
    const start = this.data[at + 3 + 2 * i] as number;
    return start === -1 ? undefined : { start, end: this.data[at + 4 + 2 * i] as number };
  }

  regexRange(concept: object): TextRange | undefined {
    return this.regexes.get(concept);
  }
}
