// Where each model item came from: the language services (hover, go to definition, rename, diagnostics
// on model-level rules) turn model objects back into source ranges through this index.

import type { TextRange } from '../diagnostic';
import { childElements, getAttribute, type XmlElement } from '../xml/tree';

export interface TrsxSections {
  project?: XmlElement;
  metadata: XmlElement[];
  sources: XmlElement[];
  ontology: XmlElement[];
  intents: XmlElement[];
  concepts: XmlElement[];
  dictionaries: XmlElement[];
  samples: XmlElement[];
}

export interface TrsxIndex {
  /**
   * Source element of every model object read from the text: metadata entries, sources, intents, links,
   * concepts, settings, relations, dictionaries, dictionary entries, samples and annotations.
   */
  elements: Map<object, XmlElement>;
  /** The section elements, in document order (a section may legitimately repeat, e.g. two `<samples>`). */
  sections: TrsxSections;
}

export function emptyTrsxIndex(): TrsxIndex {
  return {
    elements: new Map(),
    sections: { metadata: [], sources: [], ontology: [], intents: [], concepts: [], dictionaries: [], samples: [] },
  };
}

/** Range of the element a model item was read from. */
export function rangeOf(index: TrsxIndex, item: object): TextRange | undefined {
  return index.elements.get(item)?.range;
}

/** Range of one attribute's value (between the quotes) on the element a model item was read from. */
export function attributeRangeOf(index: TrsxIndex, item: object, attribute: string): TextRange | undefined {
  const el = index.elements.get(item);
  return el ? getAttribute(el, attribute)?.valueRange : undefined;
}

/**
 * Where model items are in the text: all the model-level rules (references, duplicates, values) need to place
 * their diagnostics. The tree path answers from its index (`indexLocator`); the streaming path, which keeps no
 * tree, from the positions it recorded while scanning (stream-positions.ts).
 */
export interface TrsxLocator {
  /** Range of the element an item was read from. */
  range(item: object): TextRange | undefined;
  /** Value range of the first attribute called `attribute` on the element an item was read from. */
  attributeRange(item: object, attribute: string): TextRange | undefined;
  /** Range of a concept's first `<regex>` child. */
  regexRange(concept: object): TextRange | undefined;
  /** The name in the open tag of `<project>` (undefined when the root is not a project). */
  readonly projectName: TextRange | undefined;
  /** The name in the open tag of the first `<ontology>` section (undefined without one). */
  readonly ontologyName: TextRange | undefined;
}

/** The element's name in its open tag: where element-level diagnostics point. */
export function elementNameRange(el: XmlElement): TextRange {
  const start = el.openTagRange.start + 1;
  return { start, end: start + el.name.length };
}

export function indexLocator(index: TrsxIndex): TrsxLocator {
  const project = index.sections.project;
  const ontology = index.sections.ontology[0];
  return {
    range: (item) => rangeOf(index, item),
    attributeRange: (item, attribute) => attributeRangeOf(index, item, attribute),
    regexRange: (concept) => {
      const el = index.elements.get(concept);
      return el ? childElements(el, 'regex')[0]?.range : undefined;
    },
    projectName: project ? elementNameRange(project) : undefined,
    ontologyName: ontology ? elementNameRange(ontology) : undefined,
  };
}
