// GrXML document → grammar model, built as the XML scanner reads the document (an XmlSink): no positioned tree
// is kept for it (parse.ts builds one only when asked), and the content-model checks (contentModel.ts) and the
// grammar element's (grammarElement.ts) run in the same pass. One pass, keeping nothing but the model (the rules'
// expansions as numbered nodes in the expansion store, not objects), is what makes large grammars fast: the tree
// of a 10,000-rule grammar is ~35 MB, and its expansions as objects ~10 MB, that the garbage collector would copy.
// The model is tolerant: it holds what the document says even when it breaks SRGS rules.

import type { Diagnostic, TextRange } from '../diagnostic';
import type { ScannedAttribute, ScannedElement, ScannedText } from '../xml/nodes';
import { attributeValue, getAttribute } from '../xml/tree';
import { ElementSink } from '../xml/treeBuilder';
import { checkedName, ContentModelChecker, type CheckedName, type ContentFrame } from './contentModel';
import { ExpansionStore } from './expansionStore';
import { ExpansionMaker } from './expansions';
import { checkGrammarElement } from './grammarElement';
import type { Example, Grammar, Rule } from './model';
import { RuleNode, RulesById, TagNode } from './modelNodes';
import { normalizeSpace } from './tokens';
import { enterElement, localName, namespaceOf, scopeAt, type NamespaceScope } from './xmlNames';

/** What the builder makes of an element (undefined: nothing, and it does not look inside). */
type Build =
  | 'grammar'
  | 'lexicon'
  | 'meta'
  | 'metadata'
  | 'rule'
  | 'example'
  | 'token'
  | 'ruleref'
  | 'item'
  | 'one-of'
  | 'tag';

/** An open element. Frames are reused from one element to the next at the same depth. */
interface Frame extends ContentFrame {
  el: ScannedElement | undefined;
  /** Namespace bindings inside the element. */
  scope: NamespaceScope;
  build: Build | undefined;
  /** Where the element's expansions (rule, item) or items (one-of) begin in `pending`. */
  from: number;
  /** one-of: expansions other than items (node numbers), placed among them at the end. */
  stray: number[] | undefined;
  /** rule: its <example>s (created by the first one: most rules have none). */
  examples: Example[] | undefined;
  /** tag, token, example: the character data inside, nested elements included. */
  text: string;
  /** Whether `text` is as written in the source (no reference or CDATA section decoded). */
  exact: boolean;
}

/** SRGS problems of the document's structure, found while reading it; `validateGrxml` reports them. */
export interface GrxmlStructure {
  /** The grammar element's checks, then content models and attributes in document order. */
  diagnostics: Diagnostic[];
  /** The open tag of the root element, where grammar-wide problems are reported (empty at 0 without a root). */
  grammarTag: TextRange;
}

export class GrammarBuilder extends ElementSink {
  /** Elements are read as they come (the root aside, nothing is kept): the scanner may reuse their objects. */
  readonly transient = true;
  readonly grammar: Grammar;
  private root: ScannedElement | undefined;
  /** The namespace of <grammar>: children count as SRGS elements when they share it (even when it is none). */
  private srgsNs: string | undefined;
  private checker: ContentModelChecker | undefined;
  private readonly frames: Frame[] = [];
  private depth = 0;
  /** Expansions (node numbers) of the sequences and alternatives being built, innermost last. */
  private readonly pending: number[] = [];
  /** The open tag, token or example: it takes all character data until it closes. */
  private collector: Frame | undefined;
  /** The rules' expansions (validation walks them there; rules make their objects when first read). */
  readonly expansions: ExpansionStore;
  private readonly make: ExpansionMaker;
  /** Each qualified element name, resolved in `namesScope` (nearly every element's): one lookup per element. */
  private readonly names = new Map<string, ResolvedName>();
  private namesScope: NamespaceScope | undefined;

  constructor(private readonly text: string) {
    super();
    this.expansions = new ExpansionStore(text);
    this.make = new ExpansionMaker(this.expansions);
    const rules: Rule[] = [];
    this.grammar = {
      mode: 'voice',
      lexicons: [],
      metas: [],
      metadata: [],
      tags: [],
      rules,
      rulesById: new RulesById(this.expansions.ruleIndex, rules),
      range: { start: 0, end: 0 },
    };
  }

  /** Whitespace-only text is neither a token nor a content-model problem; only a tag, token or example keeps it. */
  skipsWhitespace(): boolean {
    return this.collector === undefined;
  }

  /** Once the whole document has been read. */
  finish(): GrxmlStructure {
    const diagnostics: Diagnostic[] = [];
    checkGrammarElement(this.root, this.grammar, diagnostics);
    if (this.checker) for (const d of this.checker.out) diagnostics.push(d);
    return { diagnostics, grammarTag: this.root ? this.root.openTagRange : { start: 0, end: 0 } };
  }

  protected override enter(el: ScannedElement, nested: boolean): void {
    const up = nested ? (this.frames[this.depth - 1] as Frame) : undefined;
    const frame = this.frames[this.depth] ?? newFrame();
    this.frames[this.depth++] = frame;
    frame.el = el;
    frame.build = undefined;
    frame.model = undefined;
    frame.local = '';
    frame.items = 0;
    frame.hasText = false;
    frame.from = this.pending.length;
    frame.stray = undefined;
    frame.examples = undefined;
    frame.text = '';
    frame.exact = true;
    if (!up) {
      frame.scope = scopeAt(el);
      if (!this.root) this.enterRoot(frame, el);
      return;
    }
    frame.scope = up.scope;
    const looksInside = up.build === 'grammar' || up.build === 'rule' || up.build === 'item' || up.build === 'one-of';
    if (up.model === undefined && !looksInside) return; // nothing inside `up` is checked or built
    frame.scope = enterElement(up.scope, el);
    const name = this.resolve(frame.scope, el.name);
    const ns = name.ns;
    frame.local = name.local;
    if (up.model !== undefined) frame.model = (this.checker as ContentModelChecker).element(up, el, ns, name);
    if (looksInside && ns === this.srgsNs) frame.build = childBuild(up, name.local);
    if (frame.build === 'tag' || frame.build === 'token' || frame.build === 'example') this.collector = frame;
  }

  /** `qname`'s namespace in `scope` and what the checker needs of its local name (cached for one scope). */
  private resolve(scope: NamespaceScope, qname: string): ResolvedName {
    if (scope !== this.namesScope) {
      this.names.clear(); // a new xmlns declaration: rare, so one cache for the scope most elements share
      this.namesScope = scope;
    }
    let name = this.names.get(qname);
    if (name === undefined) {
      name = { ...checkedName(localName(qname)), ns: namespaceOf(scope, qname) };
      this.names.set(qname, name);
    }
    return name;
  }

  private enterRoot(frame: Frame, el: ScannedElement): void {
    this.root = el;
    const grammar = this.grammar;
    grammar.elementName = el.name;
    grammar.namespace = namespaceOf(frame.scope, el.name);
    if (localName(el.name) !== 'grammar') return;
    this.srgsNs = grammar.namespace;
    grammar.version = attributeValue(el, 'version');
    grammar.lang = attributeValue(el, 'xml:lang');
    grammar.modeAttribute = attributeValue(el, 'mode');
    grammar.mode = grammar.modeAttribute?.trim() === 'dtmf' ? 'dtmf' : 'voice';
    grammar.root = attributeValue(el, 'root')?.trim();
    grammar.tagFormat = attributeValue(el, 'tag-format')?.trim();
    grammar.base = attributeValue(el, 'xml:base');
    frame.build = 'grammar';
    frame.local = 'grammar';
    this.checker = new ContentModelChecker(this.srgsNs);
    frame.model = this.checker.grammar(el);
  }

  protected override addText(node: ScannedText): void {
    const up = this.frames[this.depth - 1] as Frame;
    if (up.model !== undefined) (this.checker as ContentModelChecker).text(up, node);
    const collector = this.collector;
    if (collector) {
      collector.text += node.value;
      if (node.raw !== node.value) collector.exact = false;
    } else if (up.build === 'rule' || up.build === 'item') this.make.pushTokens(node, this.pending);
    else if (up.build === 'one-of') this.make.pushTokens(node, (up.stray ??= []));
  }

  protected override exit(): void {
    const frame = this.frames[--this.depth] as Frame;
    const el = frame.el as ScannedElement;
    frame.el = undefined;
    if (el === this.root) this.grammar.range = el.range; // whatever the root element is
    if (frame.model !== undefined) (this.checker as ContentModelChecker).close(frame, el);
    if (frame.build === undefined) return;
    if (this.collector === frame) this.collector = undefined;
    const grammar = this.grammar;
    switch (frame.build) {
      case 'grammar':
        break;
      case 'lexicon':
        grammar.lexicons.push({ uri: attributeValue(el, 'uri'), type: attributeValue(el, 'type'), range: el.range });
        break;
      case 'meta':
        grammar.metas.push({
          name: attributeValue(el, 'name'),
          httpEquiv: attributeValue(el, 'http-equiv'),
          content: attributeValue(el, 'content'),
          range: el.range,
        });
        break;
      case 'metadata':
        grammar.metadata.push({ text: this.text.slice(el.start, el.end), range: el.range });
        break;
      case 'rule': {
        const rule = this.rule(frame, el);
        this.expansions.addRule(rule.id, this.pending, frame.from);
        while (this.pending.length > frame.from) this.pending.pop(); // setting length is a slower runtime call
        grammar.rules.push(rule);
        break;
      }
      case 'example': {
        const rule = this.frames[this.depth - 1] as Frame;
        (rule.examples ??= []).push({ text: normalizeSpace(frame.text), range: el.range });
        break;
      }
      case 'tag': {
        const up = this.frames[this.depth - 1] as Frame;
        if (up.build === 'grammar')
          grammar.tags.push(new TagNode(frame.text, el.start, el.end)); // header tags stay objects
        else this.deliver(this.make.tag(el, frame.text, this.sourceAt(frame, el, frame.text)), false);
        break;
      }
      case 'token': {
        const text = normalizeSpace(frame.text);
        if (text.length > 0)
          this.deliver(this.make.token(el, text, text === frame.text ? this.sourceAt(frame, el, text) : -1), false);
        break;
      }
      case 'ruleref':
        this.deliver(this.make.ruleref(el), false);
        break;
      case 'item':
        this.deliver(this.make.item(el, this.pending, frame.from), true, frame.from);
        break;
      case 'one-of':
        this.deliver(this.make.oneOf(el, this.pending, frame.from, frame.stray), false, frame.from);
        break;
    }
  }

  /**
   * Where `text`, the character data of `frame`'s element, is in the source as written (all of the element's
   * content: no markup inside it), else -1.
   */
  private sourceAt(frame: Frame, el: ScannedElement, text: string): number {
    return frame.exact && el.closeStart - el.openEnd === text.length ? el.openEnd : -1;
  }

  /**
   * Hands a finished expansion to the element around it (now the innermost frame); `from`: where the finished
   * element's own expansions began in `pending`, which the store has copied and are removed.
   */
  private deliver(n: number, isItem: boolean, from = this.pending.length): void {
    const pending = this.pending;
    // pop() for the few children of most elements: setting length is a slower runtime call.
    if (pending.length - from <= 8) while (pending.length > from) pending.pop();
    else pending.length = from;
    const up = this.frames[this.depth - 1] as Frame;
    if (up.build === 'one-of' && !isItem) (up.stray ??= []).push(n);
    else pending.push(n);
  }

  private rule(frame: Frame, el: ScannedElement): RuleNode {
    const idAttr = getAttribute(el, 'id') as ScannedAttribute | undefined;
    const scopeAttr = getAttribute(el, 'scope');
    return new RuleNode(
      idAttr?.value.trim() ?? '',
      scopeAttr?.value.trim() === 'public' ? 'public' : 'private',
      scopeAttr?.value,
      attributeValue(el, 'xml:lang'),
      this.expansions,
      this.grammar.rules.length,
      frame.examples ?? NO_EXAMPLES,
      el.start,
      el.end,
      idAttr ? idAttr.valueStart : el.start,
      idAttr ? idAttr.valueEnd : el.openEnd,
    );
  }
}

/** An element name resolved in a namespace scope. */
interface ResolvedName extends CheckedName {
  readonly ns: string | undefined;
}

/** What the builder makes of an SRGS child element `local` of an element it builds. */
function childBuild(up: Frame, local: string): Build | undefined {
  switch (local) {
    case 'lexicon':
    case 'meta':
    case 'metadata':
    case 'rule':
      return up.build === 'grammar' ? local : undefined;
    case 'tag':
      return local;
    case 'example':
      return up.build === 'rule' ? local : undefined;
    case 'token':
    case 'ruleref':
    case 'item':
    case 'one-of':
      return up.build === 'grammar' ? undefined : local;
    default:
      return undefined;
  }
}

/** The examples of every rule that has none (shared, read-only). */
const NO_EXAMPLES: readonly Example[] = Object.freeze([]);

/** A new frame's bindings until `enter` sets them (shared: a Map per frame was most of a small grammar's frames). */
const NO_BINDINGS: NamespaceScope = new Map();

function newFrame(): Frame {
  return {
    el: undefined,
    scope: NO_BINDINGS,
    build: undefined,
    model: undefined,
    local: '',
    items: 0,
    hasText: false,
    from: 0,
    stray: undefined,
    examples: undefined,
    text: '',
    exact: true,
  };
}
