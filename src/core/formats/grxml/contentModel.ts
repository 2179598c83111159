// SRGS 1.0 element content models and attribute lists (grammar-core.xsd), checked as the document is read:
// which elements and text may appear where, which attributes exist, where header elements may go.
// Vendor extensions (elements of other namespaces, prefixed attributes) are tolerated with a warning or silently.

import type { Diagnostic } from '../diagnostic';
import type { XmlElement, XmlText } from '../xml/tree';
import { isLanguageTag } from './attributes';
import { srgsDiagnostic } from './codes';
import { isForeignAttribute } from './xmlNames';

export interface ElementModel {
  children: readonly string[];
  text: boolean;
  attributes: readonly string[];
}

const EXPANSIONS = ['token', 'ruleref', 'item', 'one-of', 'tag'];
const HEADER = ['lexicon', 'meta', 'metadata', 'tag'];

const MODELS: Readonly<Record<string, ElementModel>> = {
  // `src`/`srcexpr` are VoiceXML's; grammarElement.ts judges them (SRGS039/SRGS040).
  grammar: {
    children: [...HEADER, 'rule'],
    text: false,
    attributes: ['version', 'xml:lang', 'mode', 'root', 'tag-format', 'xml:base', 'src', 'srcexpr'],
  },
  lexicon: { children: [], text: false, attributes: ['uri', 'type'] },
  meta: { children: [], text: false, attributes: ['name', 'content', 'http-equiv'] },
  tag: { children: [], text: true, attributes: [] },
  rule: { children: [...EXPANSIONS, 'example'], text: true, attributes: ['id', 'scope'] },
  token: { children: [], text: true, attributes: ['xml:lang'] },
  ruleref: { children: [], text: false, attributes: ['uri', 'special', 'type'] },
  item: { children: EXPANSIONS, text: true, attributes: ['repeat', 'repeat-prob', 'weight', 'xml:lang'] },
  'one-of': { children: ['item'], text: false, attributes: ['xml:lang'] },
  example: { children: [], text: true, attributes: [] },
};

/** The models with their children as a bit mask (see ELEMENT_BITS) and attributes as a set. */
interface CheckedModel extends ElementModel {
  childMask: number;
  attributeSet: ReadonlySet<string>;
}

/** A bit per SRGS element name (metadata included): a child check is one AND, not a set lookup per element. */
const ELEMENT_BITS: ReadonlyMap<string, number> = new Map(
  [...Object.keys(MODELS), 'metadata'].map((name, i) => [name, 1 << i]),
);

const CHECKED: ReadonlyMap<string, CheckedModel> = new Map(
  Object.entries(MODELS).map(([name, m]) => [
    name,
    {
      ...m,
      childMask: m.children.reduce((mask, c) => mask | (ELEMENT_BITS.get(c) ?? 0), 0),
      attributeSet: new Set(m.attributes),
    },
  ]),
);

/**
 * What the checker needs of an element's local name, resolved once per distinct name (the builder caches it):
 * its model (undefined: none), its bit (0: not an SRGS element name), and whether it names an SRGS element.
 */
export interface CheckedName {
  readonly local: string;
  readonly model: CheckedModel | undefined;
  readonly bit: number;
  readonly known: boolean;
}

/** Each SRGS element name as a literal: the scanner's names are copies, which compare by content, not identity. */
const CANONICAL: ReadonlyMap<string, string> = new Map([...ELEMENT_BITS.keys()].map((name) => [name, name]));

export function checkedName(name: string): CheckedName {
  const local = CANONICAL.get(name) ?? name;
  // `in` also finds Object.prototype's names (<toString>); they fail the child test (bit 0), as they always have.
  return {
    local,
    model: CHECKED.get(local),
    bit: ELEMENT_BITS.get(local) ?? 0,
    known: local in MODELS || local === 'metadata',
  };
}

/** The content model of an SRGS element by local name (editor completion reads it), or undefined. */
export function srgsElementModel(local: string): ElementModel | undefined {
  return Object.hasOwn(MODELS, local) ? MODELS[local] : undefined;
}

/** What the checker tracks for an open element whose content it checks. */
export interface ContentFrame {
  /** The element's content model; undefined when its content is not checked (not SRGS, misplaced, metadata). */
  model: CheckedModel | undefined;
  /** Its local name. */
  local: string;
  /** <item> children so far (a <one-of> needs one). */
  items: number;
  /** Whether a direct text child has non-whitespace (a <token> needs one). */
  hasText: boolean;
}

/**
 * Checks an SRGS <grammar> element and everything inside it, as the scanner gives it element by element (see
 * builder.ts): the diagnostics come out in document order, as a walk over the tree would give them.
 */
export class ContentModelChecker {
  readonly out: Diagnostic[] = [];
  private seenRule = false;

  /** `srgsNs`: the namespace of the <grammar> element. */
  constructor(private readonly srgsNs: string | undefined) {}

  /** The <grammar> element itself: checks its attributes and returns its model. */
  grammar(el: XmlElement): CheckedModel {
    const model = CHECKED.get('grammar') as CheckedModel;
    checkAttributes(el, 'grammar', model, this.out);
    return model;
  }

  /**
   * `child` (namespace `ns`, local name `childLocal`) inside `parent`, whose content is checked. Returns the
   * child's model when its own content is to be checked, else undefined (nothing inside it is reported).
   */
  element(
    parent: ContentFrame,
    child: XmlElement,
    ns: string | undefined,
    name: CheckedName,
  ): CheckedModel | undefined {
    const out = this.out;
    const local = parent.local;
    const model = parent.model as CheckedModel;
    if (ns !== this.srgsNs) {
      out.push(
        srgsDiagnostic(
          'SRGS044',
          `<${child.name}> is not an SRGS element (namespace ${ns ?? 'none'}); it is ignored.`,
          child.openTagRange,
        ),
      );
      return undefined;
    }
    const childLocal = name.local;
    const childModel = name.model;
    if (!name.known) {
      out.push(
        srgsDiagnostic(
          'SRGS025',
          `<${child.name}> is not an SRGS element; remove it or move it into <metadata>.`,
          child.openTagRange,
        ),
      );
      return undefined;
    }
    if ((model.childMask & name.bit) === 0) {
      out.push(
        srgsDiagnostic(
          'SRGS025',
          `<${childLocal}> is not allowed inside <${local}>${childHint(local)}.`,
          child.openTagRange,
        ),
      );
      return undefined;
    }
    if (local === 'grammar') {
      if (childLocal === 'rule') this.seenRule = true;
      else if (this.seenRule) {
        out.push(
          srgsDiagnostic(
            'SRGS024',
            `<${childLocal}> must come before the first <rule> (it belongs to the grammar header).`,
            child.openTagRange,
          ),
        );
      }
    }
    if (childLocal === 'item') parent.items++;
    if (childLocal === 'metadata') {
      checkAttributes(child, 'metadata', undefined, out);
      return undefined;
    }
    checkAttributes(child, childLocal, childModel, out);
    return childModel;
  }

  /** A text node directly inside `parent`, whose content is checked. */
  text(parent: ContentFrame, node: XmlText): void {
    if (!hasNonSpace(node.value)) return;
    parent.hasText = true;
    if (!(parent.model as CheckedModel).text) {
      this.out.push(
        srgsDiagnostic(
          'SRGS027',
          `Text is not allowed directly inside <${parent.local}>${textHint(parent.local)}.`,
          node.range,
        ),
      );
    }
  }

  /** `el`, whose content was checked, is complete. */
  close(frame: ContentFrame, el: XmlElement): void {
    if (frame.local === 'one-of' && frame.items === 0)
      this.out.push(srgsDiagnostic('SRGS026', '<one-of> needs at least one <item> alternative.', el.openTagRange));
    if (frame.local === 'token' && !frame.hasText) {
      this.out.push(srgsDiagnostic('SRGS028', '<token> is empty; write the word inside it or remove it.', el.range));
    }
  }
}

/** `/\S/.test(s)`, without the regular expression for the usual ASCII text (this runs for every text node). */
function hasNonSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) return true;
    if (c !== 0x20 && (c < 0x09 || c > 0x0d)) return /\S/.test(s); // other characters: let the regex decide
  }
  return false;
}

function checkAttributes(el: XmlElement, local: string, model: CheckedModel | undefined, out: Diagnostic[]): void {
  for (const a of el.attributes) {
    if (a.name === 'xml:lang' && !isLanguageTag(a.value.trim())) {
      out.push(srgsDiagnostic('SRGS045', `xml:lang="${a.value}" is not a language tag such as "en-US".`, a.valueRange));
    }
    if (!model || isForeignAttribute(a.name) || model.attributeSet.has(a.name)) continue;
    if (local === 'grammar' && a.name === 'scope') {
      // The schema's Grammar.attribs has no scope and <grammar> admits no other attributes (SRGS 1.0 §4, Appendix C).
      out.push(
        srgsDiagnostic(
          'SRGS049',
          'scope is not an attribute of <grammar>; it belongs on each <rule> (scope="public" or "private").',
          a.nameRange,
        ),
      );
      continue;
    }
    out.push(
      srgsDiagnostic('SRGS035', `${a.name} is not an SRGS attribute of <${local}>; it is ignored.`, a.nameRange),
    );
  }
  if (local === 'lexicon' && !el.attributes.some((a) => a.name === 'uri')) {
    out.push(
      srgsDiagnostic('SRGS036', '<lexicon> needs a uri attribute naming the pronunciation lexicon.', el.openTagRange),
    );
  }
  if (local === 'meta') {
    if (!el.attributes.some((a) => a.name === 'content'))
      out.push(srgsDiagnostic('SRGS036', '<meta> needs a content attribute.', el.openTagRange));
    const named = el.attributes.filter((a) => a.name === 'name' || a.name === 'http-equiv').length;
    if (named !== 1)
      out.push(srgsDiagnostic('SRGS037', '<meta> needs exactly one of name and http-equiv.', el.openTagRange));
  }
}

function textHint(local: string): string {
  if (local === 'grammar') return '; words belong inside a <rule>';
  if (local === 'one-of') return '; wrap each alternative in <item>';
  return '';
}

function childHint(local: string): string {
  if (local === 'one-of') return '; wrap each alternative in <item>';
  if (local === 'grammar') return '; only lexicon, meta, metadata and tag (header) then rule';
  return '';
}
