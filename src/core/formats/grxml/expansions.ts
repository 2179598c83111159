// Model objects made from scanned elements, for the builder (builder.ts): items, alternatives, rule references,
// and the tokens of character data. The builder collects what goes inside them; these functions shape them.

import type { ScannedElement, ScannedText } from '../xml/nodes';
import { attributeValue, type XmlElement } from '../xml/tree';
import { parseRepeat, parseRepeatProb, parseRuleRefTarget, parseWeight } from './attributes';
import type { Expansion, ItemExpansion, ItemSpec } from './model';
import { ItemNode, ONCE, OneOfNode, PLAIN_ITEM, RuleRefNode, SequenceNode, TokenNode } from './modelNodes';
import { tokenizeText, type TokenSink } from './tokens';

/** What one grammar's expansions share while it is built: item attributes, and the token collector. */
export class ExpansionMaker {
  /** Item attributes by repeat, then repeat-prob, then weight text: shared, read-only (grammars repeat a few values). */
  private readonly specs = new Map<string | undefined, Map<string | undefined, Map<string | undefined, ItemSpec>>>();
  private readonly tokens = new TokenCollector();

  /** `body` holds the item's content and has the item's range. */
  item(el: XmlElement, body: SequenceNode): ItemNode {
    let repeat: string | undefined;
    let repeatProb: string | undefined;
    let weight: string | undefined;
    let lang: string | undefined;
    for (const a of el.attributes) {
      switch (a.name) {
        case 'repeat': repeat = a.value; break;
        case 'repeat-prob': repeatProb = a.value; break;
        case 'weight': weight = a.value; break;
        case 'xml:lang': lang = a.value; break;
        default: break;
      }
    }
    const plain = repeat === undefined && repeatProb === undefined && weight === undefined;
    return new ItemNode(body, lang, plain ? PLAIN_ITEM : this.itemSpec(repeat, repeatProb, weight));
  }

  /** The tokens of a text node, appended to `into` (its offsets read directly: `range` would allocate). */
  pushTokens(node: ScannedText, into: Expansion[]): void {
    const tokens = this.tokens;
    tokens.into = into;
    tokens.start = node.start;
    tokens.end = node.end;
    // Exact source offsets when the text was written without escapes; else every token gets the node's range.
    tokens.base = node.cdata ? node.start + 9 : node.start;
    tokens.exact = node.cdata ? node.raw.length === node.value.length + 12 : node.raw === node.value;
    tokenizeText(node.value, tokens);
  }

  private itemSpec(repeat: string | undefined, repeatProb: string | undefined, weight: string | undefined): ItemSpec {
    let byProb = this.specs.get(repeat);
    if (!byProb) this.specs.set(repeat, (byProb = new Map()));
    let byWeight = byProb.get(repeatProb);
    if (!byWeight) byProb.set(repeatProb, (byWeight = new Map()));
    let spec = byWeight.get(weight);
    if (spec === undefined) {
      const parsedRepeat = repeat === undefined ? undefined : parseRepeat(repeat);
      spec = Object.freeze({
        repeat: parsedRepeat ? Object.freeze(parsedRepeat) : ONCE, repeatAttribute: repeat,
        repeatProb: repeatProb === undefined ? undefined : parseRepeatProb(repeatProb), repeatProbAttribute: repeatProb,
        weight: (weight === undefined ? undefined : parseWeight(weight)) ?? 1, weightAttribute: weight,
      });
      byWeight.set(weight, spec);
    }
    return spec;
  }
}

/**
 * Only <item>s belong in <one-of> (validation reports anything else). To keep real-world grammars matchable,
 * a <tag> right after an item joins that item, and any other stray expansion becomes an alternative of its own.
 */
export function oneOf(el: XmlElement, items: ItemExpansion[], stray: readonly Expansion[] | undefined, start: number, end: number): OneOfNode {
  if (stray && stray.length > 0) {
    for (const expansion of stray) {
      const previous = items.filter((i) => i.range.end <= expansion.range.start).pop();
      if (expansion.kind === 'tag' && previous) previous.body.children.push(expansion);
      else items.push(wrapAsItem(expansion));
    }
    items.sort((a, b) => a.range.start - b.range.start);
  }
  return new OneOfNode(items, attributeValue(el, 'xml:lang'), start, end);
}

export function ruleref(el: ScannedElement): RuleRefNode {
  const uri = attributeValue(el, 'uri');
  const special = attributeValue(el, 'special');
  return new RuleRefNode(uri, special, attributeValue(el, 'type'), parseRuleRefTarget(uri, special), el.start, el.end);
}

function wrapAsItem(expansion: Expansion): ItemNode {
  const { start, end } = expansion.range;
  return new ItemNode(new SequenceNode([expansion], start, end), undefined, PLAIN_ITEM);
}

/** Turns the tokens of one text node into token expansions; set up anew for each node (see pushTokens). */
class TokenCollector implements TokenSink {
  into: Expansion[] = [];
  /** The node's range. */
  start = 0;
  end = 0;
  /** Where the node's value starts in the source, when its offsets map one to one (`exact`). */
  base = 0;
  exact = true;

  token(text: string, quoted: boolean, start: number, end: number): void {
    this.into.push(this.exact
      ? new TokenNode(text, quoted, undefined, this.base + start, this.base + end)
      : new TokenNode(text, quoted, undefined, this.start, this.end));
  }
}
