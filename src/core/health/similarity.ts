// Samples the model cannot tell apart across intents, in one locale:
// - conflicts: the same words (identical, or equal once case, punctuation and spacing are normalized) under
//   two or more intents, with how many samples and how much `count` each intent has;
// - near-duplicates: token-set Jaccard similarity ≥ a threshold between samples of different intents.
// Near-duplicates are found exactly with prefix filtering (Bayardo et al., "Scaling up all pairs similarity
// search", WWW 2007): tokens are ranked rarest first, and two sets with similarity ≥ t must share a token among
// the first |x| - ⌈t·|x|⌉ + 1 of each, so only sets sharing a rare token are ever compared. With a size filter
// (|y| ≥ t·|x|) this stays far from quadratic on real training sets, and finds every pair (no sampling).
import type { TrsxSample } from '../formats/trsx/model';
import { normalizedSampleText } from '../formats/trsx/sample-text';
import { normalize, sampleTokens } from '../nlu/sampleText';
import { isTrained } from './counts';
import { RULE_SEVERITY, type HealthFinding } from './findings';
import type { LocaleFile } from './localeFile';

/** The samples with one normalized text. */
interface TextGroup {
  normalized: string;
  /** Samples per intent, in document order. */
  byIntent: Map<string, TrsxSample[]>;
}

export function findSimilarSamples(locale: LocaleFile, similarity: number, findings: HealthFinding[]): void {
  const groups = new Map<string, TextGroup>();
  for (const s of locale.document.samples) {
    if (!isTrained(s)) continue;
    const normalized = normalize(normalizedSampleText(s.content));
    if (normalized === '') continue;
    let g = groups.get(normalized);
    if (!g) groups.set(normalized, g = { normalized, byIntent: new Map() });
    const list = g.byIntent.get(s.intentref);
    if (list) list.push(s);
    else g.byIntent.set(s.intentref, [s]);
  }
  for (const g of groups.values()) if (g.byIntent.size > 1) findings.push(conflictFinding(locale, g));
  findNearDuplicates(locale, [...groups.values()], similarity, findings);
}

function conflictFinding(locale: LocaleFile, g: TextGroup): HealthFinding {
  const all = [...g.byIntent.values()].flat();
  const texts = new Set(all.map((s) => normalizedSampleText(s.content)));
  const how = texts.size === 1 ? 'is identical' : 'is the same once case and punctuation are ignored';
  const parts = [...g.byIntent].map(([intent, list]) => {
    const weighted = list.reduce((n, s) => n + (s.count ?? 1), 0);
    return `${intent} (${list.length} sample${list.length === 1 ? '' : 's'}, count ${weighted})`;
  });
  const first = all[0] as TrsxSample;
  return {
    rule: 'conflict', severity: RULE_SEVERITY.conflict, locale: locale.locale, location: locale.locate(first),
    related: all.slice(1).map((s) => locale.locate(s)),
    message: `The sample "${g.normalized}" ${how} under ${g.byIntent.size} intents in ${locale.locale}: ${parts.join(', ')}. Keep it under one intent and remove the others from ${locale.file}.`,
  };
}

/** A distinct token set, with the intents of the texts that have it. */
interface Unit {
  /** Token ranks (rarest first), ascending. */
  tokens: Int32Array;
  intents: string[];
  /** One sample per intent, to show. */
  samples: TrsxSample[];
  texts: string[];
}

function findNearDuplicates(locale: LocaleFile, groups: readonly TextGroup[], threshold: number, findings: HealthFinding[]): void {
  if (threshold > 1) return;
  // Texts with the same token set ("open you are" / "are you open") are one unit, keyed by their sorted words.
  const units = new Map<string, Unit>();
  for (const g of groups) {
    const tokens = sampleTokens(g.normalized).sort();
    let unique = 0;
    for (let i = 0; i < tokens.length; i++) if (i === 0 || tokens[i] !== tokens[i - 1]) tokens[unique++] = tokens[i] as string;
    tokens.length = unique;
    const key = tokens.join(' ');
    let u = units.get(key);
    if (!u) units.set(key, u = { tokens: new Int32Array(0), intents: [], samples: [], texts: [] });
    for (const [intent, list] of g.byIntent) {
      if (u.intents.includes(intent)) continue;
      u.intents.push(intent);
      u.samples.push(list[0] as TrsxSample);
      u.texts.push(g.normalized);
    }
  }
  // Rank tokens rarest first (ties by first appearance), so every set is ordered the same way.
  const frequency = new Map<string, number>();
  for (const key of units.keys()) for (const w of key.split(' ')) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const rank = new Map<string, number>();
  [...frequency].sort((a, b) => a[1] - b[1]).forEach(([w], r) => rank.set(w, r));
  for (const [key, u] of units) {
    const list = key === '' ? [] : key.split(' ');
    const tokens = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) tokens[i] = rank.get(list[i] as string) as number;
    u.tokens = tokens.sort();
  }
  const list = [...units.values()].sort((a, b) => a.tokens.length - b.tokens.length);
  for (const u of list) if (u.intents.length > 1 && new Set(u.texts).size > 1) reportUnit(locale, u, threshold, findings);
  for (const [x, y, j] of similarPairs(list.map((u) => u.tokens), threshold)) {
    const ux = list[x] as Unit;
    const uy = list[y] as Unit;
    if (differentIntents(ux, uy)) findings.push(nearDuplicateFinding(locale, uy, ux, j, threshold));
  }
}

const EPSILON = 1e-9;

/**
 * Pairs [x, y, similarity] (y < x) of sets with Jaccard ≥ t, from sets of token ranks sorted ascending (rarest
 * first) and ordered by size. PPJoin (Xiao et al., "Efficient similarity joins for near duplicate detection",
 * WWW 2008): a set is indexed by its first |y| - ⌈2t/(1+t)·|y|⌉ + 1 tokens and probes with its first
 * |x| - ⌈t·|x|⌉ + 1; a candidate whose overlap can no longer reach ⌈t/(1+t)·(|x|+|y|)⌉ from the positions where
 * the shared token sits is dropped before it is verified.
 */
function* similarPairs(sets: readonly Int32Array[], t: number): Generator<[number, number, number]> {
  const index = new Map<number, { entries: number[]; from: number }>(); // entries: set id, position, set id, position…
  const overlap = new Int32Array(sets.length);
  const touched: number[] = [];
  for (let x = 0; x < sets.length; x++) {
    const sx = sets[x] as Int32Array;
    const size = sx.length;
    if (size === 0) continue;
    const probe = size - Math.ceil(t * size - EPSILON) + 1;
    const minSize = t * size - EPSILON;
    for (let i = 0; i < probe && i < size; i++) {
      const entry = index.get(sx[i] as number);
      if (!entry) continue;
      const e = entry.entries;
      while (entry.from < e.length && (sets[e[entry.from] as number] as Int32Array).length < minSize) entry.from += 2;
      for (let k = entry.from; k < e.length; k += 2) {
        const y = e[k] as number;
        const have = overlap[y] as number;
        if (have < 0) continue; // pruned
        const sizeY = (sets[y] as Int32Array).length;
        const needed = Math.ceil((t / (1 + t)) * (size + sizeY) - EPSILON);
        const bound = 1 + Math.min(size - i - 1, sizeY - (e[k + 1] as number) - 1);
        if (have === 0) touched.push(y);
        overlap[y] = have + bound >= needed ? have + 1 : -1;
      }
    }
    for (const y of touched) {
      if ((overlap[y] as number) > 0) {
        const j = jaccard(sx, sets[y] as Int32Array);
        if (j >= t - EPSILON) yield [x, y, j];
      }
      overlap[y] = 0;
    }
    touched.length = 0;
    const indexed = size - Math.ceil(((2 * t) / (1 + t)) * size - EPSILON) + 1;
    for (let i = 0; i < indexed && i < size; i++) {
      const token = sx[i] as number;
      let entry = index.get(token);
      if (!entry) index.set(token, entry = { entries: [], from: 0 });
      entry.entries.push(x, i);
    }
  }
}

function differentIntents(a: Unit, b: Unit): boolean {
  return a.intents.length > 1 || b.intents.length > 1 || a.intents[0] !== b.intents[0];
}

/** Jaccard similarity of two sorted sets. */
function jaccard(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) { common++; i++; j++; } else if (x < y) i++; else j++;
  }
  return common / (a.length + b.length - common);
}

/** A pair of samples of two intents, the first of each: what a near-duplicate finding shows. */
function pickPair(a: Unit, b: Unit): [number, number] {
  for (let i = 0; i < a.intents.length; i++) {
    for (let k = 0; k < b.intents.length; k++) if (a.intents[i] !== b.intents[k]) return [i, k];
  }
  return [0, 0];
}

function nearDuplicateFinding(locale: LocaleFile, a: Unit, b: Unit, similarity: number, threshold: number): HealthFinding {
  const [i, k] = pickPair(a, b);
  const sa = a.samples[i] as TrsxSample;
  const sb = b.samples[k] as TrsxSample;
  return {
    rule: 'near-duplicate', severity: RULE_SEVERITY['near-duplicate'], locale: locale.locale,
    location: locale.locate(sa), related: [locale.locate(sb)],
    message: `Samples "${a.texts[i]}" (${sa.intentref}) and "${b.texts[k]}" (${sb.intentref}) in ${locale.locale} share ${Math.round(similarity * 100)}% of their words (threshold ${Math.round(threshold * 100)}%); the model can hardly tell ${sa.intentref} from ${sb.intentref} on them: reword one, move it to the other intent or remove it from ${locale.file}.`,
  };
}

/** Texts with the same words in another order under different intents: similarity 1. */
function reportUnit(locale: LocaleFile, u: Unit, threshold: number, findings: HealthFinding[]): void {
  const one = (k: number): Unit => ({ tokens: u.tokens, intents: [u.intents[k] as string], samples: [u.samples[k] as TrsxSample], texts: [u.texts[k] as string] });
  for (let i = 0; i < u.intents.length; i++) {
    for (let k = i + 1; k < u.intents.length; k++) {
      if (u.texts[k] !== u.texts[i]) findings.push(nearDuplicateFinding(locale, one(i), one(k), 1, threshold)); // the same text is a conflict
    }
  }
}
