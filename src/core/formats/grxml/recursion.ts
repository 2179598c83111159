// Left recursion: a rule that can reach itself before consuming any input (directly, through other rules, or
// behind optional or empty-matching parts) cannot be matched by a top-down matcher. Found as the strongly
// connected components of the "left edge" graph, over rule indices so 10,000-rule grammars stay fast.

import type { Diagnostic } from '../diagnostic';
import { srgsDiagnostic } from './codes';
import { type ExpansionStore, ITEM, ONE_OF, RULEREF, TAG } from './expansionStore';
import type { Rule } from './model';
import type { RuleGraph } from './ruleGraph';

/** Rules of a cycle named in its message; a 10,000-rule cycle is reported with its first ones and its length. */
const NAMED_RULES = 6;

/**
 * One SRGS041 per cycle (strongly connected component), on its first rule in the document: a cycle of 10,000
 * rules is one problem, and a message per rule naming the whole cycle made the report quadratic (1 GB).
 */
export function checkLeftRecursion(
  rules: readonly Rule[],
  store: ExpansionStore,
  graph: RuleGraph,
  out: Diagnostic[],
): void {
  const edges = leftEdges(rules.length, store, graph);
  for (const component of recursiveComponents(edges)) {
    const first = component.reduce((a, b) => Math.min(a, b));
    const rule = rules[first] as Rule;
    const path = cycleThrough(first, edges, new Set(component)).map((k) => (rules[k] as Rule).id);
    const shown = path.length - 1 > NAMED_RULES ? [...path.slice(0, NAMED_RULES), '…', path[path.length - 1]] : path;
    const length = path.length - 1 > NAMED_RULES ? `, a cycle of ${path.length - 1} rules` : '';
    const others =
      component.length > path.length - 1 ? `; ${component.length} rules in all reach each other this way` : '';
    out.push(
      srgsDiagnostic(
        'SRGS041',
        `Rule "${rule.id}" is left-recursive (${shown.join(' → ')}${length}${others}): it reaches itself before matching any word, so it cannot be matched. Put a word before the recursive reference.`,
        rule.idRange,
      ),
    );
  }
}

/**
 * For each rule, the rules it can reach before consuming input, in walk order. Which rules can match the empty
 * input is a fixpoint (a rule is nullable when what it starts with is), found by walking all rules until no
 * more become nullable; each walk also collects the left edges, so those of the last walk (the one with no
 * change) are final. checkRules' walk was the first one: when no rule turned out nullable, it is also the last.
 */
function leftEdges(rules: number, store: ExpansionStore, graph: RuleGraph): number[][] {
  if (graph.settled) return graph.leftEdges;
  const walker = new LeftWalker(store, graph);
  let edges: number[][];
  do {
    walker.changed = false;
    edges = [];
    for (let i = 0; i < rules; i++) edges.push(walker.rule(i));
  } while (walker.changed);
  return edges;
}

/** Walks the left edge of a rule: everything that can come first. Loops, not closures: this visits a lot. */
class LeftWalker {
  changed = false;
  /** The graph's marks, carried on from checkRules' walk. */
  private readonly nullable: Uint8Array;
  /** Stamp per target rule, to collect each rule's edges without a Set. */
  private readonly seen: Int32Array;
  private edges: number[] = [];
  private stamp = -1;
  /** Position in `graph.refs` of the walked rule: rule references come in document order, as the walk meets them. */
  private cursor = 0;
  private end = 0;

  constructor(
    private readonly store: ExpansionStore,
    private readonly graph: RuleGraph,
  ) {
    this.nullable = graph.nullable;
    this.seen = new Int32Array(graph.nullable.length).fill(-1);
  }

  /** The left edges of rule `i`; marks it nullable (and `changed`) when it newly turns out to be. */
  rule(i: number): number[] {
    this.edges = [];
    this.stamp++;
    this.cursor = this.graph.refStart[i] as number;
    this.end = this.graph.refStart[i + 1] as number;
    if (this.sequence(this.store.ruleFrom[i] as number, this.store.ruleCount[i] as number) && this.nullable[i] === 0) {
      this.nullable[i] = 1;
      this.changed = true;
    }
    return this.edges;
  }

  /** The `count` nodes listed from `from` on, one after the other: walked up to the first that must match input. */
  private sequence(from: number, count: number): boolean {
    const list = this.store.list;
    for (let i = 0; i < count; i++) if (!this.walk(list[from + i] as number)) return false;
    return true;
  }

  /** Collects the left edges of node `n` and returns whether it can match the empty input. */
  private walk(n: number): boolean {
    const store = this.store;
    switch (store.kind[n]) {
      case ITEM: {
        const repeat = store.spec(n).repeat;
        if (repeat.max === 0) return repeat.min === 0 || this.bodyIsNullable(n);
        return this.sequence(store.from[n] as number, store.count[n] as number) || repeat.min === 0;
      }
      case ONE_OF: {
        let nullable = false;
        const from = store.from[n] as number;
        for (let i = 0; i < (store.count[n] as number); i++)
          if (this.walk(store.list[from + i] as number)) nullable = true;
        return nullable;
      }
      case RULEREF: {
        const t = this.target(n);
        if (t !== -1 && this.seen[t] !== this.stamp) {
          this.seen[t] = this.stamp;
          this.edges.push(t);
        }
        const ref = store.target(n);
        if (ref.kind === 'special') return ref.name === 'NULL';
        return t !== -1 && this.nullable[t] === 1;
      }
      case TAG:
        return true;
      default:
        return false; // TOKEN
    }
  }

  /** Whether item `n`'s body can match the empty input, collecting nothing (for what the walk does not enter). */
  private bodyIsNullable(n: number): boolean {
    const store = this.store;
    const from = store.from[n] as number;
    for (let i = 0; i < (store.count[n] as number); i++)
      if (!this.isNullable(store.list[from + i] as number)) return false;
    return true;
  }

  /** Whether node `n` can match the empty input, collecting nothing. */
  private isNullable(n: number): boolean {
    const store = this.store;
    switch (store.kind[n]) {
      case TAG:
        return true;
      case ITEM:
        return store.spec(n).repeat.min === 0 || this.bodyIsNullable(n);
      case ONE_OF: {
        const from = store.from[n] as number;
        for (let i = 0; i < (store.count[n] as number); i++)
          if (this.isNullable(store.list[from + i] as number)) return true;
        return false;
      }
      case RULEREF: {
        const ref = store.target(n);
        if (ref.kind === 'special') return ref.name === 'NULL';
        const t = ref.kind === 'local' ? this.graph.indexOf.get(ref.rule) : undefined;
        return t !== undefined && this.nullable[t] === 1;
      }
      default:
        return false; // TOKEN
    }
  }

  /** The local target of rule reference `n`, found by moving the cursor to it (or by name, should it not be there). */
  private target(n: number): number {
    const { refs, targets } = this.graph;
    while (this.cursor < this.end && refs[this.cursor] !== n) this.cursor++;
    if (this.cursor < this.end) return targets[this.cursor] as number;
    const ref = this.store.target(n);
    return ref.kind === 'local' ? (this.graph.indexOf.get(ref.rule) ?? -1) : -1;
  }
}

/**
 * The strongly connected components that are cycles: more than one rule, or one rule with an edge to itself.
 * Tarjan's algorithm, iterative (no recursion, whatever the grammar's size); the single-rule components of
 * everything else (nearly every rule) are never materialized.
 */
function recursiveComponents(edges: readonly (readonly number[])[]): number[][] {
  const n = edges.length;
  if (!edges.some((out) => out.length > 0)) return []; // no left edge at all (most small grammars): no cycle
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const next = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const work: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const open = (v: number): void => {
    index[v] = low[v] = counter++;
    next[v] = 0;
    stack.push(v);
    onStack[v] = 1;
    work.push(v);
  };
  for (let start = 0; start < n; start++) {
    if (index[start] !== -1) continue;
    open(start);
    while (work.length > 0) {
      const v = work[work.length - 1] as number;
      const out = edges[v] as readonly number[];
      if ((next[v] as number) < out.length) {
        const w = out[next[v] as number] as number;
        next[v] = (next[v] as number) + 1;
        if (index[w] === -1) open(w);
        else if (onStack[w] === 1) low[v] = Math.min(low[v] as number, index[w] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low[parent] = Math.min(low[parent] as number, low[v] as number);
      if (low[v] === index[v]) {
        if (stack[stack.length - 1] === v && !out.includes(v)) {
          // a lone rule that does not reach itself
          stack.pop();
          onStack[v] = 0;
          continue;
        }
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest left-edge path from `start` back to itself inside its component (for the message). */
function cycleThrough(start: number, edges: readonly (readonly number[])[], members: ReadonlySet<number>): number[] {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q] as number;
    for (const w of edges[v] ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at: number | undefined = v; at !== undefined && at !== start; at = previous.get(at)) path.push(at);
        path.push(start);
        // Collected backwards from the end; the start stays first and last.
        return [start, ...path.slice(1, -1).reverse(), start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
