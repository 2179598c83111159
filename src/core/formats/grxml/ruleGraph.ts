// The rule references of a grammar, collected once (by checkRules, in its walk over every expansion) and used
// by the reference checks (references.ts, recursion.ts), so that none of them walks the rules again to find them
// or looks their targets up by name again. The same walk makes the first pass of the left-recursion analysis:
// which rules can match the empty input, and which rules each can reach before consuming any (its left edges).

import type { ExpansionStore } from './expansionStore';
import type { RuleRefTarget } from './model';

export class RuleGraph {
  /** Each rule id → the index of its first definition in `grammar.rules` (grammar.rulesById is a view of it). */
  readonly indexOf: ReadonlyMap<string, number>;
  /** 1 for the rules that are the first definition of their (non-empty) id, in rule order. */
  readonly first: readonly number[];
  /** Every <ruleref> (its node number in the expansion store), rule after rule, in document order. */
  readonly refs: number[] = [];
  /** The rule index each of `refs` points to locally, or -1 (external, special, invalid or undefined). */
  readonly targets: number[] = [];
  /** The references of rule i are `refs[refStart[i]]` up to (excluding) `refs[refStart[i + 1]]`. */
  readonly refStart: number[] = [];
  /** Rules known to match the empty input (1), as far as the walk got: rules not walked yet count as not. */
  readonly nullable: Uint8Array;
  /** Per rule, the rules it can reach before consuming input, in walk order, without repeats. */
  readonly leftEdges: number[][] = [];
  /**
   * Whether the walk's nullable marks and left edges are final: true unless some rule turned out nullable, in
   * which case rules walked before it may have more left edges (recursion.ts then iterates to the fixpoint).
   */
  settled = true;
  /** Stamp per target rule, to collect each rule's edges without a Set. */
  private readonly seen: Int32Array;
  private current = -1;
  /** The current rule's left edges, copied at their exact size when it ends (most rules have one or none). */
  private readonly edges: number[] = [];

  /** `store`: the rules' table and expansions the builder recorded. */
  constructor(store: ExpansionStore) {
    this.indexOf = store.ruleIndex;
    this.first = store.firstDefinition;
    const rules = store.ruleFrom.length;
    this.nullable = new Uint8Array(rules);
    this.seen = new Int32Array(rules).fill(-1);
  }

  /** The walk enters rule `i` (rules are walked in order). */
  startRule(i: number): void {
    if (this.current !== -1) this.endRule();
    this.current = i;
    this.refStart.push(this.refs.length);
  }

  /**
   * Records rule reference `n` (to `ref`) of the current rule; `left`: nothing needs to be matched before it.
   * Returns its local target or -1.
   */
  add(n: number, ref: RuleRefTarget, left: boolean): number {
    const target = ref.kind === 'local' ? (this.indexOf.get(ref.rule) ?? -1) : -1;
    this.refs.push(n);
    this.targets.push(target);
    if (left && target !== -1 && this.seen[target] !== this.current) {
      this.seen[target] = this.current;
      this.edges.push(target);
    }
    return target;
  }

  /** The current rule's body can match the empty input. */
  ruleIsNullable(): void {
    if (this.nullable[this.current] === 0) {
      this.nullable[this.current] = 1;
      this.settled = false;
    }
  }

  /** After the last rule. */
  finish(): void {
    if (this.current !== -1) this.endRule();
    this.refStart.push(this.refs.length);
  }

  private endRule(): void {
    this.leftEdges.push(this.edges.slice());
    this.edges.length = 0;
  }
}
