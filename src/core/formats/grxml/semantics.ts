// Semantic interpretation of a parse tree (W3C SISR 1.0). `semantics/1.0` (and its aliases `semantics/1.0.2006`,
// Nuance `swi-semantics/1.0`) tags are ECMAScript run in the sandbox (sisrSandbox.ts, in the tag process: tagEvaluator.ts) with `out`, `rules`,
// `rules.latest()`, `meta` and the draft `$` aliases; `semantics/1.0-literals` tags are the literal result and
// run no code. A rule whose tags leave `out` untouched gets SISR's default: its latest rule reference's value,
// else the words it matched. Results are plain JSON values.

import { basename } from 'node:path';
import { LineIndex } from '../diagnostic';
import type { Grammar, Rule, TagExpansion, Expansion } from './model';
import type { NodeOrigins } from './derive';
import { grammarSourceText } from './parse';
import type { ParseNode, RuleParseNode } from './parseTree';
import type { SandboxEvent, SandboxInstance } from './sisrSandbox';
import type { TagEvaluator } from './tagEvaluator';
import { tagFormatKind, type TagFormatKind } from './tagFormats';
import type { TagJob } from './tagJob';

export interface SemanticsOptions {
  /** Time budget for all script tags of one evaluation (default 200 ms). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SemanticsOutcome {
  value?: unknown;
  error?: string;
  notes: string[];
}

export const DEFAULT_SEMANTICS_TIMEOUT_MS = 200;

/**
 * What evaluating a parse's tags takes: nothing more (no script tags: the value is known, or the tags are not
 * evaluated and there is no value) or a job for the tag process.
 */
export type SemanticsPlan = (SemanticsOutcome & { job?: undefined }) | { job: TagJob; notes: string[] };

export function planSemantics(
  tree: RuleParseNode,
  origins: NodeOrigins,
  options: SemanticsOptions = {},
): SemanticsPlan {
  const notes: string[] = [];
  const skipped = new Set<string>();
  const builder = new InstanceBuilder(origins, skipped);
  let root: SandboxInstance;
  try {
    root = builder.instance(tree);
  } catch (e) {
    if (e instanceof RangeError)
      return { error: 'the parse tree nests too deeply to evaluate its tags (stack exhausted)', notes };
    throw e;
  }
  for (const format of skipped) notes.push(format);
  // SISR gives no result for tags it cannot run: a tester showing words as "the result" would mislead.
  if (skipped.size > 0 && builder.scriptRules.size === 0 && !builder.literal) return { notes };
  if (builder.scriptRules.size === 0) return { value: evaluateWithoutScripts(root), notes };
  const globals = [...builder.scriptGrammars].flatMap((grammar) =>
    grammar.tags.map((tag) => ({
      code: tag.text,
      label: `the header tag at ${where(grammar, tag)}`,
    })),
  );
  const rules = [...builder.scriptRules].map(([rule, instances], index) => {
    const grammar = builder.ruleGrammars.get(rule) as Grammar;
    // Only the tags this parse passed through are sent (renumbered): a rule with 10,000 alternatives and a tag
    // in each costs one tag per sentence, not 10,000.
    const all = tagsOf(rule).list;
    const used = new Map<number, number>();
    for (const inst of instances) {
      inst.r = index;
      for (const e of inst.ev) {
        if (e[0] !== 1) continue;
        let compact = used.get(e[1]);
        if (compact === undefined) used.set(e[1], (compact = used.size));
        e[1] = compact;
      }
    }
    const tags = [...used.keys()].map((i) => all[i] as TagExpansion);
    return {
      tags: tags.map((t) => t.text),
      label: `rule "${rule.id}"`,
      labels: tags.map((t) => `the tag at ${where(grammar, t)} (rule "${rule.id}")`),
    };
  });
  return { job: { globals, rules, root, timeoutMs: options.timeoutMs ?? DEFAULT_SEMANTICS_TIMEOUT_MS }, notes };
}

/** Evaluates a parse's semantic tags: script tags in the heap-capped tag process, literal tags here. */
export async function evaluateSemantics(
  tree: RuleParseNode,
  origins: NodeOrigins,
  evaluator: TagEvaluator,
  options: SemanticsOptions = {},
): Promise<SemanticsOutcome> {
  const plan = planSemantics(tree, origins, options);
  if (plan.job === undefined) return plan;
  const reply = await evaluator.evaluate(plan.job, options.signal);
  return 'error' in reply ? { error: reply.error, notes: plan.notes } : { value: reply.value, notes: plan.notes };
}

/** `dates.grxml:12` (or `line 12` when the grammar has no file), for messages about a tag. */
function where(grammar: Grammar, tag: TagExpansion): string {
  const line = lineIndexOf(grammar)?.position(tag.range.start).line;
  const file = grammar.uri === undefined ? undefined : basename(grammar.uri);
  if (line === undefined) return file ?? 'an unknown place';
  return file === undefined ? `line ${line}` : `${file}:${line}`;
}

/** Line indexes of grammar texts, built once per grammar (a tester matches many sentences against one grammar). */
const lineIndexes = new WeakMap<Grammar, LineIndex>();

function lineIndexOf(grammar: Grammar): LineIndex | undefined {
  let index = lineIndexes.get(grammar);
  if (index === undefined) {
    const text = grammarSourceText(grammar);
    if (text === undefined) return undefined;
    lineIndexes.set(grammar, (index = new LineIndex(text)));
  }
  return index;
}

class InstanceBuilder {
  /** Instances by the rule (of its grammar) whose tags they run. */
  readonly scriptRules = new Map<Rule, SandboxInstance[]>();
  readonly ruleGrammars = new Map<Rule, Grammar>();
  /** A literal tag was met (its value stands even when other tags were skipped). */
  literal = false;
  readonly scriptGrammars = new Set<Grammar>();

  constructor(
    private readonly origins: NodeOrigins,
    private readonly skipped: Set<string>,
  ) {}

  instance(node: RuleParseNode): SandboxInstance {
    const origin = this.origins.rules.get(node);
    const kind = origin ? tagFormatKind(origin.grammar.tagFormat) : 'none';
    const inst: SandboxInstance = { ev: [], text: node.text };
    const hasTags = this.collect(node.children, inst.ev, kind, origin?.rule);
    if (origin && kind === 'script' && hasTags) {
      this.scriptGrammars.add(origin.grammar);
      this.ruleGrammars.set(origin.rule, origin.grammar);
      const list = this.scriptRules.get(origin.rule) ?? [];
      list.push(inst);
      this.scriptRules.set(origin.rule, list);
    }
    if (hasTags && (kind === 'none' || kind === 'unknown')) {
      const format = origin?.grammar.tagFormat;
      this.skipped.add(
        format === undefined
          ? 'tags were not evaluated: the grammar declares no tag-format'
          : `tags were not evaluated: unknown tag-format "${format}"`,
      );
    }
    return inst;
  }

  /** Appends the events of `nodes` (items are transparent); returns whether a tag was met. */
  private collect(
    nodes: readonly ParseNode[],
    ev: SandboxEvent[],
    kind: TagFormatKind,
    rule: Rule | undefined,
  ): boolean {
    let tags = false;
    for (const node of nodes) {
      switch (node.kind) {
        case 'token':
          ev.push([0, node.words.join(' ')]);
          break;
        case 'special':
          if (node.words.length > 0) ev.push([0, node.words.join(' ')]);
          break;
        case 'rule':
          ev.push([2, node.rule, this.instance(node)]);
          break;
        case 'item':
          tags = this.collect(node.children, ev, kind, rule) || tags;
          break;
        case 'tag': {
          tags = true;
          const tag = this.origins.tags.get(node);
          if (kind === 'literal') {
            ev.push([3, node.text.trim()]);
            this.literal = true;
          } else if (kind === 'script' && rule && tag) ev.push([1, this.indexOf(rule, tag)]);
          break;
        }
      }
    }
    return tags;
  }

  private indexOf(rule: Rule, tag: TagExpansion): number {
    return tagsOf(rule).index.get(tag) ?? -1;
  }
}

/**
 * A rule's tags in document order and their indexes, found once per rule: a tester evaluates sentence after
 * sentence against one grammar, and a rule may have 10,000 alternatives with a tag in each.
 */
const ruleTagLists = new WeakMap<Rule, { list: TagExpansion[]; index: Map<TagExpansion, number> }>();

function tagsOf(rule: Rule): { list: TagExpansion[]; index: Map<TagExpansion, number> } {
  let tags = ruleTagLists.get(rule);
  if (tags === undefined) {
    const list = ruleTags(rule);
    ruleTagLists.set(rule, (tags = { list, index: new Map(list.map((t, i) => [t, i])) }));
  }
  return tags;
}

/** Every <tag> of a rule, in document order. */
function ruleTags(rule: Rule): TagExpansion[] {
  const out: TagExpansion[] = [];
  const visit = (e: Expansion): void => {
    switch (e.kind) {
      case 'tag':
        out.push(e);
        break;
      case 'sequence':
        e.children.forEach(visit);
        break;
      case 'item':
        visit(e.body);
        break;
      case 'one-of':
        e.items.forEach(visit);
        break;
      default:
        break;
    }
  };
  visit(rule.body);
  return out;
}

/** Literal tags and default assignment only: no code runs, so no sandbox is needed. */
function evaluateWithoutScripts(inst: SandboxInstance): unknown {
  let literal: string | undefined;
  let latest: unknown;
  let hasLatest = false;
  for (const e of inst.ev) {
    if (e[0] === 3) literal = e[1];
    else if (e[0] === 2) {
      latest = evaluateWithoutScripts(e[2]);
      hasLatest = true;
    }
  }
  if (literal !== undefined) return literal;
  return hasLatest ? latest : inst.text;
}
