// The expansions of a grammar's rules as the builder (builder.ts) records them: numbered nodes in typed arrays,
// their strings sliced from the source text when asked for, not objects. A 10,000-rule grammar has some 300,000
// expansions; as objects (and strings) they were most of its parse time, because the garbage collector copied
// every one of them (twice) while the document was still being read. Validation walks this store by node number
// (validateRules.ts, recursion.ts, references.ts); the model's objects (modelNodes.ts) are made from it the first
// time a rule's body is read (matching, editors), one rule at a time, and then kept, so they are the same objects
// on every read.

import type { TextRange } from '../diagnostic';
import { parseRuleRefTarget } from './attributes';
import type { Expansion, ItemExpansion, ItemSpec, RuleRefTarget } from './model';
import { ItemNode, OneOfNode, PLAIN_ITEM, RuleRefNode, SequenceNode, TagNode, TokenNode } from './modelNodes';

export const TOKEN = 1;
export const TAG = 2;
export const RULEREF = 3;
export const ITEM = 4;
export const ONE_OF = 5;

/** Node 0 is never used: a node number is always > 0. */
const FIRST_NODE = 1;

/** `info` of a token: it is one token even with spaces (a <token> or a double-quoted run). */
export const QUOTED = 1;
/** `info` of a token, tag or rule reference: its string is in `kept` (not a slice of the source text). */
const KEPT = 2;
/** `info` of a rule reference: it has no uri. */
const NO_STRING = 4;

export class ExpansionStore {
  /** Per node: TOKEN, TAG, RULEREF, ITEM or ONE_OF. */
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  /** Token, tag, rule reference: QUOTED, KEPT, NO_STRING. Item: its index in `specs`. */
  info: Int32Array;
  /**
   * Item, one-of: where its children (items, for a one-of) begin in `list`, and how many there are. Token, tag,
   * rule reference: where its text (a rule reference: its uri) is in the source text, and its length. Strings are
   * sliced from the source when asked for rather than kept: kept, they were most of what the garbage collector
   * still copied.
   */
  from: Int32Array;
  count: Int32Array;
  /** The strings that are not a slice of the source text as written (decoded, normalized, quoted), by node. */
  private readonly kept = new Map<number, string>();
  /** Node numbers: the children of each item, one-of and rule body, one after the other. */
  list: Int32Array;
  private listLength = 0;
  private size = FIRST_NODE;
  /** Item attributes (shared: grammars repeat a few values); PLAIN_ITEM is 0. */
  readonly specs: ItemSpec[] = [PLAIN_ITEM];
  /** Per rule (in grammar.rules order): where its body's expansions begin in `list`, and how many there are. */
  readonly ruleFrom: number[] = [];
  readonly ruleCount: number[] = [];
  /** Each rule id → the number of its first definition (grammar.rulesById is a view of it). */
  readonly ruleIndex = new Map<string, number>();
  /** Per rule: 1 when it is the first definition of its (non-empty) id. */
  readonly firstDefinition: number[] = [];
  /** The rare fields, by node number: xml:lang of a token, item or one-of; special and type of a rule reference. */
  readonly langs = new Map<number, string>();
  readonly specials = new Map<number, string>();
  readonly types = new Map<number, string>();

  /** `source`: the document's text (the nodes' offsets and strings are in it). */
  constructor(private readonly source: string) {
    const nodes = Math.max(64, source.length >> 4); // sized once for most grammars
    this.kind = new Uint8Array(nodes);
    this.start = new Int32Array(nodes);
    this.end = new Int32Array(nodes);
    this.info = new Int32Array(nodes);
    this.from = new Int32Array(nodes);
    this.count = new Int32Array(nodes);
    this.list = new Int32Array(nodes);
  }

  /** A new node. */
  add(kind: number, start: number, end: number, info: number): number {
    if (this.size === this.kind.length) this.grow();
    const n = this.size++;
    this.kind[n] = kind;
    this.start[n] = start;
    this.end[n] = end;
    this.info[n] = info;
    return n;
  }

  /**
   * A token, tag or rule reference whose string (`text`; a rule reference: its uri) is the source's text at
   * `at` (else -1, or `text` undefined for a rule reference without uri).
   */
  addWithString(kind: number, start: number, end: number, flags: number, text: string | undefined, at: number): number {
    if (text === undefined) return this.add(kind, start, end, flags | NO_STRING);
    if (at >= 0) return this.addSlice(kind, start, end, flags, at, text.length);
    const n = this.add(kind, start, end, flags | KEPT);
    this.kept.set(n, text);
    return n;
  }

  /** A token, tag or rule reference whose string is the source's `length` characters at `at`. */
  addSlice(kind: number, start: number, end: number, flags: number, at: number, length: number): number {
    const n = this.add(kind, start, end, flags);
    this.from[n] = at;
    this.count[n] = length;
    return n;
  }

  /** Appends `nodes[from…]` to the children list; returns where they begin there. */
  addList(nodes: readonly number[], from: number): number {
    const at = this.listLength;
    const needed = at + nodes.length - from;
    if (needed > this.list.length) this.list = grown(this.list, Math.max(needed, this.list.length * 2));
    for (let i = from; i < nodes.length; i++) this.list[this.listLength++] = nodes[i] as number;
    return at;
  }

  /** Makes `nodes[from…]` the children of container `n` (an item or a one-of). */
  setChildren(n: number, nodes: readonly number[], from: number): void {
    this.from[n] = this.addList(nodes, from);
    this.count[n] = nodes.length - from;
  }

  /** Records the next rule: its id, and its body, `nodes[from…]`. */
  addRule(id: string, nodes: readonly number[], from: number): void {
    const index = this.ruleFrom.length;
    this.ruleFrom.push(this.addList(nodes, from));
    this.ruleCount.push(nodes.length - from);
    const first = id !== '' && !this.ruleIndex.has(id);
    if (first) this.ruleIndex.set(id, index);
    this.firstDefinition.push(first ? 1 : 0);
  }

  /** Appends `child` to item `n`'s children (a stray <tag> joining the item before it; rare, so it is copied). */
  appendChild(n: number, child: number): void {
    const children: number[] = [];
    for (let i = 0; i < (this.count[n] as number); i++)
      children.push(this.list[(this.from[n] as number) + i] as number);
    children.push(child);
    this.setChildren(n, children, 0);
  }

  range(n: number): TextRange {
    return { start: this.start[n] as number, end: this.end[n] as number };
  }

  /** A token's or tag's text, a rule reference's uri (undefined when it has none). */
  text(n: number): string | undefined {
    const info = this.info[n] as number;
    if ((info & KEPT) !== 0) return this.kept.get(n);
    if ((info & NO_STRING) !== 0) return undefined;
    const at = this.from[n] as number;
    return this.source.slice(at, at + (this.count[n] as number));
  }

  spec(item: number): ItemSpec {
    return this.specs[this.info[item] as number] as ItemSpec;
  }

  /** What rule reference `n` points to (a new object on each call: the store keeps none). */
  target(n: number): RuleRefTarget {
    return parseRuleRefTarget(this.text(n), this.specials.get(n));
  }

  /** The model's object for node `n` and everything in it (made anew: RuleNode keeps what it asked for). */
  expansion(n: number): Expansion {
    const start = this.start[n] as number;
    const end = this.end[n] as number;
    switch (this.kind[n]) {
      case TOKEN:
        return new TokenNode(
          this.text(n) as string,
          ((this.info[n] as number) & QUOTED) !== 0,
          this.langs.get(n),
          start,
          end,
        );
      case TAG:
        return new TagNode(this.text(n) as string, start, end);
      case RULEREF: {
        const uri = this.text(n);
        const special = this.specials.get(n);
        return new RuleRefNode(uri, special, this.types.get(n), parseRuleRefTarget(uri, special), start, end);
      }
      case ITEM:
        return new ItemNode(
          new SequenceNode(this.expansions(this.from[n] as number, this.count[n] as number), start, end),
          this.langs.get(n),
          this.spec(n),
        );
      case ONE_OF:
        return new OneOfNode(
          this.expansions(this.from[n] as number, this.count[n] as number) as ItemExpansion[],
          this.langs.get(n),
          start,
          end,
        );
      default:
        throw new Error(`expansion store: no node ${n}`);
    }
  }

  /** The objects of the `count` nodes listed from `from` on. */
  expansions(from: number, count: number): Expansion[] {
    const out = new Array<Expansion>(count);
    for (let i = 0; i < count; i++) out[i] = this.expansion(this.list[from + i] as number);
    return out;
  }

  private grow(): void {
    const size = this.kind.length * 2;
    this.kind = grown(this.kind, size);
    this.start = grown(this.start, size);
    this.end = grown(this.end, size);
    this.info = grown(this.info, size);
    this.from = grown(this.from, size);
    this.count = grown(this.count, size);
  }
}

function grown<T extends Uint8Array | Int32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
