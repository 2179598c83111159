// Where each model item came from: the language services (hover, go to definition, rename, diagnostics
// on model-level rules) turn model objects back into source ranges through this index.

import type { TextRange } from '../diagnostic';
import { getAttribute, type XmlElement } from '../xml/tree';

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
