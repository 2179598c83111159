// Model objects made from scanned elements, for the builder (builder.ts): items, alternatives, rule references,
// and the tokens of character data. The builder collects what goes inside them; these functions shape them.

import type { TextRange } from '../diagnostic';
import type { ScannedText } from '../xml/nodes';
import { attributeValue, type XmlElement } from '../xml/tree';
import { parseRepeat, parseRepeatProb, parseRuleRefTarget, parseWeight } from './attributes';
import type { Expansion, ItemExpansion, OneOfExpansion, RepeatSpec, RuleRefExpansion, SequenceExpansion } from './model';
import { tokenizeText, type TokenSink } from './tokens';

/** The repeat of an item without a repeat attribute, shared (read-only) by all of them. */
const ONCE: RepeatSpec = Object.freeze({ min: 1, max: 1 });

/** What one grammar's expansions share while it is built: parsed repeats, and the token collector. */
export class ExpansionMaker {
  /** Parsed `repeat` values by text: shared, read-only (like ONCE), as a grammar repeats the same few values. */
  private readonly repeats = new Map<string, RepeatSpec | undefined>();
  private readonly tokens = new TokenCollector();

  /** `body` holds the item's content and has the item's range. */
  item(el: XmlElement, body: SequenceExpansion): ItemExpansion {
    let repeatAttribute: string | undefined;
    let repeatProbAttribute: string | undefined;
    let weightAttribute: string | undefined;
    let lang: string | undefined;
    for (const a of el.attributes) {
      switch (a.name) {
        case 'repeat': repeatAttribute = a.value; break;
        case 'repeat-prob': repeatProbAttribute = a.value; break;
        case 'weight': weightAttribute = a.value; break;
        case 'xml:lang': lang = a.value; break;
        default: break;
      }
    }
    // One object literal with every field, so all items share one shape (this runs for every <item>).
    return {
      kind: 'item', body,
      repeat: (repeatAttribute === undefined ? undefined : this.repeat(repeatAttribute)) ?? ONCE, repeatAttribute,
      repeatProb: repeatProbAttribute === undefined ? undefined : parseRepeatProb(repeatProbAttribute), repeatProbAttribute,
      weight: (weightAttribute === undefined ? undefined : parseWeight(weightAttribute)) ?? 1, weightAttribute,
      lang, range: body.range,
    };
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

  private repeat(value: string): RepeatSpec | undefined {
    let spec = this.repeats.get(value);
    if (spec === undefined && !this.repeats.has(value)) {
      const parsed = parseRepeat(value);
      spec = parsed && Object.freeze(parsed);
      this.repeats.set(value, spec);
    }
    return spec;
  }
}

/**
 * Only <item>s belong in <one-of> (validation reports anything else). To keep real-world grammars matchable,
 * a <tag> right after an item joins that item, and any other stray expansion becomes an alternative of its own.
 */
export function oneOf(el: XmlElement, items: ItemExpansion[], stray: readonly Expansion[] | undefined, range: TextRange): OneOfExpansion {
  if (stray && stray.length > 0) {
    for (const expansion of stray) {
      const previous = items.filter((i) => i.range.end <= expansion.range.start).pop();
      if (expansion.kind === 'tag' && previous) previous.body.children.push(expansion);
      else items.push(wrapAsItem(expansion));
    }
    items.sort((a, b) => a.range.start - b.range.start);
  }
  return { kind: 'one-of', items, lang: attributeValue(el, 'xml:lang'), range };
}

export function ruleref(el: XmlElement): RuleRefExpansion {
  const uri = attributeValue(el, 'uri');
  const special = attributeValue(el, 'special');
  return { kind: 'ruleref', uri, special, type: attributeValue(el, 'type'), target: parseRuleRefTarget(uri, special), range: el.range };
}

function wrapAsItem(expansion: Expansion): ItemExpansion {
  return {
    kind: 'item', body: { kind: 'sequence', children: [expansion], range: expansion.range },
    repeat: ONCE, weight: 1, range: expansion.range,
  };
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
    const range = this.exact ? { start: this.base + start, end: this.base + end } : { start: this.start, end: this.end };
    this.into.push({ kind: 'token', text, quoted, range });
  }
}
