// Expansions made from scanned elements, for the builder (builder.ts): items, alternatives, rule references, tags
// and the tokens of character data, recorded in the grammar's expansion store (expansionStore.ts) as node
// numbers. The builder collects what goes inside them; these methods shape them.

import type { ScannedAttribute, ScannedElement, ScannedText } from '../xml/nodes';
import { attributeValue, getAttribute } from '../xml/tree';
import { parseRepeat, parseRepeatProb, parseWeight } from './attributes';
import { type ExpansionStore, ITEM, ONE_OF, QUOTED, RULEREF, TAG, TOKEN } from './expansionStore';
import type { ItemSpec } from './model';
import { ONCE } from './modelNodes';
import { tokenizeText, type TokenSink } from './tokens';

/** Index of PLAIN_ITEM in the store's specs. */
const PLAIN = 0;

/** What one grammar's expansions share while it is built: the store, item attributes, and the token collector. */
export class ExpansionMaker {
  /** Item attributes by repeat, then repeat-prob, then weight text → their index in the store (grammars repeat a few values). */
  private readonly specs = new Map<string | undefined, Map<string | undefined, Map<string | undefined, number>>>();
  private readonly tokens: TokenCollector;

  constructor(readonly store: ExpansionStore) {
    this.tokens = new TokenCollector(store);
  }

  /** An item whose children are `nodes[from…]`; it has the element's range. */
  item(el: ScannedElement, nodes: readonly number[], from: number): number {
    let repeat: string | undefined;
    let repeatProb: string | undefined;
    let weight: string | undefined;
    let lang: string | undefined;
    for (const a of el.attributes) {
      switch (a.name) {
        case 'repeat':
          repeat = a.value;
          break;
        case 'repeat-prob':
          repeatProb = a.value;
          break;
        case 'weight':
          weight = a.value;
          break;
        case 'xml:lang':
          lang = a.value;
          break;
        default:
          break;
      }
    }
    const plain = repeat === undefined && repeatProb === undefined && weight === undefined;
    const store = this.store;
    const n = store.add(ITEM, el.start, el.end, plain ? PLAIN : this.itemSpec(repeat, repeatProb, weight));
    if (lang !== undefined) store.langs.set(n, lang);
    store.setChildren(n, nodes, from);
    return n;
  }

  /** A <token>'s normalized text (not empty); `at`: where it is in the source as written, or -1. */
  token(el: ScannedElement, text: string, at: number): number {
    const n = this.store.addWithString(TOKEN, el.start, el.end, QUOTED, text, at);
    const lang = attributeValue(el, 'xml:lang');
    if (lang !== undefined) this.store.langs.set(n, lang);
    return n;
  }

  /** `at`: where the tag's text is in the source as written, or -1. */
  tag(el: ScannedElement, text: string, at: number): number {
    return this.store.addWithString(TAG, el.start, el.end, 0, text, at);
  }

  ruleref(el: ScannedElement): number {
    const store = this.store;
    const uri = getAttribute(el, 'uri') as ScannedAttribute | undefined;
    const n = store.addWithString(
      RULEREF,
      el.start,
      el.end,
      0,
      uri?.value,
      uri && uri.rawValue === uri.value ? uri.valueStart : -1,
    );
    const special = attributeValue(el, 'special');
    const type = attributeValue(el, 'type');
    if (special !== undefined) store.specials.set(n, special);
    if (type !== undefined) store.types.set(n, type);
    return n;
  }

  /**
   * A <one-of> of the items `nodes[from…]`. Only <item>s belong in it (validation reports anything else). To keep
   * real-world grammars matchable, a <tag> right after an item joins that item, and any other stray expansion
   * becomes an alternative of its own.
   */
  oneOf(el: ScannedElement, nodes: readonly number[], from: number, stray: readonly number[] | undefined): number {
    const store = this.store;
    const n = store.add(ONE_OF, el.start, el.end, 0);
    const lang = attributeValue(el, 'xml:lang');
    if (lang !== undefined) store.langs.set(n, lang);
    if (!stray || stray.length === 0) {
      store.setChildren(n, nodes, from);
      return n;
    }
    const items = nodes.slice(from);
    for (const expansion of stray) {
      const at = store.start[expansion] as number;
      let previous = -1; // the last item (in the list as it grows) that ends before the stray expansion
      for (const item of items) if ((store.end[item] as number) <= at) previous = item;
      if (store.kind[expansion] === TAG && previous !== -1) store.appendChild(previous, expansion);
      else {
        const wrapped = store.add(ITEM, at, store.end[expansion] as number, PLAIN);
        store.setChildren(wrapped, [expansion], 0);
        items.push(wrapped);
      }
    }
    items.sort((a, b) => (store.start[a] as number) - (store.start[b] as number));
    store.setChildren(n, items, 0);
    return n;
  }

  /** The tokens of a text node, appended to `into` (its offsets read directly: `range` would allocate). */
  pushTokens(node: ScannedText, into: number[]): void {
    const tokens = this.tokens;
    tokens.into = into;
    tokens.start = node.start;
    tokens.end = node.end;
    // Exact source offsets when the text was written without escapes; else every token gets the node's range.
    tokens.base = node.cdata ? node.start + 9 : node.start;
    tokens.exact = node.cdata ? node.raw.length === node.value.length + 12 : node.raw === node.value;
    tokens.value = node.value;
    tokenizeText(node.value, tokens);
  }

  private itemSpec(repeat: string | undefined, repeatProb: string | undefined, weight: string | undefined): number {
    let byProb = this.specs.get(repeat);
    if (!byProb) this.specs.set(repeat, (byProb = new Map()));
    let byWeight = byProb.get(repeatProb);
    if (!byWeight) byProb.set(repeatProb, (byWeight = new Map()));
    let index = byWeight.get(weight);
    if (index === undefined) {
      const parsedRepeat = repeat === undefined ? undefined : parseRepeat(repeat);
      const spec: ItemSpec = Object.freeze({
        repeat: parsedRepeat ? Object.freeze(parsedRepeat) : ONCE,
        repeatAttribute: repeat,
        repeatProb: repeatProb === undefined ? undefined : parseRepeatProb(repeatProb),
        repeatProbAttribute: repeatProb,
        weight: (weight === undefined ? undefined : parseWeight(weight)) ?? 1,
        weightAttribute: weight,
      });
      index = this.store.specs.push(spec) - 1;
      byWeight.set(weight, index);
    }
    return index;
  }
}

/** Turns the tokens of one text node into token nodes; set up anew for each node (see pushTokens). */
class TokenCollector implements TokenSink {
  into: number[] = [];
  /** The node's range. */
  start = 0;
  end = 0;
  /** Where the node's value starts in the source, when its offsets map one to one (`exact`). */
  base = 0;
  exact = true;
  /** The node's value (what the token offsets are in). */
  value = '';

  constructor(private readonly store: ExpansionStore) {}

  token(quoted: string | undefined, start: number, end: number): void {
    const store = this.store;
    let n: number;
    if (quoted !== undefined)
      n = store.addWithString(
        TOKEN,
        this.exact ? this.base + start : this.start,
        this.exact ? this.base + end : this.end,
        QUOTED,
        quoted,
        -1,
      );
    // A word of text written without escapes is the source's text at its offsets: not sliced, not kept.
    else if (this.exact)
      n = store.addSlice(TOKEN, this.base + start, this.base + end, 0, this.base + start, end - start);
    else n = store.addWithString(TOKEN, this.start, this.end, 0, this.value.slice(start, end), -1);
    this.into.push(n);
  }
}
