// Entity matching for an interpretation: list entities (literal → value, longest match over words), dynamic lists
// from inline wordsets, regex entities (Mix's dialect), rule-based entities through our GrXML matcher (origin
// GRAMMAR), a few predefined entities, freetext entities from the contexts their annotations had, `isA`
// inheritance, and relational (`hasA`) entities holding their children's matches nested, as the platform nests them.

import { matchGrammar } from '../../formats/grxml/match';
import { parseGrxml } from '../../formats/grxml/parse';
import type { Grammar } from '../../formats/grxml/model';
import type { ParseNode } from '../../formats/grxml/parseTree';
import { mixRegexSource } from '../../formats/trsx/regex';
import { tokenize, type Token } from './text';
import type { EntityDefinition, EntityMatch, ListEntry, NluOrigin, TrainingSample, WordsetEntry } from './types';

/** Freetext contexts: the word before and after an annotated span in the samples. */
export interface FreetextContext {
  before: string[];
  after: string[];
}

/** A match before overlaps are resolved: word positions, for merging into relational matches. */
interface Candidate {
  entity: string;
  first: number;
  last: number; // exclusive, word index
  match: EntityMatch;
}

/** Longest relational gap (in words) between two children that still makes one relational match ("from X to Y"). */
const RELATIONAL_GAP = 3;
/** Longest freetext span, in words. */
const FREETEXT_MAX = 8;

interface ListTrie {
  next: Map<string, ListTrie>;
  value?: string;
}

export class EntityMatcher {
  private readonly byName = new Map<string, EntityDefinition>();
  private readonly tries = new Map<string, ListTrie>();
  private readonly regexes = new Map<string, RegExp | null>();
  private readonly grammars = new Map<string, Grammar | null>();

  constructor(
    entities: readonly EntityDefinition[],
    private readonly freetext: ReadonlyMap<string, FreetextContext>,
  ) {
    for (const e of entities) this.byName.set(e.name, e);
  }

  /** Matches of `names` (and their relational children) in `text`, overlaps resolved: longest first, then earliest. */
  match(
    text: string,
    names: readonly string[],
    wordsets: Record<string, WordsetEntry[]> | undefined,
  ): Record<string, EntityMatch[]> {
    if (names.length === 0) return {};
    const tokens = tokenize(text);
    const all: Candidate[] = [];
    for (const name of names) for (const c of this.candidates(name, text, tokens, wordsets, new Set())) all.push(c);
    all.sort(
      (a, b) =>
        b.last - b.first - (a.last - a.first) || a.first - b.first || names.indexOf(a.entity) - names.indexOf(b.entity),
    );
    const taken: boolean[] = new Array<boolean>(tokens.length).fill(false);
    const out: Record<string, EntityMatch[]> = {};
    const chosen: Candidate[] = [];
    for (const c of all) {
      let free = true;
      for (let i = c.first; i < c.last; i++)
        if (taken[i]) {
          free = false;
          break;
        }
      if (!free) continue;
      for (let i = c.first; i < c.last; i++) taken[i] = true;
      chosen.push(c);
    }
    chosen.sort((a, b) => a.first - b.first);
    for (const c of chosen) (out[c.entity] ??= []).push(c.match);
    return out;
  }

  private candidates(
    name: string,
    text: string,
    tokens: readonly Token[],
    wordsets: Record<string, WordsetEntry[]> | undefined,
    seen: Set<string>,
  ): Candidate[] {
    if (seen.has(name)) return []; // isA/hasA cycles in a hand-written ontology
    seen.add(name);
    const def = this.byName.get(name);
    const out: Candidate[] = [];
    if (def?.kind === 'list') for (const c of this.listMatches(name, def.entries, text, tokens, 'list')) out.push(c);
    const words = wordsets?.[name];
    if (words && words.length > 0) {
      const entries = words.map((w) => ({ literal: w.literal, value: w.canonical }));
      for (const c of trieMatches(name, buildTrie(entries), text, tokens, 'STATISTICAL')) out.push(c);
    }
    if (def?.kind === 'regex') for (const c of this.regexMatches(name, def.pattern, text, tokens)) out.push(c);
    if (def?.kind === 'grammar') for (const c of this.grammarMatches(name, def.grammar, text, tokens)) out.push(c);
    if (def?.kind === 'freetext') for (const c of this.freetextMatches(name, text, tokens)) out.push(c);
    if (!def || def.kind === 'other') for (const c of predefinedMatches(name, text, tokens)) out.push(c);
    if (def?.isA !== undefined) {
      for (const c of this.candidates(def.isA, text, tokens, wordsets, new Set(seen))) out.push({ ...c, entity: name });
    }
    if (def && def.hasA.length > 0)
      for (const c of this.relationalMatches(name, def.hasA, text, tokens, wordsets, seen)) out.push(c);
    return dedupe(out);
  }

  private listMatches(
    name: string,
    entries: readonly ListEntry[],
    text: string,
    tokens: readonly Token[],
    cacheKey: string,
  ): Candidate[] {
    let trie = this.tries.get(`${cacheKey}:${name}`);
    if (!trie) {
      trie = buildTrie(entries);
      this.tries.set(`${cacheKey}:${name}`, trie);
    }
    return trieMatches(name, trie, text, tokens, 'STATISTICAL');
  }

  private regexMatches(name: string, pattern: string, text: string, tokens: readonly Token[]): Candidate[] {
    let re = this.regexes.get(name);
    if (re === undefined) {
      const source = mixRegexSource(pattern);
      re = source === undefined ? null : new RegExp(source, 'gu');
      this.regexes.set(name, re);
    }
    if (re === null) return [];
    const out: Candidate[] = [];
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      if (m[0].length === 0) continue;
      const span = wordSpan(tokens, m.index, m.index + m[0].length);
      if (!span) continue;
      out.push({
        entity: name,
        ...span,
        match: entityMatch(text, m.index, m.index + m[0].length, m[0], 'STATISTICAL'),
      });
    }
    return out;
  }

  private grammarMatches(
    name: string,
    source: string | undefined,
    text: string,
    tokens: readonly Token[],
  ): Candidate[] {
    let grammar = this.grammars.get(name);
    if (grammar === undefined) {
      grammar = source === undefined ? null : parseGrxml(source).grammar;
      this.grammars.set(name, grammar);
    }
    if (grammar === null) return [];
    const out: Candidate[] = [];
    // Every word span the grammar accepts whole; the longest win when overlaps are resolved.
    for (let first = 0; first < tokens.length; first++) {
      for (let last = tokens.length; last > first; last--) {
        const words = tokens.slice(first, last).map((t) => text.slice(t.start, t.end));
        const result = matchGrammar(grammar, words, { maxSteps: 50_000 });
        if (!result.accepted) continue;
        const start = (tokens[first] as Token).start;
        const end = (tokens[last - 1] as Token).end;
        const value = result.tree ? tagValue(result.tree.children) : undefined;
        out.push({
          entity: name,
          first,
          last,
          match: entityMatch(text, start, end, value ?? words.join(' ').toLowerCase(), 'GRAMMAR'),
        });
        break;
      }
    }
    return out;
  }

  private freetextMatches(name: string, text: string, tokens: readonly Token[]): Candidate[] {
    const ctx = this.freetext.get(name);
    if (!ctx) return [];
    const out: Candidate[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!ctx.before.includes((tokens[i] as Token).key)) continue;
      let last = i + 1;
      while (last < tokens.length && last - i - 1 < FREETEXT_MAX && !ctx.after.includes((tokens[last] as Token).key))
        last++;
      if (last === i + 1) continue;
      const start = (tokens[i + 1] as Token).start;
      const end = (tokens[last - 1] as Token).end;
      out.push({
        entity: name,
        first: i + 1,
        last,
        match: { ...entityMatch(text, start, end, text.slice(start, end), 'STATISTICAL'), confidence: 0.6 },
      });
    }
    return out;
  }

  /** One relational match per run of children matches (gaps of at most RELATIONAL_GAP words), children nested. */
  private relationalMatches(
    name: string,
    hasA: readonly string[],
    text: string,
    tokens: readonly Token[],
    wordsets: Record<string, WordsetEntry[]> | undefined,
    seen: Set<string>,
  ): Candidate[] {
    const children: Candidate[] = [];
    for (const child of hasA)
      for (const c of this.candidates(child, text, tokens, wordsets, new Set(seen))) children.push(c);
    // Overlapping children: keep the longest (then earliest), as at the top level.
    children.sort((a, b) => b.last - b.first - (a.last - a.first) || a.first - b.first);
    const kept: Candidate[] = [];
    for (const c of children) if (!kept.some((k) => k.first < c.last && c.first < k.last)) kept.push(c);
    kept.sort((a, b) => a.first - b.first);
    const out: Candidate[] = [];
    let run: Candidate[] = [];
    const flush = (): void => {
      if (run.length === 0) return;
      const first = (run[0] as Candidate).first;
      const last = run.reduce((m, c) => Math.max(m, c.last), 0);
      const start = (tokens[first] as Token).start;
      const end = (tokens[last - 1] as Token).end;
      const nested: Record<string, EntityMatch[]> = {};
      for (const c of run) (nested[c.entity] ??= []).push(c.match);
      const origin: NluOrigin = run.every((c) => c.match.origin === 'GRAMMAR') ? 'GRAMMAR' : 'STATISTICAL';
      const confidence = run.reduce((m, c) => Math.min(m, c.match.confidence), 1);
      out.push({
        entity: name,
        first,
        last,
        match: {
          textRange: { startIndex: start, endIndex: end },
          literal: text.slice(start, end),
          origin,
          confidence,
          entities: nested,
        },
      });
      run = [];
    };
    for (const c of kept) {
      const previous = run[run.length - 1];
      if (previous && (c.first - previous.last > RELATIONAL_GAP || run.some((r) => r.entity === c.entity))) flush();
      run.push(c);
    }
    flush();
    return out;
  }
}

function buildTrie(entries: readonly ListEntry[]): ListTrie {
  const root: ListTrie = { next: new Map() };
  for (const e of entries) {
    const keys = tokenize(e.literal).map((t) => t.key);
    if (keys.length === 0) continue;
    let node = root;
    for (const k of keys) {
      let n = node.next.get(k);
      if (!n) {
        n = { next: new Map() };
        node.next.set(k, n);
      }
      node = n;
    }
    node.value ??= e.value; // the first listed literal wins, as in document order
  }
  return root;
}

function trieMatches(
  name: string,
  trie: ListTrie,
  text: string,
  tokens: readonly Token[],
  origin: NluOrigin,
): Candidate[] {
  const out: Candidate[] = [];
  for (let first = 0; first < tokens.length; first++) {
    let node: ListTrie | undefined = trie;
    let best: { last: number; value: string } | undefined;
    for (let i = first; i < tokens.length && node; i++) {
      node = node.next.get((tokens[i] as Token).key);
      if (node?.value !== undefined) best = { last: i + 1, value: node.value };
    }
    if (!best) continue;
    const start = (tokens[first] as Token).start;
    const end = (tokens[best.last - 1] as Token).end;
    out.push({ entity: name, first, last: best.last, match: entityMatch(text, start, end, best.value, origin) });
  }
  return out;
}

/** The value a grammar's tags give in the common plain forms (`out = "x";`, `"x"`, a literal tag), if any. */
function tagValue(nodes: readonly ParseNode[]): string | undefined {
  let value: string | undefined;
  for (const n of nodes) {
    if (n.kind === 'tag') {
      const m = /^\s*(?:out\s*=\s*)?(?:"([^"]*)"|'([^']*)'|([\p{L}\p{N}_-]+))\s*;?\s*$/u.exec(n.text);
      if (m) value = m[1] ?? m[2] ?? m[3];
    } else if (n.kind === 'rule' || n.kind === 'item') {
      value = tagValue(n.children) ?? value;
    }
  }
  return value;
}

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
    'twenty',
  ].map((w, i) => [w, i]),
);

/** Predefined number entities (digits and small number words); the platform's other predefined entities are not modelled. */
function predefinedMatches(name: string, text: string, tokens: readonly Token[]): Candidate[] {
  if (!/^nuance_(CARDINAL_NUMBER|NUMBER|AMOUNT|QUANTITY)$/.test(name)) return [];
  const out: Candidate[] = [];
  tokens.forEach((t, i) => {
    const n = /^\d+$/.test(t.key) ? Number(t.key) : NUMBER_WORDS.get(t.key);
    if (n === undefined) return;
    out.push({
      entity: name,
      first: i,
      last: i + 1,
      match: { ...entityMatch(text, t.start, t.end, undefined, 'STATISTICAL'), structValue: { value: n } },
    });
  });
  return out;
}

function entityMatch(
  text: string,
  start: number,
  end: number,
  value: string | undefined,
  origin: NluOrigin,
): EntityMatch {
  return {
    textRange: { startIndex: start, endIndex: end },
    literal: text.slice(start, end),
    ...(value !== undefined ? { value } : {}),
    origin,
    confidence: 1,
  };
}

/** The words a character range covers (a regex match inside one word still covers that word). */
function wordSpan(tokens: readonly Token[], start: number, end: number): { first: number; last: number } | undefined {
  let first = -1;
  let last = -1;
  tokens.forEach((t, i) => {
    if (t.end > start && t.start < end) {
      if (first === -1) first = i;
      last = i + 1;
    }
  });
  return first === -1 ? undefined : { first, last };
}

function dedupe(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = `${c.entity}:${c.first}:${c.last}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The words before and after each freetext entity's annotated spans in the samples. */
export function freetextContexts(
  entities: readonly EntityDefinition[],
  samples: readonly TrainingSample[],
): Map<string, FreetextContext> {
  const names = new Set(entities.filter((e) => e.kind === 'freetext').map((e) => e.name));
  const out = new Map<string, FreetextContext>();
  if (names.size === 0) return out;
  for (const s of samples) {
    const tokens = tokenize(s.text);
    const visit = (list: typeof s.annotations): void => {
      for (const a of list) {
        visit(a.children);
        if (!names.has(a.entity)) continue;
        const ctx = out.get(a.entity) ?? { before: [], after: [] };
        const before = [...tokens].reverse().find((t) => t.end <= a.start);
        const after = tokens.find((t) => t.start >= a.end);
        if (before && !ctx.before.includes(before.key)) ctx.before.push(before.key);
        if (after && !ctx.after.includes(after.key)) ctx.after.push(after.key);
        out.set(a.entity, ctx);
      }
    };
    visit(s.annotations);
  }
  for (const ctx of out.values()) {
    ctx.before.sort();
    ctx.after.sort();
  }
  return out;
}
