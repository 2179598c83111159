// Samples the model cannot tell apart across intents, in one locale:
// - conflicts: the same words (identical, or equal once case, punctuation and spacing are normalized) under
//   two or more intents, with how many samples and how much `count` each intent has;
// - near-duplicates: token-set Jaccard similarity ≥ a threshold between samples of different intents.
// Near-duplicates are found exactly with prefix filtering (Bayardo et al., "Scaling up all pairs similarity
// search", WWW 2007): tokens are ranked rarest first, and two sets with similarity ≥ t must share a token among
// the first |x| - ⌈t·|x|⌉ + 1 of each, so only sets sharing a rare token are ever compared. With a size filter
// (|y| ≥ t·|x|) this stays far from quadratic on real training sets, and finds every pair (no sampling).
import { normalizedSampleText } from '../formats/trsx/sample-text';
import { RULE_SEVERITY, type HealthFinding } from './findings';
import type { LocaleFile } from './localeFile';
import { sampleAt, type SampleTable } from './sampleTable';

/** The samples of each group, when it has several intents (`members`); else its first sample stands for all. */
class Groups {
  constructor(readonly table: SampleTable, private readonly members: ReadonlyMap<number, number[]>) {}

  samplesOf(g: number): readonly number[] {
    return this.members.get(g) ?? [this.table.firstOf[g] as number];
  }

  /** The one intent of the group's samples, or undefined when they have several. */
  intentOf(g: number): string | undefined {
    return this.table.mixed.has(g) ? undefined : this.table.intentOf(this.table.firstOf[g] as number);
  }
}

export function findSimilarSamples(locale: LocaleFile, similarity: number, findings: HealthFinding[]): void {
  const table = locale.samples;
  const groups = new Groups(table, table.mixedMembers());
  for (const g of [...table.mixed].sort((a, b) => a - b)) findings.push(conflictFinding(locale, groups, g));
  if (similarity <= 1) findNearDuplicates(locale, groups, similarity, findings);
}

function conflictFinding(locale: LocaleFile, groups: Groups, g: number): HealthFinding {
  const { table } = groups;
  const byIntent = new Map<string, number[]>();
  for (const k of groups.samplesOf(g)) byIntent.set(table.intentOf(k), [...(byIntent.get(table.intentOf(k)) ?? []), k]);
  const all = [...byIntent.values()].flat();
  // The words as written (case and punctuation kept), read again from the file for these few samples.
  const texts = new Set(all.map((k) => { const s = sampleAt(locale.text, table.rangeOf(k)); return s ? normalizedSampleText(s.content) : `#${k}`; }));
  const how = texts.size === 1 ? 'is identical' : 'is the same once case and punctuation are ignored';
  const parts = [...byIntent].map(([intent, list]) => {
    const weighted = list.reduce((n, k) => n + table.weightOfSample(k), 0);
    return `${intent} (${list.length} sample${list.length === 1 ? '' : 's'}, count ${weighted})`;
  });
  return {
    rule: 'conflict', severity: RULE_SEVERITY.conflict, locale: locale.locale, location: locale.locateRange(table.rangeOf(all[0] as number)),
    related: all.slice(1).map((k) => locale.locateRange(table.rangeOf(k))),
    message: `The sample "${table.wordsOf(g)}" ${how} under ${byIntent.size} intents in ${locale.locale}: ${parts.join(', ')}. Keep it under one intent and remove the others from ${locale.file}.`,
  };
}

/** Texts (groups) with one token set ("open you are" / "are you open"): usually one text. */
interface Unit {
  groups: number[];
  /** Token ranks (rarest first), ascending. */
  tokens: Int32Array;
}

/** The single intent of all the unit's samples, or undefined when they have several. */
function singleIntent(groups: Groups, u: Unit): string | undefined {
  const first = groups.intentOf(u.groups[0] as number);
  if (first === undefined) return undefined;
  for (const g of u.groups) if (groups.intentOf(g) !== first) return undefined;
  return first;
}

function findNearDuplicates(locale: LocaleFile, groups: Groups, threshold: number, findings: HealthFinding[]): void {
  const list = tokenUnits(groups.table);
  const intents = list.map((u) => singleIntent(groups, u));
  // Other texts with the same words (another order, repeated words) under another intent: similarity 1.
  for (const u of list) {
    for (let i = 0; i < u.groups.length; i++) {
      for (let k = i + 1; k < u.groups.length; k++) reportPair(locale, groups, u.groups[i] as number, u.groups[k] as number, 1, threshold, findings);
    }
  }
  for (const [x, y, j] of similarPairs(list.map((u) => u.tokens), threshold)) {
    const ix = intents[x];
    if (ix !== undefined && ix === intents[y]) continue;
    const ux = list[x] as Unit;
    const uy = list[y] as Unit;
    pairs: for (const gy of uy.groups) for (const gx of ux.groups) if (reportPair(locale, groups, gy, gx, j, threshold, findings)) break pairs;
  }
}

/**
 * The distinct token sets of the texts, smallest first (then in order of first appearance), each with its
 * texts and its tokens as ranks, rarest first (ties: the token seen first, going through the sets in order and
 * each set's words in order of their spelling). The sets come numbered from the table, and are turned into
 * ranks in one copy of its numbers (views into it, no string or array per token).
 */
function tokenUnits(table: SampleTable): Unit[] {
  // Words renumbered in spelling order, so each set, sorted, lists its words in that order (for the tie-break).
  const { words } = table;
  const bySpelling = Array.from({ length: words.length }, (_, w) => w).sort((a, b) => ((words[a] as string) < (words[b] as string) ? -1 : 1));
  const spelled = new Int32Array(words.length);
  bySpelling.forEach((w, r) => { spelled[w] = r; });
  const flat = table.copyTokens();
  for (let i = 0; i < flat.length; i++) flat[i] = spelled[flat[i] as number] as number;
  const setOf = (g: number): Int32Array => { const [start, end] = table.tokenRange(g); return flat.subarray(start, end).sort(); };
  // Texts with equal sets form one unit (found by a hash of the set, then compared; same hashes chained).
  const units: Unit[] = [];
  const byHash = new Map<number, number>();
  const sameHash: number[] = [];
  for (let g = 0; g < table.groups; g++) {
    const set = setOf(g);
    let hash = 0x811c9dc5;
    for (let i = 0; i < set.length; i++) hash = Math.imul(hash ^ (set[i] as number), 0x01000193);
    let u = byHash.get(hash) ?? -1;
    while (u !== -1 && !equalSets((units[u] as Unit).tokens, set)) u = sameHash[u] as number;
    if (u !== -1) { (units[u] as Unit).groups.push(g); continue; }
    sameHash.push(byHash.get(hash) ?? -1);
    byHash.set(hash, units.length);
    units.push({ groups: [g], tokens: set });
  }
  byHash.clear();
  sameHash.length = 0;
  // Rarity: in how many units a token is; ties by first sight, each unit's tokens read in spelling order.
  const frequency = new Int32Array(words.length);
  const firstSeen = new Int32Array(words.length).fill(-1);
  let seen = 0;
  for (const u of units) {
    for (const t of u.tokens) {
      frequency[t] = (frequency[t] as number) + 1;
      if (firstSeen[t] === -1) firstSeen[t] = seen++;
    }
  }
  const order = Array.from({ length: words.length }, (_, t) => t).filter((t) => firstSeen[t] !== -1)
    .sort((a, b) => (frequency[a] as number) - (frequency[b] as number) || (firstSeen[a] as number) - (firstSeen[b] as number));
  const rank = new Int32Array(words.length);
  order.forEach((t, r) => { rank[t] = r; });
  for (const u of units) {
    const set = u.tokens;
    for (let i = 0; i < set.length; i++) set[i] = rank[set[i] as number] as number;
    set.sort();
  }
  return units.sort((a, b) => a.tokens.length - b.tokens.length);
}

function equalSets(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Reports two texts as near-duplicates when some sample of one has another intent than some sample of the other. */
function reportPair(locale: LocaleFile, groups: Groups, a: number, b: number, similarity: number, threshold: number, findings: HealthFinding[]): boolean {
  const { table } = groups;
  for (const sa of groups.samplesOf(a)) {
    const ia = table.intentOf(sa);
    const sb = groups.samplesOf(b).find((k) => table.intentOf(k) !== ia);
    if (sb === undefined) continue;
    const ib = table.intentOf(sb);
    findings.push({
      rule: 'near-duplicate', severity: RULE_SEVERITY['near-duplicate'], locale: locale.locale,
      location: locale.locateRange(table.rangeOf(sa)), related: [locale.locateRange(table.rangeOf(sb))],
      message: `Samples "${table.wordsOf(a)}" (${ia}) and "${table.wordsOf(b)}" (${ib}) in ${locale.locale} share ${Math.round(similarity * 100)}% of their words (threshold ${Math.round(threshold * 100)}%); the model can hardly tell ${ia} from ${ib} on them: reword one, move it to the other intent or remove it from ${locale.file}.`,
    });
    return true;
  }
  return false;
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

