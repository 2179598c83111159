// The rule-reference graph: left recursion (recursion.ts), private rules nothing reaches, and external
// references when a resolver is given (the rule exists and is public, the grammar has the same mode and the
// media type the reference declares).

import type { Diagnostic } from '../diagnostic';
import { srgsDiagnostic } from './codes';
import type { ExpansionStore } from './expansionStore';
import { ExternalGrammars, type ExternalOptions } from './externalRefs';
import type { Grammar, Rule } from './model';
import { checkLeftRecursion } from './recursion';
import type { RuleGraph } from './ruleGraph';

const SRGS_XML_TYPE = 'application/srgs+xml';

/** `graph`: the references checkRules collected (node numbers in `store`). */
export function checkReferences(
  grammar: Grammar,
  store: ExpansionStore,
  options: ExternalOptions,
  graph: RuleGraph,
  out: Diagnostic[],
): void {
  checkLeftRecursion(grammar.rules, store, graph, out);
  checkReachability(grammar, graph, out);
  let external: ExternalGrammars | undefined; // made at the first external reference (most grammars have none)
  for (const n of graph.refs) {
    const type = store.types.get(n)?.trim();
    const target = store.target(n);
    if (target.kind !== 'external') {
      if (type !== undefined && type !== SRGS_XML_TYPE && target.kind === 'local') {
        out.push(
          srgsDiagnostic(
            'SRGS047',
            `A local reference is to this ${SRGS_XML_TYPE} grammar, but it declares type="${type}".`,
            store.range(n),
          ),
        );
      }
      continue;
    }
    const unsupported =
      type !== undefined && type !== SRGS_XML_TYPE
        ? srgsDiagnostic(
            'SRGS042',
            `type="${type}" cannot be processed here; only ${SRGS_XML_TYPE} grammars are read.`,
            store.range(n),
          )
        : undefined;
    if (!options.resolveExternal) {
      if (unsupported) out.push(unsupported);
      continue;
    }
    external ??= new ExternalGrammars(options);
    const found = external.grammar(target.uri, grammar);
    if ('error' in found) {
      out.push(srgsDiagnostic('SRGS032', `${found.error}; its rules were not checked.`, store.range(n)));
      if (unsupported) out.push(unsupported);
      continue;
    }
    if (type !== undefined && type !== SRGS_XML_TYPE) {
      out.push(
        srgsDiagnostic(
          'SRGS047',
          `${target.uri} is an SRGS XML grammar (${SRGS_XML_TYPE}) but the reference declares type="${type}".`,
          store.range(n),
        ),
      );
    }
    if (found.grammar.mode !== grammar.mode) {
      out.push(
        srgsDiagnostic(
          'SRGS029',
          `${target.uri} is a ${found.grammar.mode} grammar; this ${grammar.mode} grammar cannot use its rules.`,
          store.range(n),
        ),
      );
    }
    const resolved = external.rule(target.uri, target.rule, grammar);
    if ('error' in resolved) {
      const privateRule = target.rule !== undefined && found.grammar.rulesById.get(target.rule)?.scope === 'private';
      out.push(srgsDiagnostic(privateRule ? 'SRGS031' : 'SRGS030', `${resolved.error}.`, store.range(n)));
    }
  }
}

function checkReachability(grammar: Grammar, graph: RuleGraph, out: Diagnostic[]): void {
  const { first, targets, refStart } = graph;
  const rules = grammar.rules;
  const reached = new Uint8Array(rules.length);
  const queue: number[] = [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Rule;
    if (first[i] === 1 && (rule.scope === 'public' || rule.id === grammar.root)) {
      reached[i] = 1;
      queue.push(i);
    }
  }
  while (queue.length > 0) {
    const v = queue.pop() as number;
    for (let k = refStart[v] as number; k < (refStart[v + 1] as number); k++) {
      const t = targets[k] as number;
      if (t !== -1 && reached[t] === 0) {
        reached[t] = 1;
        queue.push(t);
      }
    }
  }
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Rule;
    if (first[i] === 1 && reached[i] === 0)
      out.push(
        srgsDiagnostic(
          'SRGS048',
          `Private rule "${rule.id}" is never referenced and is not the root; nothing can reach it.`,
          rule.idRange,
        ),
      );
  }
}
