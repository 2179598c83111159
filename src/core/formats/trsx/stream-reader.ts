// TRSX document → model, built as the XML scanner reads the document (an XmlSink), with the structure rules
// run in the same pass and no positioned tree kept: each element is read into its model object when it opens
// (read.ts's per-element readers, the ones the tree reader uses) and forgotten when it closes; only offsets
// are kept (stream-positions.ts) for the model rules that run once the document is read (stream.ts).
// The structure checks are validate-structure.ts's own, fed element by element in document order.

import type { ScannedElement, ScannedText } from '../xml/nodes';
import { ElementSink } from '../xml/treeBuilder';
import type { TrsxReport } from './codes';
import type {
  Annotation,
  SampleNode,
  TrsxConcept,
  TrsxDictionary,
  TrsxDocument,
  TrsxIntent,
  TrsxSample,
} from './model';
import {
  addTextRun,
  readAnnotation,
  readConcept,
  readDictionary,
  readDictionaryEntry,
  readIntent,
  readLink,
  readMetadataEntry,
  readOntologyHeader,
  readProjectHeader,
  readRelation,
  readSample,
  readSetting,
  readSource,
} from './read';
import { TRSX_RULES, type ElementRule } from './schema';
import { elementNameRange } from './source-index';
import { StreamedPositions, type ItemKind } from './stream-positions';
import { checkAttributes } from './validate-attributes';
import { ElementChecker, PROJECT_RULE, checkRoot } from './validate-structure';

/** What the reader makes of an element: the schema's `parent/child` key, named by its meaning. */
type Role =
  | 'project'
  | 'metadata'
  | 'metadataEntry'
  | 'sources'
  | 'source'
  | 'ontology'
  | 'intents'
  | 'intent'
  | 'links'
  | 'link'
  | 'concepts'
  | 'concept'
  | 'settings'
  | 'setting'
  | 'relations'
  | 'relation'
  | 'regex'
  | 'dictionaries'
  | 'dictionary'
  | 'dictionaryEntry'
  | 'samples'
  | 'sample'
  | 'annotation';

const ROLE_OF_KEY: Readonly<Record<string, Role>> = {
  'project/metadata': 'metadata',
  'metadata/entry': 'metadataEntry',
  'project/sources': 'sources',
  'sources/source': 'source',
  'project/ontology': 'ontology',
  'ontology/intents': 'intents',
  'intents/intent': 'intent',
  'intent/links': 'links',
  'links/link': 'link',
  'ontology/concepts': 'concepts',
  'concepts/concept': 'concept',
  'concept/settings': 'settings',
  'settings/setting': 'setting',
  'concept/relations': 'relations',
  'relations/relation': 'relation',
  'concept/regex': 'regex',
  'project/dictionaries': 'dictionaries',
  'dictionaries/dictionary': 'dictionary',
  'dictionary/entry': 'dictionaryEntry',
  'project/samples': 'samples',
  'samples/sample': 'sample',
  'sample/annotation': 'annotation',
  'annotation/annotation': 'annotation',
};

/** Every allowed element is read: the tree reader descends exactly along the schema's parent/child pairs. */
const ROLES: ReadonlyMap<ElementRule, Role> = new Map(
  Object.entries(TRSX_RULES).map(([key, rule]) => [rule, ROLE_OF_KEY[key] ?? 'project']),
);

/** An open element. Frames are reused from one element to the next at the same depth. */
interface Frame {
  el: ScannedElement | undefined;
  /** Undefined: not read and not checked (not a TRSX element here, or inside one that is not). */
  rule: ElementRule | undefined;
  role: Role;
  /** The model object of the element, or of its owner for groups (links, settings, relations, regex). */
  item: object | undefined;
  /** Its slot in the positions (-1: none), whose end is set when the element closes. */
  slot: number;
  /** Sample and annotation content read so far (copied at its exact size when the element closes). */
  content: SampleNode[];
  /** Metadata entry and regex: direct text. */
  text: string;
  readonly check: ElementChecker;
}

function newFrame(): Frame {
  return {
    el: undefined,
    rule: undefined,
    role: 'project',
    item: undefined,
    slot: -1,
    content: [],
    text: '',
    check: new ElementChecker(),
  };
}

export class TrsxStreamReader extends ElementSink {
  readonly document: TrsxDocument = {
    metadata: [],
    sources: [],
    intents: [],
    concepts: [],
    dictionaries: [],
    samples: [],
  };
  readonly positions = new StreamedPositions();
  /** The document's root element, once seen (later top-level elements are ignored, as in the tree path). */
  root: ScannedElement | undefined;
  /** Nothing here outlives an element's close or a text node's `add` (the root aside): the scanner reuses them. */
  readonly transient = true;
  private prefix = 'nuance';
  private readonly frames: Frame[] = [];
  private depth = 0;

  /**
   * With `onSample`, each sample goes there once read (with its element's range) instead of into the document,
   * and samples and their annotations get no positions (so nothing keeps them alive): for readers that want the
   * samples one at a time (sync's item lists, the health report) and run no model rules.
   */
  constructor(
    private readonly report: TrsxReport,
    private readonly onSample?: (sample: TrsxSample, start: number, end: number) => void,
  ) {
    super();
  }

  /** Whitespace-only text matters only where text is read; elsewhere it is layout (and never a TRSX012). */
  skipsWhitespace(parent: ScannedElement): boolean {
    const frame = this.frames[this.depth - 1];
    if (!frame || frame.el !== parent) return false;
    return frame.rule === undefined || !collectsText(frame.role);
  }

  /** True when the document is a <project>: its model rules are then to be run. */
  get isProject(): boolean {
    return this.root?.name === 'project';
  }

  protected override enter(el: ScannedElement, nested: boolean): void {
    const up = nested ? this.frames[this.depth - 1] : undefined;
    const frame = this.frames[this.depth] ?? newFrame();
    this.frames[this.depth++] = frame;
    frame.el = el;
    frame.rule = undefined;
    frame.item = undefined;
    frame.slot = -1;
    frame.text = '';
    if (!up) {
      if (this.root) return; // a second top-level element (the scanner reports it)
      this.root = el;
      const prefix = checkRoot(el, this.report);
      if (prefix === undefined) return;
      this.prefix = prefix;
      this.positions.projectName = elementNameRange(el);
      readProjectHeader(el, this.document);
      this.start(frame, el, PROJECT_RULE, true);
      return;
    }
    if (up.rule === undefined) return;
    const rule = up.check.child(el, this.report);
    if (!rule) return;
    checkAttributes(el, rule, this.prefix, this.report);
    this.start(frame, el, rule, false);
    this.read(frame, up, el);
  }

  private start(frame: Frame, el: ScannedElement, rule: ElementRule, isRoot: boolean): void {
    frame.rule = rule;
    frame.role = ROLES.get(rule) ?? 'project';
    frame.check.reset(el, rule, isRoot);
    frame.content.length = 0;
  }

  /** Reads the element that `frame` now holds into the model (`up` is its parent's frame). */
  private read(frame: Frame, up: Frame, el: ScannedElement): void {
    const doc = this.document;
    const positions = this.positions;
    const record = <T extends object>(item: T, kind: ItemKind): T => {
      frame.item = item;
      frame.slot = positions.record(item, kind, el, el.start, el.end);
      return item;
    };
    switch (frame.role) {
      case 'metadataEntry':
        doc.metadata.push(record(readMetadataEntry(el, ''), 'metadataEntry'));
        break;
      case 'source':
        doc.sources.push(record(readSource(el), 'source'));
        break;
      case 'ontology':
        if (positions.ontologyName === undefined) positions.ontologyName = elementNameRange(el);
        readOntologyHeader(el, doc);
        break;
      case 'intent':
        doc.intents.push(record(readIntent(el), 'intent'));
        break;
      case 'link':
        (up.item as TrsxIntent).links.push(record(readLink(el), 'link'));
        break;
      case 'concept':
        doc.concepts.push(record(readConcept(el), 'concept'));
        break;
      case 'setting':
        (up.item as TrsxConcept).settings.push(record(readSetting(el), 'setting'));
        break;
      case 'relation':
        (up.item as TrsxConcept).relations.push(record(readRelation(el), 'relation'));
        break;
      case 'dictionary':
        doc.dictionaries.push(record(readDictionary(el), 'dictionary'));
        break;
      case 'dictionaryEntry':
        (up.item as TrsxDictionary).entries.push(record(readDictionaryEntry(el), 'dictionaryEntry'));
        break;
      // Content is set when the element closes; an annotation takes its place among its parent's content now.
      case 'sample':
        if (this.onSample) frame.item = readSample(el, []);
        else doc.samples.push(record(readSample(el, []), 'sample'));
        break;
      case 'annotation': {
        const annotation = readAnnotation(el, []);
        up.content.push(this.onSample ? annotation : record(annotation, 'annotation'));
        frame.item = annotation;
        break;
      }
      case 'links':
      case 'settings':
      case 'relations':
      case 'regex':
        frame.item = up.item;
        break;
      default:
        break;
    }
  }

  protected override addText(node: ScannedText): void {
    const frame = this.frames[this.depth - 1] as Frame;
    if (frame.rule === undefined) return;
    frame.check.text(node, this.report);
    const role = frame.role;
    if (role === 'sample' || role === 'annotation') addTextRun(frame.content, node.value);
    else if (role === 'metadataEntry' || role === 'regex') frame.text += node.value;
  }

  protected override exit(): void {
    const frame = this.frames[--this.depth] as Frame;
    const el = frame.el as ScannedElement;
    frame.el = undefined;
    if (frame.slot !== -1) this.positions.end(frame.slot, el.end);
    if (frame.rule === undefined) return;
    switch (frame.role) {
      case 'sample':
      case 'annotation': {
        const content = frame.content;
        (frame.item as TrsxSample | Annotation).content = content.length === 0 ? [] : content.slice(); // exact size, as the tree reader
        content.length = 0;
        if (frame.role === 'sample' && this.onSample) this.onSample(frame.item as TrsxSample, el.start, el.end);
        break;
      }
      case 'metadataEntry':
        (frame.item as { value: string }).value = frame.text;
        break;
      case 'regex': {
        const concept = frame.item as TrsxConcept;
        concept.regex = frame.text; // the last <regex> wins, as in the tree reader
        this.positions.regex(concept, el.range);
        break;
      }
      default:
        break;
    }
    frame.item = undefined;
    frame.text = '';
  }
}

function collectsText(role: Role): boolean {
  return role === 'sample' || role === 'annotation' || role === 'metadataEntry' || role === 'regex';
}
