// The rule references of a grammar, collected once (by checkRules, in its walk over every expansion) and used
// by the reference checks (references.ts, recursion.ts), so that none of them walks the rules again to find them
// or looks their targets up by name again.

import type { Rule, RuleRefExpansion } from './model';

export class RuleGraph {
  /** Each rule id → the index of its first definition in `grammar.rules` (as `grammar.rulesById`). */
  readonly indexOf = new Map<string, number>();
  /** Every <ruleref>, rule after rule, in document order. */
  readonly refs: RuleRefExpansion[] = [];
  /** The rule index each of `refs` points to locally, or -1 (external, special, invalid or undefined). */
  readonly targets: number[] = [];
  /** The references of rule i are `refs[refStart[i]]` up to (excluding) `refs[refStart[i + 1]]`. */
  readonly refStart: number[] = [];

  constructor(rules: readonly Rule[]) {
    for (let i = 0; i < rules.length; i++) {
      const id = (rules[i] as Rule).id;
      if (id !== '' && !this.indexOf.has(id)) this.indexOf.set(id, i);
    }
  }

  /** Records `ref` (of the rule being walked) and returns its local target's index, or -1. */
  add(ref: RuleRefExpansion): number {
    const target = ref.target.kind === 'local' ? this.indexOf.get(ref.target.rule) ?? -1 : -1;
    this.refs.push(ref);
    this.targets.push(target);
    return target;
  }
}
