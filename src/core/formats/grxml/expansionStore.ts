// The expansions of a grammar's rules as the builder (builder.ts) records them: numbered nodes in typed arrays and
// one array of strings, not objects. A 10,000-rule grammar has some 300,000 expansions; as objects they were
// most of its parse time, because the garbage collector copied every one of them (twice) while the document was
// still being read. Validation walks this store by node number (validateRules.ts, recursion.ts, references.ts);
// the model's objects (modelNodes.ts) are made from it the first time a rule's body is read (matching, editors),
// one rule at a time, and then kept, so they are the same objects on every read.

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

export class ExpansionStore {
  /** Per node: TOKEN, TAG, RULEREF, ITEM or ONE_OF. */
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  /** Token: 1 when quoted. Item: its index in `specs`. */
  info: Int32Array;
  /** Item, one-of: where its children (items, for a one-of) begin in `list`, and how many there are. */
  from: Int32Array;
  count: Int32Array;
  /** Per node: a token's or tag's text, a rule reference's uri (undefined for the others). */
  readonly strings: (string | undefined)[] = [undefined];
  /** Node numbers: the children of each item, one-of and rule body, one after the other. */
  list: Int32Array;
  private listLength = 0;
  private size = FIRST_NODE;
  /** Item attributes (shared: grammars repeat a few values); PLAIN_ITEM is 0. */
  readonly specs: ItemSpec[] = [PLAIN_ITEM];
  /** Per rule (in grammar.rules order): where its body's expansions begin in `list`, and how many there are. */
  readonly ruleFrom: number[] = [];
  readonly ruleCount: number[] = [];
  /** The rare fields, by node number: xml:lang of a token, item or one-of; special and type of a rule reference. */
  readonly langs = new Map<number, string>();
  readonly specials = new Map<number, string>();
  readonly types = new Map<number, string>();

  /** `textLength`: of the document, to size the arrays once for most grammars. */
  constructor(textLength: number) {
    const nodes = Math.max(64, textLength >> 4);
    this.kind = new Uint8Array(nodes);
    this.start = new Int32Array(nodes);
    this.end = new Int32Array(nodes);
    this.info = new Int32Array(nodes);
    this.from = new Int32Array(nodes);
    this.count = new Int32Array(nodes);
    this.list = new Int32Array(nodes);
  }

  /** A new node; `text`: a token's or tag's text, a rule reference's uri. */
  add(kind: number, start: number, end: number, info: number, text: string | undefined): number {
    if (this.size === this.kind.length) this.grow();
    const n = this.size++;
    this.kind[n] = kind;
    this.start[n] = start;
    this.end[n] = end;
    this.info[n] = info;
    this.strings.push(text);
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

  /** Records the body of the next rule: `nodes[from…]`. */
  addRule(nodes: readonly number[], from: number): void {
    this.ruleFrom.push(this.addList(nodes, from));
    this.ruleCount.push(nodes.length - from);
  }

  /** Appends `child` to item `n`'s children (a stray <tag> joining the item before it; rare, so it is copied). */
  appendChild(n: number, child: number): void {
    const children: number[] = [];
    for (let i = 0; i < (this.count[n] as number); i++) children.push(this.list[(this.from[n] as number) + i] as number);
    children.push(child);
    this.setChildren(n, children, 0);
  }

  range(n: number): TextRange {
    return { start: this.start[n] as number, end: this.end[n] as number };
  }

  text(n: number): string {
    return this.strings[n] as string;
  }

  spec(item: number): ItemSpec {
    return this.specs[this.info[item] as number] as ItemSpec;
  }

  /** What rule reference `n` points to (a new object on each call: the store keeps none). */
  target(n: number): RuleRefTarget {
    return parseRuleRefTarget(this.strings[n], this.specials.get(n));
  }

  /** The model's object for node `n` and everything in it (made anew: RuleNode keeps what it asked for). */
  expansion(n: number): Expansion {
    const start = this.start[n] as number;
    const end = this.end[n] as number;
    switch (this.kind[n]) {
      case TOKEN: return new TokenNode(this.strings[n] as string, this.info[n] === 1, this.langs.get(n), start, end);
      case TAG: return new TagNode(this.strings[n] as string, start, end);
      case RULEREF: {
        const uri = this.strings[n];
        const special = this.specials.get(n);
        return new RuleRefNode(uri, special, this.types.get(n), parseRuleRefTarget(uri, special), start, end);
      }
      case ITEM:
        return new ItemNode(new SequenceNode(this.expansions(this.from[n] as number, this.count[n] as number), start, end), this.langs.get(n), this.spec(n));
      case ONE_OF:
        return new OneOfNode(this.expansions(this.from[n] as number, this.count[n] as number) as ItemExpansion[], this.langs.get(n), start, end);
      default: throw new Error(`expansion store: no node ${n}`);
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
