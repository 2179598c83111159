// The matcher's engine: for each grammar node and input position, the set of positions where a match can end,
// each with the best derivation reaching it (memoised, so ambiguous grammars cost polynomial time, never
// exponential). "Best" = highest product of one-of weights, then least GARBAGE (GARBAGE is lazy), then the
// first alternative in document order. Derivations also count how many distinct parses reach each end.

import { ExternalGrammars } from './externalRefs';
import type {
  Expansion,
  Grammar,
  ItemExpansion,
  OneOfExpansion,
  Rule,
  RuleRefExpansion,
  SequenceExpansion,
  TagExpansion,
  TokenExpansion,
} from './model';
import { concat, type ParseNode, type Rope, type RuleParseNode, type TagParseNode } from './parseTree';
import { dtmfKeys, splitWords, voiceKey } from './tokens';

export interface Derivation {
  /** Sum of log(normalized weight) of the one-of alternatives taken. */
  score: number;
  /** Input words swallowed by GARBAGE. */
  garbage: number;
  /** Distinct parses reaching this end (saturates at Number.MAX_SAFE_INTEGER). */
  count: number;
  /** Rule matches that took no word (each brings its tags into the parse for input nobody said). */
  empties: number;
  rope: Rope;
}

export type Ends = Map<number, Derivation>;

export class MatchLimitError extends Error {
  override name = 'MatchLimitError';
}

/**
 * Where each rule and tag node of the tree came from (semantics needs the grammar and the tag element). Maps,
 * not WeakMaps, like the memo: they die with the match, and weak tables cost the garbage collector dearly when a
 * sentence visits tens of thousands of nodes (a 10,000-alternative one-of).
 */
export interface NodeOrigins {
  rules: Map<RuleParseNode, { rule: Rule; grammar: Grammar }>;
  tags: Map<TagParseNode, TagExpansion>;
}

export interface DeriveOptions {
  /** Input words as given (shown in the tree) and their comparison keys. */
  words: readonly string[];
  keys: readonly string[];
  dtmf: boolean;
  maxSteps: number;
  signal?: AbortSignal;
  external: ExternalGrammars;
}

const EMPTY: Derivation = { score: 0, garbage: 0, count: 1, empties: 0, rope: null };
/** "Matches nowhere", shared: no caller ever adds to an Ends it was given (they build their own). */
const NO_ENDS: Ends = new Map();

/** Comparison keys of grammar tokens, kept with the grammar's tokens across matches (voice and dtmf apart). */
const voiceTokenKeys = new WeakMap<TokenExpansion, string[]>();
const dtmfTokenKeys = new WeakMap<TokenExpansion, string[]>();

/** A one-of's items by the key they must start with; `others` may start with anything (or match nothing). */
interface FirstKeyIndex {
  byKey: Map<string, ItemExpansion[]>;
  others: ItemExpansion[];
  /** The first token of each keyed item, in document order. */
  leading: TokenExpansion[];
  order: Map<ItemExpansion, number>;
  totalWeight: number;
}

const voiceFirstKeys = new WeakMap<OneOfExpansion, FirstKeyIndex>();
const dtmfFirstKeys = new WeakMap<OneOfExpansion, FirstKeyIndex>();

/** The token every match of `seq` starts with, when its first non-tag child is a token; else undefined. */
function leadingToken(seq: SequenceExpansion): TokenExpansion | undefined {
  for (const child of seq.children) {
    if (child.kind === 'tag') continue;
    return child.kind === 'token' ? child : undefined;
  }
  return undefined;
}

/** Two lists of items, each in document order, merged in document order. */
function mergeInOrder(
  a: readonly ItemExpansion[],
  b: readonly ItemExpansion[],
  order: ReadonlyMap<ItemExpansion, number>,
): ItemExpansion[] {
  if (b.length === 0) return a as ItemExpansion[];
  const out: ItemExpansion[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && (order.get(x) ?? 0) < (order.get(y) ?? 0))) {
      out.push(x as ItemExpansion);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}
const TIE = 1e-9;

export class Deriver {
  readonly origins: NodeOrigins = { rules: new Map(), tags: new Map() };
  /** Problems met on the way (unreadable external grammars…): they explain a rejection. */
  readonly problems = new Set<string>();
  private steps = 0;
  private readonly n: number;
  private readonly memo = new Map<object, (Ends | undefined)[]>();
  private readonly active = new Map<Rule, Set<number>>();
  private readonly ruleStack: string[] = [];
  private readonly tokenKeys: WeakMap<TokenExpansion, string[]>;
  /** The furthest input position a token match reached, and the tokens tried there (for rejections). */
  private furthestEnd = 0;
  private tokensAtFurthest: TokenExpansion[] = [];
  /** One-ofs met at the furthest position: the first words of the alternatives they skipped were expected too. */
  private oneOfsAtFurthest: FirstKeyIndex[] = [];

  constructor(private readonly opts: DeriveOptions) {
    this.n = opts.keys.length;
    this.tokenKeys = opts.dtmf ? dtmfTokenKeys : voiceTokenKeys;
  }

  /** Where a match of `rule` (of `grammar`) starting at `start` can end. */
  rule(rule: Rule, grammar: Grammar, start: number, uri?: string): Ends {
    return this.memoised(rule, start, () => {
      const active = this.active.get(rule) ?? new Set<number>();
      this.active.set(rule, active);
      if (active.has(start)) {
        const chain = [...this.ruleStack.slice(this.ruleStack.lastIndexOf(rule.id)), rule.id].join(' → ');
        throw new MatchLimitError(
          `left recursion: rule "${rule.id}" reaches itself without consuming input (${chain}); SRGS grammars for this matcher must not be left-recursive`,
        );
      }
      active.add(start);
      this.ruleStack.push(rule.id);
      try {
        const ends = this.sequence(rule.body, start, grammar);
        // Nothing to wrap: the shared empty result (the fallback fills every rule at every position).
        if (ends.size === 0) return NO_ENDS;
        const out: Ends = new Map();
        for (const [end, d] of ends) {
          const make = (children: ParseNode[]): ParseNode => {
            const node: RuleParseNode = {
              kind: 'rule',
              rule: rule.id,
              text: this.opts.words.slice(start, end).join(' '),
              start,
              end,
              children,
              range: rule.range,
            };
            if (uri !== undefined) node.uri = uri;
            this.origins.rules.set(node, { rule, grammar });
            return node;
          };
          out.set(end, {
            ...d,
            empties: d.empties + (end === start ? 1 : 0),
            rope: { kind: 'wrap', inner: d.rope, make },
          });
        }
        return out;
      } finally {
        active.delete(start);
        this.ruleStack.pop();
      }
    });
  }

  private expansion(e: Expansion, start: number, g: Grammar): Ends {
    switch (e.kind) {
      case 'sequence':
        return this.sequence(e, start, g);
      case 'token':
        return this.token(e, start);
      case 'tag': {
        const node: TagParseNode = { kind: 'tag', text: e.text, at: start, range: e.range };
        this.origins.tags.set(node, e);
        return new Map([[start, { ...EMPTY, rope: node }]]);
      }
      case 'ruleref':
        return this.ruleref(e, start, g);
      case 'item':
        return this.memoised(e, start, () => this.item(e, start, g));
      case 'one-of':
        return this.memoised(e, start, () => this.oneOf(e, start, g));
    }
  }

  private sequence(seq: SequenceExpansion, start: number, g: Grammar): Ends {
    let current: Ends = new Map([[start, EMPTY]]);
    for (const child of seq.children) {
      const next: Ends = new Map();
      for (const [pos, d] of current) {
        for (const [end, c] of this.expansion(child, pos, g)) this.merge(next, end, combine(d, c));
      }
      if (next.size === 0) return NO_ENDS;
      current = next;
    }
    return current;
  }

  private token(t: TokenExpansion, start: number): Ends {
    const keys = this.keysOf(t);
    this.tick();
    if (start === this.furthestEnd) this.tokensAtFurthest.push(t);
    const end = start + keys.length;
    if (keys.length === 0 || end > this.n) return NO_ENDS;
    for (let i = 0; i < keys.length; i++) if (this.opts.keys[start + i] !== keys[i]) return NO_ENDS;
    this.reached(end);
    const node: ParseNode = {
      kind: 'token',
      token: t.text,
      words: this.opts.words.slice(start, end),
      start,
      end,
      range: t.range,
    };
    return new Map([[end, { ...EMPTY, rope: node }]]);
  }

  private ruleref(ref: RuleRefExpansion, start: number, g: Grammar): Ends {
    const target = ref.target;
    switch (target.kind) {
      case 'local': {
        const rule = g.rulesById.get(target.rule);
        if (!rule) this.problems.add(`rule "${target.rule}" is referenced but not defined`);
        return rule ? this.rule(rule, g, start) : NO_ENDS;
      }
      case 'special':
        return this.special(target.name, ref, start);
      case 'invalid':
        return NO_ENDS;
      case 'external': {
        const found = this.opts.external.rule(target.uri, target.rule, g);
        if ('error' in found) {
          this.problems.add(found.error);
          return NO_ENDS;
        }
        if (found.grammar.mode !== g.mode) {
          this.problems.add(
            `${ref.uri ?? target.uri} is a ${found.grammar.mode} grammar, referenced from a ${g.mode} grammar`,
          );
          return NO_ENDS;
        }
        return this.rule(found.rule, found.grammar, start, target.uri);
      }
    }
  }

  /** Where matching stopped: the furthest position reached and the grammar tokens tried there. */
  furthest(): { position: number; tokens: string[] } {
    const skipped = this.oneOfsAtFurthest.flatMap((index) => index.leading);
    return { position: this.furthestEnd, tokens: [...skipped, ...this.tokensAtFurthest].map((t) => t.text) };
  }

  private reached(end: number): void {
    if (end > this.furthestEnd) {
      this.furthestEnd = end;
      this.tokensAtFurthest = [];
      this.oneOfsAtFurthest = [];
    }
  }

  private special(name: 'NULL' | 'VOID' | 'GARBAGE', ref: RuleRefExpansion, start: number): Ends {
    const out: Ends = new Map();
    if (name === 'NULL')
      out.set(start, { ...EMPTY, rope: { kind: 'special', name, words: [], start, end: start, range: ref.range } });
    if (name === 'GARBAGE') {
      // Any number of words, none included (SRGS 1.0 §2.2.3: GARBAGE matches "any speech up until the next
      // rule match, the next token or until the end of spoken input", and a filler before a keyword must not
      // demand a word the speaker never said). Lazy: the `garbage` tie-break prefers the fewest words.
      for (let end = start; end <= this.n; end++) {
        this.tick();
        const node: ParseNode = {
          kind: 'special',
          name,
          words: this.opts.words.slice(start, end),
          start,
          end,
          range: ref.range,
        };
        out.set(end, { score: 0, garbage: end - start, count: 1, empties: 0, rope: node });
      }
    }
    return out;
  }

  private item(item: ItemExpansion, start: number, g: Grammar, weight?: number): Ends {
    const { max } = item.repeat;
    // A tag repeated any non-zero number of times is one occurrence of the tag (W3C SRGS test tag-repetition.grxml,
    // §2.5: `<item repeat="2-"><tag>"foo"</tag></item>` yields "foo" once), so an item holding only tags runs once.
    const min = item.repeat.min > 1 && holdsOnlyTags(item.body) ? 1 : item.repeat.min;
    const result: Ends = new Map();
    if (max === 0) {
      result.set(start, EMPTY);
      return result;
    }
    const wrap = (d: Derivation, reps: number, end: number): Derivation => ({
      ...d,
      rope: {
        kind: 'wrap',
        inner: d.rope,
        make: (children) => ({
          kind: 'item',
          repetitions: reps,
          start,
          end,
          children,
          range: item.range,
          ...(item.repeatAttribute !== undefined ? { repeat: item.repeatAttribute } : {}),
          ...(weight !== undefined ? { weight } : {}),
        }),
      },
    });
    if (min === 0) this.merge(result, start, wrap(EMPTY, 0, start));
    let current: Ends = new Map([[start, EMPTY]]);
    for (let k = 1; max === null || k <= max; k++) {
      const next: Ends = new Map();
      for (const [pos, d] of current) {
        for (const [end, b] of this.memoised(item.body, pos, () => this.sequence(item.body, pos, g))) {
          // Past the minimum, an iteration must consume input: otherwise `repeat="0-"` over an
          // empty-matching body would loop (and count) forever.
          if (k > min && end === pos) continue;
          this.merge(next, end, combine(d, b));
        }
      }
      if (next.size === 0) break;
      if (k >= min) for (const [end, d] of next) this.merge(result, end, wrap(d, k, end));
      current = next;
    }
    return result;
  }

  private oneOf(oneOf: OneOfExpansion, start: number, g: Grammar): Ends {
    const out: Ends = new Map();
    const index = this.firstKeyIndex(oneOf);
    const total = index.totalWeight;
    // Only the alternatives that can start with the word at `start` (plus those the index cannot rule out), in
    // document order: a 10,000-item one-of costs a handful of attempts per position, not 10,000.
    const keyed = start < this.n ? index.byKey.get(this.opts.keys[start] as string) : undefined;
    // Skipped alternatives were still expected here: a rejection that stops here lists their first words.
    if (start === this.furthestEnd) this.oneOfsAtFurthest.push(index);
    const candidates = keyed === undefined ? index.others : mergeInOrder(keyed, index.others, index.order);
    for (const item of candidates) {
      const logWeight = total > 0 ? Math.log(item.weight / total) : 0;
      const ends = this.memoised(item, start, () =>
        this.item(item, start, g, item.weightAttribute !== undefined ? item.weight : undefined),
      );
      for (const [end, d] of ends) this.merge(out, end, { ...d, score: d.score + logWeight });
    }
    return out;
  }

  /** The one-of's items by the comparison key of the word they must start with (built once per one-of and mode). */
  private firstKeyIndex(oneOf: OneOfExpansion): FirstKeyIndex {
    const cache = this.opts.dtmf ? dtmfFirstKeys : voiceFirstKeys;
    let index = cache.get(oneOf);
    if (index) return index;
    index = { byKey: new Map(), others: [], leading: [], order: new Map(), totalWeight: 0 };
    oneOf.items.forEach((item, i) => {
      index.order.set(item, i);
      index.totalWeight += item.weight;
      const first = item.repeat.min > 0 ? leadingToken(item.body) : undefined;
      const key = first === undefined ? undefined : this.keysOf(first)[0];
      if (first === undefined || key === undefined) {
        index.others.push(item);
        return;
      }
      index.leading.push(first);
      const bucket = index.byKey.get(key);
      if (bucket) bucket.push(item);
      else index.byKey.set(key, [item]);
    });
    cache.set(oneOf, index);
    return index;
  }

  private keysOf(t: TokenExpansion): string[] {
    let keys = this.tokenKeys.get(t);
    if (!keys) {
      keys = this.opts.dtmf ? dtmfKeys(t.text) : splitWords(t.text).map(voiceKey);
      this.tokenKeys.set(t, keys);
    }
    return keys;
  }

  private memoised(key: object, start: number, compute: () => Ends): Ends {
    let row = this.memo.get(key);
    if (!row) {
      row = new Array<Ends | undefined>(this.n + 1);
      this.memo.set(key, row);
    }
    const hit = row[start];
    if (hit) return hit;
    const value = compute();
    row[start] = value;
    return value;
  }

  /** Keeps the better derivation for `end` and adds up the parse counts. */
  private merge(into: Ends, end: number, d: Derivation): void {
    this.tick();
    const old = into.get(end);
    if (!old) {
      into.set(end, d);
      return;
    }
    const best = better(d, old) ? d : old;
    into.set(end, { ...best, count: Math.min(Number.MAX_SAFE_INTEGER, old.count + d.count) });
  }

  private tick(): void {
    this.steps++;
    if (this.steps > this.opts.maxSteps) {
      throw new MatchLimitError(
        `step limit of ${this.opts.maxSteps} reached: the input is too long or the grammar too ambiguous to finish (raise maxSteps to search further)`,
      );
    }
    if ((this.steps & 0xfff) === 0 && this.opts.signal?.aborted) throw new MatchLimitError('matching was cancelled');
  }
}

function combine(a: Derivation, b: Derivation): Derivation {
  return {
    score: a.score + b.score,
    garbage: a.garbage + b.garbage,
    count: Math.min(Number.MAX_SAFE_INTEGER, a.count * b.count),
    empties: a.empties + b.empties,
    rope: concat(a.rope, b.rope),
  };
}

/**
 * Weights first (SRGS 1.0 §2.4.1), then the fewest words given to GARBAGE, then the fewest rule matches that
 * took no word: `$r $r*` over "x" is r(x), not an empty r and then r(x), whose tags would run twice for a word
 * said once. Otherwise the first in document order.
 */
function better(a: Derivation, b: Derivation): boolean {
  if (Math.abs(a.score - b.score) > TIE && a.score !== b.score) return a.score > b.score;
  if (a.garbage !== b.garbage) return a.garbage < b.garbage;
  return a.empties < b.empties;
}

/** Whether an expansion sequence consists of tags only (nested items and sequences of tags included). */
function holdsOnlyTags(seq: SequenceExpansion): boolean {
  return (
    seq.children.length > 0 &&
    seq.children.every(
      (c) =>
        c.kind === 'tag' || (c.kind === 'sequence' && holdsOnlyTags(c)) || (c.kind === 'item' && holdsOnlyTags(c.body)),
    )
  );
}
