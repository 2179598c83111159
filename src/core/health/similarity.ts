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
  constructor(
    readonly table: SampleTable,
    private readonly members: ReadonlyMap<number, number[]>,
  ) {}

  samplesOf(g: number): readonly number[] {
    return this.members.get(g) ?? [this.table.firstOf(g)];
  }

  /** The one intent of the group's samples, or undefined when they have several. */
  intentOf(g: number): string | undefined {
    return this.table.mixed.has(g) ? undefined : this.table.intentOf(this.table.firstOf(g));
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
  const texts = new Set(
    all.map((k) => {
      const s = sampleAt(locale.source, table.rangeOf(k));
      return s ? normalizedSampleText(s.content) : `#${k}`;
    }),
  );
  const how = texts.size === 1 ? 'is identical' : 'is the same once case and punctuation are ignored';
  const parts = [...byIntent].map(([intent, list]) => {
    const weighted = list.reduce((n, k) => n + table.weightOfSample(k), 0);
    return `${intent} (${list.length} sample${list.length === 1 ? '' : 's'}, count ${weighted})`;
  });
  return {
    rule: 'conflict',
    severity: RULE_SEVERITY.conflict,
    locale: locale.locale,
    location: locale.locateRange(table.rangeOf(all[0] as number)),
    related: all.slice(1).map((k) => locale.locateRange(table.rangeOf(k))),
    message: `The sample "${table.wordsOf(g)}" ${how} under ${byIntent.size} intents in ${locale.locale}: ${parts.join(', ')}. Keep it under one intent and remove the others from ${locale.file}.`,
  };
}

/**
 * Texts (groups) with one token set ("open you are" / "are you open": usually one text), as flat typed arrays:
 * no object, array or view per text, so a 50k-sample locale costs a few MB here. Units are numbered by position in
 * size order (then order of first appearance); unit p's tokens, as ranks (rarest first) ascending, are
 * tokens[start[p], start[p] + size[p]), and its texts are firstGroup[p], then nextGroup[...] until -1.
 */
interface Units {
  count: number;
  /** How many distinct tokens (ranks are 0 … ranks - 1). */
  ranks: number;
  tokens: Int32Array;
  start: Int32Array;
  size: Int32Array;
  firstGroup: Int32Array;
  /** Per group: the next group of its unit, or -1. */
  nextGroup: Int32Array;
}

function groupsOfUnit(units: Units, p: number): number[] {
  const out: number[] = [];
  for (let g = units.firstGroup[p] as number; g !== -1; g = units.nextGroup[g] as number) out.push(g);
  return out;
}

/** The single intent of all the unit's samples, or undefined when they have several. */
function singleIntent(groups: Groups, units: Units, p: number): string | undefined {
  let first: string | undefined;
  for (let g = units.firstGroup[p] as number; g !== -1; g = units.nextGroup[g] as number) {
    const intent = groups.intentOf(g);
    if (intent === undefined || (first !== undefined && intent !== first)) return undefined;
    first = intent;
  }
  return first;
}

function findNearDuplicates(locale: LocaleFile, groups: Groups, threshold: number, findings: HealthFinding[]): void {
  const units = tokenUnits(groups.table);
  // Other texts with the same words (another order, repeated words) under another intent: similarity 1.
  for (let p = 0; p < units.count; p++) {
    if (units.nextGroup[units.firstGroup[p] as number] === -1) continue;
    const list = groupsOfUnit(units, p);
    for (let i = 0; i < list.length; i++) {
      for (let k = i + 1; k < list.length; k++)
        reportPair(locale, groups, list[i] as number, list[k] as number, 1, threshold, findings);
    }
  }
  for (const [x, y, j] of similarPairs(units, threshold)) {
    const ix = singleIntent(groups, units, x);
    if (ix !== undefined && ix === singleIntent(groups, units, y)) continue;
    const gxs = groupsOfUnit(units, x);
    pairs: for (const gy of groupsOfUnit(units, y))
      for (const gx of gxs) if (reportPair(locale, groups, gy, gx, j, threshold, findings)) break pairs;
  }
}

/**
 * The distinct token sets of the texts, smallest first (then in order of first appearance), each with its
 * texts and its tokens as ranks, rarest first (ties: the token seen first, going through the sets in order and
 * each set's words in order of their spelling). The sets come numbered from the table and are turned into
 * ranks in one copy of its numbers.
 */
function tokenUnits(table: SampleTable): Units {
  // Words renumbered in spelling order, so each set, sorted, lists its words in that order (for the tie-break).
  const { words } = table;
  const bySpelling = Array.from({ length: words.length }, (_, w) => w).sort((a, b) =>
    (words[a] as string) < (words[b] as string) ? -1 : 1,
  );
  const spelled = new Int32Array(words.length);
  bySpelling.forEach((w, r) => {
    spelled[w] = r;
  });
  const tokens = table.copyTokens();
  for (let i = 0; i < tokens.length; i++) tokens[i] = spelled[tokens[i] as number] as number;
  const groupCount = table.groups;
  // Texts with equal sets form one unit, found through an open-addressing table of set hashes (then compared).
  const unitStart = new Int32Array(groupCount);
  const unitEnd = new Int32Array(groupCount);
  const unitHash = new Int32Array(groupCount);
  const unitFirst = new Int32Array(groupCount);
  const unitLast = new Int32Array(groupCount);
  const nextGroup = new Int32Array(groupCount).fill(-1);
  let capacity = 16;
  while (capacity < groupCount * 2) capacity *= 2;
  const slots = new Int32Array(capacity); // unit + 1; 0: empty
  let count = 0;
  for (let g = 0; g < groupCount; g++) {
    const start = table.tokenStart(g);
    const end = table.tokenEnd(g);
    sortRange(tokens, start, end);
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ (tokens[i] as number), 0x01000193);
    let slot = hash & (capacity - 1);
    let found = -1;
    for (
      let u = (slots[slot] as number) - 1;
      u !== -1;
      slot = (slot + 1) & (capacity - 1), u = (slots[slot] as number) - 1
    ) {
      if (unitHash[u] === hash && equalRanges(tokens, unitStart[u] as number, unitEnd[u] as number, start, end)) {
        found = u;
        break;
      }
    }
    if (found !== -1) {
      nextGroup[unitLast[found] as number] = g;
      unitLast[found] = g;
      continue;
    }
    const u = count++;
    unitStart[u] = start;
    unitEnd[u] = end;
    unitHash[u] = hash;
    unitFirst[u] = g;
    unitLast[u] = g;
    slots[slot] = u + 1;
  }
  // Rarity: in how many units a token is; ties by first sight, each unit's tokens read in spelling order.
  const frequency = new Int32Array(words.length);
  const firstSeen = new Int32Array(words.length).fill(-1);
  let seen = 0;
  for (let u = 0; u < count; u++) {
    for (let i = unitStart[u] as number; i < (unitEnd[u] as number); i++) {
      const t = tokens[i] as number;
      frequency[t] = (frequency[t] as number) + 1;
      if (firstSeen[t] === -1) firstSeen[t] = seen++;
    }
  }
  const order = Array.from({ length: words.length }, (_, t) => t)
    .filter((t) => firstSeen[t] !== -1)
    .sort(
      (a, b) =>
        (frequency[a] as number) - (frequency[b] as number) || (firstSeen[a] as number) - (firstSeen[b] as number),
    );
  const rank = new Int32Array(words.length);
  order.forEach((t, r) => {
    rank[t] = r;
  });
  let largest = 0;
  for (let u = 0; u < count; u++) {
    const start = unitStart[u] as number;
    const end = unitEnd[u] as number;
    for (let i = start; i < end; i++) tokens[i] = rank[tokens[i] as number] as number;
    sortRange(tokens, start, end);
    largest = Math.max(largest, end - start);
  }
  // Positions by size, then by unit number (a stable counting sort).
  const bySize = new Int32Array(largest + 2);
  for (let u = 0; u < count; u++) (bySize[(unitEnd[u] as number) - (unitStart[u] as number) + 1] as number)++;
  for (let s = 1; s < bySize.length; s++) bySize[s] = (bySize[s] as number) + (bySize[s - 1] as number);
  const units: Units = {
    count,
    ranks: order.length,
    tokens,
    nextGroup,
    start: new Int32Array(count),
    size: new Int32Array(count),
    firstGroup: new Int32Array(count),
  };
  for (let u = 0; u < count; u++) {
    const size = (unitEnd[u] as number) - (unitStart[u] as number);
    const p = (bySize[size] as number)++;
    units.start[p] = unitStart[u] as number;
    units.size[p] = size;
    units.firstGroup[p] = unitFirst[u] as number;
  }
  return units;
}

/** Sorts tokens[start, end) in place (a text's few words: insertion sort, no view allocated). */
function sortRange(a: Int32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= start && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

function equalRanges(a: Int32Array, s1: number, e1: number, s2: number, e2: number): boolean {
  if (e1 - s1 !== e2 - s2) return false;
  for (let i = 0; i < e1 - s1; i++) if (a[s1 + i] !== a[s2 + i]) return false;
  return true;
}

/** Reports two texts as near-duplicates when some sample of one has another intent than some sample of the other. */
function reportPair(
  locale: LocaleFile,
  groups: Groups,
  a: number,
  b: number,
  similarity: number,
  threshold: number,
  findings: HealthFinding[],
): boolean {
  const { table } = groups;
  for (const sa of groups.samplesOf(a)) {
    const ia = table.intentOf(sa);
    const sb = groups.samplesOf(b).find((k) => table.intentOf(k) !== ia);
    if (sb === undefined) continue;
    const ib = table.intentOf(sb);
    findings.push({
      rule: 'near-duplicate',
      severity: RULE_SEVERITY['near-duplicate'],
      locale: locale.locale,
      location: locale.locateRange(table.rangeOf(sa)),
      related: [locale.locateRange(table.rangeOf(sb))],
      message: `Samples "${table.wordsOf(a)}" (${ia}) and "${table.wordsOf(b)}" (${ib}) in ${locale.locale} share ${Math.round(similarity * 100)}% of their words (threshold ${Math.round(threshold * 100)}%); the model can hardly tell ${ia} from ${ib} on them: reword one, move it to the other intent or remove it from ${locale.file}.`,
    });
    return true;
  }
  return false;
}

const EPSILON = 1e-9;

/**
 * Pairs [x, y, similarity] (y < x) of units with Jaccard ≥ t; units come ordered by size, each set of token ranks
 * sorted ascending (rarest first). PPJoin (Xiao et al., "Efficient similarity joins for near duplicate detection",
 * WWW 2008): a set is indexed by its first |y| - ⌈2t/(1+t)·|y|⌉ + 1 tokens and probes with its first
 * |x| - ⌈t·|x|⌉ + 1; a candidate whose overlap can no longer reach ⌈t/(1+t)·(|x|+|y|)⌉ from the positions where
 * the shared token sits is dropped before it is verified. The index is built whole up front, as flat lists per
 * token in unit order; probing x reads only the entries of units before it.
 */
function* similarPairs(units: Units, t: number): Generator<[number, number, number]> {
  const { count, ranks: tokenCount, tokens, start, size } = units;
  const indexedOf = (n: number): number => Math.min(n, n - Math.ceil(((2 * t) / (1 + t)) * n - EPSILON) + 1);
  // Per token: its entries (unit, position of the token in it) are entrySet/entryPos[from[token], end[token]).
  const from = new Int32Array(tokenCount + 1);
  for (let x = 0; x < count; x++) {
    const n = size[x] as number;
    for (let i = 0; i < indexedOf(n); i++) (from[(tokens[(start[x] as number) + i] as number) + 1] as number)++;
  }
  for (let k = 1; k <= tokenCount; k++) from[k] = (from[k] as number) + (from[k - 1] as number);
  const end = from.slice(0, tokenCount);
  const entrySet = new Int32Array(from[tokenCount] as number);
  const entryPos = new Int32Array(from[tokenCount] as number);
  for (let x = 0; x < count; x++) {
    const n = size[x] as number;
    for (let i = 0; i < indexedOf(n); i++) {
      const at = (end[tokens[(start[x] as number) + i] as number] as number)++;
      entrySet[at] = x;
      entryPos[at] = i;
    }
  }
  const overlap = new Int32Array(count);
  const touched: number[] = [];
  for (let x = 0; x < count; x++) {
    const sizeX = size[x] as number;
    if (sizeX === 0) continue;
    const sx = start[x] as number;
    const probe = sizeX - Math.ceil(t * sizeX - EPSILON) + 1;
    const minSize = t * sizeX - EPSILON;
    for (let i = 0; i < probe && i < sizeX; i++) {
      const token = tokens[sx + i] as number;
      const last = end[token] as number;
      let k = from[token] as number;
      // Units are in size order: those too small for x are too small for every later unit too.
      while (k < last && (entrySet[k] as number) < x && (size[entrySet[k] as number] as number) < minSize) k++;
      from[token] = k;
      for (; k < last && (entrySet[k] as number) < x; k++) {
        const y = entrySet[k] as number;
        const have = overlap[y] as number;
        if (have < 0) continue; // pruned
        const sizeY = size[y] as number;
        const needed = Math.ceil((t / (1 + t)) * (sizeX + sizeY) - EPSILON);
        const bound = 1 + Math.min(sizeX - i - 1, sizeY - (entryPos[k] as number) - 1);
        if (have === 0) touched.push(y);
        overlap[y] = have + bound >= needed ? have + 1 : -1;
      }
    }
    for (const y of touched) {
      if ((overlap[y] as number) > 0) {
        const j = jaccard(tokens, sx, sizeX, start[y] as number, size[y] as number);
        if (j >= t - EPSILON) yield [x, y, j];
      }
      overlap[y] = 0;
    }
    touched.length = 0;
  }
}

/** Jaccard similarity of two sorted sets, tokens[a, a + m) and tokens[b, b + n). */
function jaccard(tokens: Int32Array, a: number, m: number, b: number, n: number): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < m && j < n) {
    const x = tokens[a + i] as number;
    const y = tokens[b + j] as number;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common / (m + n - common);
}
