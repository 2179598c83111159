// Compact classes behind the grammar model's interfaces (model.ts), built only by the builder (builder.ts,
// expansions.ts). Like the XML scanner's nodes (xml/nodes.ts), they keep offsets as plain numbers and build
// `range` objects on access, and `kind` lives on the prototype: a 10,000-rule grammar holds ~300,000 of them,
// and every field or object less per node is memory the garbage collector no longer copies while the model
// is built (a third of the build time before these classes). Read-only once built, except that the builder
// may still add children to an item's body while its one-of is being assembled.

import type { TextRange } from '../diagnostic';
import type {
  Example, Expansion, ItemExpansion, ItemSpec, OneOfExpansion, RepeatSpec, Rule, RuleRefExpansion, RuleRefTarget,
  RuleScope, SequenceExpansion, TagExpansion, TokenExpansion,
} from './model';

export class SequenceNode implements SequenceExpansion {
  declare readonly kind: 'sequence';
  constructor(readonly children: Expansion[], readonly start: number, readonly end: number) {}
  get range(): TextRange { return { start: this.start, end: this.end }; }
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
  get range(): TextRange { return { start: this.start, end: this.end }; }
}

export class TagNode implements TagExpansion {
  declare readonly kind: 'tag';
  constructor(readonly text: string, readonly start: number, readonly end: number) {}
  get range(): TextRange { return { start: this.start, end: this.end }; }
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
  get range(): TextRange { return { start: this.start, end: this.end }; }
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
  get repeat(): RepeatSpec { return this.spec.repeat; }
  get repeatAttribute(): string | undefined { return this.spec.repeatAttribute; }
  get repeatProb(): number | undefined { return this.spec.repeatProb; }
  get repeatProbAttribute(): string | undefined { return this.spec.repeatProbAttribute; }
  get weight(): number { return this.spec.weight; }
  get weightAttribute(): string | undefined { return this.spec.weightAttribute; }
  get range(): TextRange { return this.body.range; }
}

export class OneOfNode implements OneOfExpansion {
  declare readonly kind: 'one-of';
  constructor(readonly items: ItemExpansion[], readonly lang: string | undefined, readonly start: number, readonly end: number) {}
  get range(): TextRange { return { start: this.start, end: this.end }; }
}

export class RuleNode implements Rule {
  constructor(
    readonly id: string,
    readonly scope: RuleScope,
    readonly scopeAttribute: string | undefined,
    readonly lang: string | undefined,
    /** Has the rule's range. */
    readonly body: SequenceNode,
    readonly examples: readonly Example[],
    private readonly idStart: number,
    private readonly idEnd: number,
  ) {}
  get range(): TextRange { return this.body.range; }
  get idRange(): TextRange { return { start: this.idStart, end: this.idEnd }; }
}

// `kind` on the prototypes rather than in every instance (see the header); narrowing on `e.kind` works the same.
for (const [node, kind] of [
  [SequenceNode, 'sequence'], [TokenNode, 'token'], [TagNode, 'tag'], [RuleRefNode, 'ruleref'], [ItemNode, 'item'], [OneOfNode, 'one-of'],
] as const) {
  Object.defineProperty(node.prototype, 'kind', { value: kind, enumerable: true });
}
