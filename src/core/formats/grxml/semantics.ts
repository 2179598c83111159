// Semantic interpretation of a parse tree (W3C SISR 1.0). `semantics/1.0` (and its aliases `semantics/1.0.2006`,
// Nuance `swi-semantics/1.0`) tags are ECMAScript run in the sandbox (sisrSandbox.ts) with `out`, `rules`,
// `rules.latest()`, `meta` and the draft `$` aliases; `semantics/1.0-literals` tags are the literal result and
// run no code. A rule whose tags leave `out` untouched gets SISR's default: its latest rule reference's value,
// else the words it matched. Results are plain JSON values.

import type { Grammar, Rule, TagExpansion, Expansion } from './model';
import type { NodeOrigins } from './derive';
import type { ParseNode, RuleParseNode } from './parseTree';
import { SemanticError, SisrSandbox, type SandboxEvent, type SandboxInstance } from './sisrSandbox';

export type TagFormatKind = 'script' | 'literal' | 'none' | 'unknown';

export const SCRIPT_TAG_FORMATS: readonly string[] = ['semantics/1.0', 'semantics/1.0.2006', 'swi-semantics/1.0'];
export const LITERAL_TAG_FORMATS: readonly string[] = ['semantics/1.0-literals'];

export function tagFormatKind(tagFormat: string | undefined): TagFormatKind {
  if (tagFormat === undefined || tagFormat === '') return 'none';
  if (SCRIPT_TAG_FORMATS.includes(tagFormat)) return 'script';
  if (LITERAL_TAG_FORMATS.includes(tagFormat)) return 'literal';
  return 'unknown';
}

export interface SemanticsOptions {
  /** Time budget for all script tags of one evaluation (default 200 ms). */
  timeoutMs?: number;
}

export interface SemanticsOutcome {
  value?: unknown;
  error?: string;
  notes: string[];
}

export const DEFAULT_SEMANTICS_TIMEOUT_MS = 200;

export function evaluateSemantics(tree: RuleParseNode, origins: NodeOrigins, options: SemanticsOptions = {}): SemanticsOutcome {
  const notes: string[] = [];
  const skipped = new Set<string>();
  const builder = new InstanceBuilder(origins, skipped);
  let root: SandboxInstance;
  try {
    root = builder.instance(tree);
  } catch (e) {
    if (e instanceof RangeError) return { error: 'the parse tree nests too deeply to evaluate its tags (stack exhausted)', notes };
    throw e;
  }
  for (const format of skipped) notes.push(format);
  if (builder.scriptRules.size === 0) return { value: evaluateWithoutScripts(root), notes };
  try {
    const sandbox = new SisrSandbox(options.timeoutMs ?? DEFAULT_SEMANTICS_TIMEOUT_MS);
    for (const grammar of builder.scriptGrammars) {
      grammar.tags.forEach((tag, i) => sandbox.runGlobal(tag.text, `header tag ${i + 1}${grammar.uri ? ` of ${grammar.uri}` : ''}`));
    }
    for (const [rule, instances] of builder.scriptRules) {
      const name = sandbox.compileRule(ruleTags(rule).map((t) => t.text), `rule "${rule.id}"`);
      for (const inst of instances) inst.f = name;
    }
    return { value: sandbox.evaluate(root), notes };
  } catch (e) {
    if (e instanceof SemanticError) return { error: e.message, notes };
    throw e;
  }
}

class InstanceBuilder {
  readonly scriptRules = new Map<Rule, SandboxInstance[]>();
  readonly scriptGrammars = new Set<Grammar>();
  private readonly tagIndex = new WeakMap<Rule, Map<TagExpansion, number>>();

  constructor(private readonly origins: NodeOrigins, private readonly skipped: Set<string>) {}

  instance(node: RuleParseNode): SandboxInstance {
    const origin = this.origins.rules.get(node);
    const kind = origin ? tagFormatKind(origin.grammar.tagFormat) : 'none';
    const inst: SandboxInstance = { ev: [], text: node.text };
    const hasTags = this.collect(node.children, inst.ev, kind, origin?.rule);
    if (origin && kind === 'script' && hasTags) {
      this.scriptGrammars.add(origin.grammar);
      const list = this.scriptRules.get(origin.rule) ?? [];
      list.push(inst);
      this.scriptRules.set(origin.rule, list);
    }
    if (hasTags && (kind === 'none' || kind === 'unknown')) {
      const format = origin?.grammar.tagFormat;
      this.skipped.add(format === undefined ? 'tags were not evaluated: the grammar declares no tag-format' : `tags were not evaluated: unknown tag-format "${format}"`);
    }
    return inst;
  }

  /** Appends the events of `nodes` (items are transparent); returns whether a tag was met. */
  private collect(nodes: readonly ParseNode[], ev: SandboxEvent[], kind: TagFormatKind, rule: Rule | undefined): boolean {
    let tags = false;
    for (const node of nodes) {
      switch (node.kind) {
        case 'token': ev.push([0, node.words.join(' ')]); break;
        case 'special': if (node.words.length > 0) ev.push([0, node.words.join(' ')]); break;
        case 'rule': ev.push([2, node.rule, this.instance(node)]); break;
        case 'item': tags = this.collect(node.children, ev, kind, rule) || tags; break;
        case 'tag': {
          tags = true;
          const tag = this.origins.tags.get(node);
          if (kind === 'literal') ev.push([3, node.text.trim()]);
          else if (kind === 'script' && rule && tag) ev.push([1, this.indexOf(rule, tag)]);
          break;
        }
      }
    }
    return tags;
  }

  private indexOf(rule: Rule, tag: TagExpansion): number {
    let index = this.tagIndex.get(rule);
    if (!index) {
      index = new Map(ruleTags(rule).map((t, i) => [t, i]));
      this.tagIndex.set(rule, index);
    }
    return index.get(tag) ?? -1;
  }
}

/** Every <tag> of a rule, in document order. */
function ruleTags(rule: Rule): TagExpansion[] {
  const out: TagExpansion[] = [];
  const visit = (e: Expansion): void => {
    switch (e.kind) {
      case 'tag': out.push(e); break;
      case 'sequence': e.children.forEach(visit); break;
      case 'item': visit(e.body); break;
      case 'one-of': e.items.forEach(visit); break;
      default: break;
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
    else if (e[0] === 2) { latest = evaluateWithoutScripts(e[2]); hasLatest = true; }
  }
  if (literal !== undefined) return literal;
  return hasLatest ? latest : inst.text;
}
