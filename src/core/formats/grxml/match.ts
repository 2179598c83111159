// Does a grammar accept a sentence? `matchGrammar` tokenizes the input (voice: whitespace-separated words,
// compared case-insensitively; dtmf: one key per character), searches from the root rule or a named public
// rule (derive.ts), and returns the best parse tree and how many parses exist, or, for a rejected input, where
// matching stopped. `matchSentence` adds the semantic result of the parse's tags, evaluated in the tag process
// (tagEvaluator.ts): asynchronous, because the tag process answers by message.

import { Deriver, MatchLimitError, type Derivation, type NodeOrigins } from './derive';
import { ExternalGrammars, type GrammarResolver } from './externalRefs';
import type { Expansion, Grammar, GrammarMode, Rule } from './model';
import { flattenRope, type ParseNode, type RuleParseNode } from './parseTree';
import { evaluateSemantics } from './semantics';
import type { TagEvaluator } from './tagEvaluator';
import { dtmfKeys, isDtmfKey, splitWords, voiceKey } from './tokens';

export interface MatchOptions {
  /** Start rule (default: the grammar's root). A private rule can only start a match if it is the root. */
  rule?: string;
  /** The input's mode; defaults to the grammar's. A mismatch is an error (a dtmf grammar never hears words). */
  mode?: GrammarMode;
  resolveExternal?: GrammarResolver;
  /** Let http(s) rule references reach `resolveExternal` (off by default; the file resolver never fetches). */
  allowHttp?: boolean;
  /** Work limit of the search (default 2,000,000 steps). */
  maxSteps?: number;
  signal?: AbortSignal;
}

export interface SentenceOptions extends MatchOptions {
  /** Runs the script tags; without it tags are not evaluated (and the result has no semantics). */
  tags?: TagEvaluator;
  /** Time limit for all semantic tags of this match (default 200 ms). */
  semanticsTimeoutMs?: number;
}

/** Where matching a rejected input stopped: the longest prefix the grammar can start with, and what it wanted next. */
export interface StopPoint {
  /** The input words (or keys) the grammar followed. */
  matched: string[];
  /** The first input word it could not take (absent when it took them all and wanted more). */
  next?: string;
  /** Grammar tokens it would have taken next (in document order, without repeats; at most MAX_EXPECTED). */
  expected: string[];
  /** How many more tokens it would have taken than `expected` lists. */
  moreExpected: number;
  /** The start rule can end after `matched`: the input has words the grammar does not want. */
  couldEnd: boolean;
}
export interface MatchResult {
  accepted: boolean;
  /** The start rule's parse (best by weights, then lazy GARBAGE, then document order). */
  tree?: RuleParseNode;
  /** The start rule's semantic result, as plain JSON. */
  semantics?: unknown;
  /** How many distinct parses accept the input (saturates at Number.MAX_SAFE_INTEGER). */
  alternatives?: number;
  /** Why the input could not be matched at all (bad start rule, step limit, unreadable external grammar…). */
  error?: string;
  /** The input was accepted but its tags failed (syntax error, exception, time or memory limit). */
  semanticError?: string;
  /** For a rejected input that could be matched at all: where matching stopped. */
  stopped?: StopPoint;
  /** The input as matched: words (voice) or keys (dtmf). */
  words: string[];
  /** Remarks worth showing (case-insensitive matches, tags not evaluated…). */
  notes: string[];
}

export const DEFAULT_MAX_STEPS = 2_000_000;

export const MAX_EXPECTED = 20;

/** Matches and then evaluates the parse's semantic tags (when `options.tags` is given). */
export async function matchSentence(
  grammar: Grammar,
  input: string | readonly string[],
  options: SentenceOptions = {},
): Promise<MatchResult> {
  const { result, origins } = derive(grammar, input, options);
  if (!result.accepted || !result.tree || !origins || !options.tags) return result;
  const outcome = await evaluateSemantics(result.tree, origins, options.tags, {
    timeoutMs: options.semanticsTimeoutMs,
    signal: options.signal,
  });
  for (const item of outcome.notes) result.notes.push(item);
  if (outcome.error !== undefined) result.semanticError = outcome.error;
  else if ('value' in outcome) result.semantics = outcome.value;
  return result;
}

/** How many sentences of a batch may wait for their tags at once. */
const BATCH_WINDOW = 32;

/**
 * Matches a batch of inputs against one grammar; yields their results in input order. While the tag process
 * evaluates one sentence's tags, the next sentences are matched and their tag jobs queued behind it, so a
 * batch costs what matching and evaluating cost, not a round trip to the tag process per sentence.
 */
export async function* matchSentences(
  grammar: Grammar,
  inputs: Iterable<string | readonly string[]>,
  options: SentenceOptions = {},
): AsyncGenerator<MatchResult> {
  const waiting: Promise<MatchResult>[] = [];
  for (const input of inputs) {
    const result = matchSentence(grammar, input, options);
    result.catch(() => undefined); // a failure is reported when its turn comes, not as an unhandled rejection
    waiting.push(result);
    if (waiting.length >= BATCH_WINDOW) yield await (waiting.shift() as Promise<MatchResult>);
  }
  while (waiting.length > 0) yield await (waiting.shift() as Promise<MatchResult>);
}

/** Matches without evaluating tags (they still appear in the parse tree). */
export function matchGrammar(
  grammar: Grammar,
  input: string | readonly string[],
  options: MatchOptions = {},
): MatchResult {
  return derive(grammar, input, options).result;
}

function derive(
  grammar: Grammar,
  input: string | readonly string[],
  options: MatchOptions,
): { result: MatchResult; origins?: NodeOrigins } {
  const mode = options.mode ?? grammar.mode;
  const dtmf = mode === 'dtmf';
  const words = (typeof input === 'string' ? [input] : [...input]).flatMap((w) => (dtmf ? dtmfKeys(w) : splitWords(w)));
  const notes: string[] = [];
  const fail = (error: string): { result: MatchResult } => ({ result: { accepted: false, error, words, notes } });
  if (mode !== grammar.mode) {
    return fail(`mode mismatch: this is a ${grammar.mode} grammar but the input was given as ${mode}`);
  }
  const badKey = dtmf ? words.find((k) => !isDtmfKey(k)) : undefined;
  if (badKey !== undefined) return fail(`"${badKey}" is not a DTMF key (use 0-9, *, #, A-D)`);
  const start = startRule(grammar, options.rule);
  if ('error' in start) return fail(start.error);

  const deriver = new Deriver({
    words,
    keys: dtmf ? words : words.map(voiceKey),
    dtmf,
    maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
    signal: options.signal,
    external: new ExternalGrammars({ resolveExternal: options.resolveExternal, allowHttp: options.allowHttp }),
  });
  let best: Derivation | undefined;
  try {
    best = deriveFromStart(deriver, grammar, start.rule, words.length);
  } catch (e) {
    if (e instanceof MatchLimitError) return fail(e.message);
    if (isStackOverflow(e)) return fail(TOO_DEEP);
    throw e;
  }
  if (!best) {
    const problems = [...deriver.problems];
    if (problems.length > 0) return fail(problems.join('; '));
    return { result: { accepted: false, words, notes, stopped: stopPoint(deriver, grammar, start.rule, words) } };
  }
  const tree = flattenRope(best.rope)[0] as RuleParseNode;
  if (!dtmf && hasCaseDifference(tree))
    notes.push('voice tokens are compared case-insensitively: some input words differ in case from the grammar');
  return { result: { accepted: true, tree, alternatives: best.count, words, notes }, origins: deriver.origins };
}

function stopPoint(deriver: Deriver, grammar: Grammar, rule: Rule, words: readonly string[]): StopPoint {
  const { position, tokens } = deriver.furthest();
  const expected = [...new Set(tokens)];
  return {
    matched: words.slice(0, position),
    ...(position < words.length ? { next: words[position] } : {}),
    expected: expected.slice(0, MAX_EXPECTED),
    moreExpected: Math.max(0, expected.length - MAX_EXPECTED),
    couldEnd: deriver.rule(rule, grammar, 0).has(position),
  };
}

/**
 * Matches from the start rule. Deep right recursion (a long list written as `item <ruleref uri="#list"/>`) or a
 * long chain of rules each starting with the next (`<rule id="r1"><ruleref uri="#r2"/> …`) can exhaust the
 * call stack; then the memo is filled from the end of the input backwards, and at each position a rule only
 * after the rules it references, so that no call has to go deeper than one rule's body, and the match is
 * tried again.
 */
function deriveFromStart(deriver: Deriver, grammar: Grammar, rule: Rule, n: number): Derivation | undefined {
  try {
    return deriver.rule(rule, grammar, 0).get(n);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
  }
  const rules = reachableLocalRules(grammar, rule);
  // A chain of rules nests at the start of the input: filling that position alone is enough, and linear.
  try {
    for (const r of rules) deriver.rule(r, grammar, 0);
    return deriver.rule(rule, grammar, 0).get(n);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
  }
  for (let pos = n; pos >= 0; pos--) for (const r of rules) deriver.rule(r, grammar, pos);
  return deriver.rule(rule, grammar, 0).get(n);
}

/** The local rules `start` reaches, each after the rules it references (post-order; a cycle is cut anywhere). */
function reachableLocalRules(grammar: Grammar, start: Rule): Rule[] {
  const seen = new Set<Rule>([start]);
  const order: Rule[] = [];
  // An explicit stack of rules with the references still to visit: a chain of 100,000 rules is no deeper here.
  const stack: { rule: Rule; refs: Rule[] }[] = [{ rule: start, refs: localReferences(grammar, start) }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { rule: Rule; refs: Rule[] };
    const next = top.refs.pop();
    if (next === undefined) {
      order.push(top.rule);
      stack.pop();
      continue;
    }
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push({ rule: next, refs: localReferences(grammar, next) });
  }
  return order;
}

/** The local rules a rule's body references, last first (so that popping visits them in document order). */
function localReferences(grammar: Grammar, rule: Rule): Rule[] {
  const found: Rule[] = [];
  const stack: Expansion[] = [rule.body];
  while (stack.length > 0) {
    const e = stack.pop() as Expansion;
    switch (e.kind) {
      case 'sequence':
        for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as Expansion);
        break;
      case 'item':
        stack.push(e.body);
        break;
      case 'one-of':
        for (let i = e.items.length - 1; i >= 0; i--) stack.push(e.items[i] as Expansion);
        break;
      case 'ruleref': {
        const target = e.target.kind === 'local' ? grammar.rulesById.get(e.target.rule) : undefined;
        if (target) found.push(target);
        break;
      }
      default:
        break;
    }
  }
  return found.reverse();
}

const TOO_DEEP =
  'this match nests rule references deeper than the matcher can follow (stack exhausted), even ' +
  'filled in from the end of the input: a long left-recursive cycle (warning SRGS041) or rules nested very deep; ' +
  'break the cycle with a word first, write deep recursion as repeat="1-" items, or nest fewer rules';

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

function startRule(grammar: Grammar, name: string | undefined): { rule: Rule } | { error: string } {
  if (name !== undefined) {
    const rule = grammar.rulesById.get(name);
    if (!rule) return { error: `rule "${name}" is not defined in this grammar` };
    if (rule.scope !== 'public' && name !== grammar.root) {
      return {
        error: `rule "${name}" is private: only a public rule (or the root rule) can start a match; add scope="public" to it`,
      };
    }
    return { rule };
  }
  if (grammar.root === undefined) {
    if (grammar.rules.length === 0) return { error: 'the grammar defines no rules, so it cannot match anything' };
    return { error: 'the grammar has no root rule: name a public rule to start from (the --rule option)' };
  }
  const rule = grammar.rulesById.get(grammar.root);
  return rule ? { rule } : { error: `the root rule "${grammar.root}" is not defined in this grammar` };
}

function hasCaseDifference(tree: ParseNode): boolean {
  const stack: ParseNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as ParseNode;
    if (node.kind === 'token' && node.words.join(' ') !== node.token) return true;
    if (node.kind === 'rule' || node.kind === 'item') for (const item of node.children) stack.push(item);
  }
  return false;
}
