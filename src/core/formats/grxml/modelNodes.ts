// Compact classes behind the grammar model's interfaces (model.ts): rules are made by the builder (builder.ts),
// expansions from the expansion store (expansionStore.ts) when a rule's body is first read. Like the XML
// scanner's nodes (xml/nodes.ts), they keep offsets as plain numbers and build `range` objects on access, and
// `kind` lives on the prototype: a 10,000-rule grammar's bodies are ~300,000 of them, and every field less is
// memory. Read-only once made.

import type { TextRange } from '../diagnostic';
import type { ExpansionStore } from './expansionStore';
import type {
  Example,
  Expansion,
  ItemExpansion,
  ItemSpec,
  OneOfExpansion,
  RepeatSpec,
  Rule,
  RuleRefExpansion,
  RuleRefTarget,
  RuleScope,
  SequenceExpansion,
  TagExpansion,
  TokenExpansion,
} from './model';

export class SequenceNode implements SequenceExpansion {
  declare readonly kind: 'sequence';
  constructor(
    readonly children: Expansion[],
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

export class TokenNode implements TokenExpansion {
  declare readonly kind: 'token';
  constructor(
    readonly text: string,
    readonly quoted: boolean,
    readonly lang: string | undefined,
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

export class TagNode implements TagExpansion {
  declare readonly kind: 'tag';
  constructor(
    readonly text: string,
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

export class RuleRefNode implements RuleRefExpansion {
  declare readonly kind: 'ruleref';
  constructor(
    readonly uri: string | undefined,
    readonly special: string | undefined,
    readonly type: string | undefined,
    readonly target: RuleRefTarget,
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

/** The repeat of an item without a repeat attribute, shared (read-only) by all of them. */
export const ONCE: RepeatSpec = Object.freeze({ min: 1, max: 1 });

/** An item without repeat, repeat-prob or weight. */
export const PLAIN_ITEM: ItemSpec = Object.freeze({ repeat: ONCE, weight: 1 });

/**
 * An item. Its ItemSpec is a separate object because grammars repeat the same few attribute values: items with
 * the same ones share it (the builder keeps them by text).
 */
export class ItemNode implements ItemExpansion {
  declare readonly kind: 'item';
  constructor(
    /** Holds the item's content and has the item's range. */
    readonly body: SequenceNode,
    readonly lang: string | undefined,
    readonly spec: ItemSpec,
  ) {}
  get repeat(): RepeatSpec {
    return this.spec.repeat;
  }
  get repeatAttribute(): string | undefined {
    return this.spec.repeatAttribute;
  }
  get repeatProb(): number | undefined {
    return this.spec.repeatProb;
  }
  get repeatProbAttribute(): string | undefined {
    return this.spec.repeatProbAttribute;
  }
  get weight(): number {
    return this.spec.weight;
  }
  get weightAttribute(): string | undefined {
    return this.spec.weightAttribute;
  }
  get range(): TextRange {
    return this.body.range;
  }
}

export class OneOfNode implements OneOfExpansion {
  declare readonly kind: 'one-of';
  constructor(
    readonly items: ItemExpansion[],
    readonly lang: string | undefined,
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
}

/** A rule. Its body's objects are made from the expansion store the first time it is read, then kept. */
export class RuleNode implements Rule {
  private made: SequenceNode | undefined = undefined;

  constructor(
    readonly id: string,
    readonly scope: RuleScope,
    readonly scopeAttribute: string | undefined,
    readonly lang: string | undefined,
    private readonly store: ExpansionStore,
    /** The rule's number in grammar.rules (and in the store). */
    private readonly index: number,
    readonly examples: readonly Example[],
    private readonly start: number,
    private readonly end: number,
    private readonly idStart: number,
    private readonly idEnd: number,
  ) {}

  get body(): SequenceExpansion {
    const store = this.store;
    return (this.made ??= new SequenceNode(
      store.expansions(store.ruleFrom[this.index] as number, store.ruleCount[this.index] as number),
      this.start,
      this.end,
    ));
  }

  get range(): TextRange {
    return { start: this.start, end: this.end };
  }
  get idRange(): TextRange {
    return { start: this.idStart, end: this.idEnd };
  }

  /** What the rule says (its body included), not how it is kept: JSON.stringify of a grammar shows the model. */
  toJSON(): object {
    const { id, scope, scopeAttribute, lang, body, examples, idStart, idEnd } = this;
    return { id, scope, scopeAttribute, lang, body, examples, idStart, idEnd };
  }
}

/**
 * grammar.rulesById: a view of the expansion store's id → rule number map (one map of the ids, not two: a
 * 10,000-entry map was a few percent of a large grammar's pass). Iterating it (rare) makes a Map once.
 */
export class RulesById implements ReadonlyMap<string, Rule> {
  private map: Map<string, Rule> | undefined = undefined;

  constructor(
    private readonly index: ReadonlyMap<string, number>,
    private readonly rules: readonly Rule[],
  ) {}

  get size(): number {
    return this.index.size;
  }
  get(id: string): Rule | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.rules[i];
  }

  has(id: string): boolean {
    return this.index.has(id);
  }
  forEach(callback: (rule: Rule, id: string, map: ReadonlyMap<string, Rule>) => void, thisArg?: unknown): void {
    this.asMap().forEach((rule, id) => callback.call(thisArg, rule, id, this));
  }

  keys(): MapIterator<string> {
    return this.index.keys();
  }
  values(): MapIterator<Rule> {
    return this.asMap().values();
  }
  entries(): MapIterator<[string, Rule]> {
    return this.asMap().entries();
  }
  [Symbol.iterator](): MapIterator<[string, Rule]> {
    return this.asMap().entries();
  }
  /** As a Map's: `{}`. */
  toJSON(): object {
    return {};
  }

  private asMap(): Map<string, Rule> {
    if (this.map === undefined) {
      this.map = new Map();
      for (const [id, i] of this.index) this.map.set(id, this.rules[i] as Rule);
    }
    return this.map;
  }
}

// `kind` on the prototypes rather than in every instance (see the header); narrowing on `e.kind` works the same.
for (const [node, kind] of [
  [SequenceNode, 'sequence'],
  [TokenNode, 'token'],
  [TagNode, 'tag'],
  [RuleRefNode, 'ruleref'],
  [ItemNode, 'item'],
  [OneOfNode, 'one-of'],
] as const) {
  Object.defineProperty(node.prototype, 'kind', { value: kind, enumerable: true });
}
