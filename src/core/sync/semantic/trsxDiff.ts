// The semantic difference between two TRSX documents: which intents, entities, literals and samples were
// added, removed or changed, and whether the header changed. Line diffs would flag every re-indent and
// reorder; this says what the platform would see.
import {
  ITEM_KINDS,
  ItemSink,
  idHash,
  itemLabel,
  numberedItem,
  type ItemKind,
  type ItemWalk,
  type TrsxItem,
} from './trsxItems';

export type ChangeType = 'added' | 'removed' | 'changed';

export interface SemanticChange {
  readonly kind: ItemKind;
  readonly change: ChangeType;
  readonly key: string;
  readonly label: string;
  /** For changes: what differs, e.g. `count 1 → 3`. */
  readonly detail?: string;
  /** The item on each side (absent where it does not exist). */
  readonly before?: TrsxItem;
  readonly after?: TrsxItem;
}

export type ChangeCounts = Record<ItemKind, Record<ChangeType, number>>;

export interface TrsxDiff {
  readonly changes: SemanticChange[];
  readonly counts: ChangeCounts;
}

export function emptyCounts(): ChangeCounts {
  const counts = {} as ChangeCounts;
  for (const k of ITEM_KINDS) counts[k] = { added: 0, removed: 0, changed: 0 };
  return counts;
}

export type DiffRead = { ok: true; diff: TrsxDiff } | { ok: false; problem: string };

/**
 * The diff of two documents, each read as a walk over its items (a model, or a file streamed): the before side
 * is kept as a hash of each item's id with its value, and the after side is matched against it item by item,
 * keeping only what changed. A locale file of 100k samples is then compared for a fraction of its model's size;
 * the before side is walked a second time only when items were removed, to name them.
 * Changes come by kind; within a kind, removals, then changes, then additions, each in document order.
 */
export function diffWalks(before: ItemWalk, after: ItemWalk): DiffRead {
  const index = new ItemIndex();
  const read = before(index);
  if (!read.ok) return read;
  const matcher = new ItemMatcher(index.values);
  const readAfter = after(matcher);
  if (!readAfter.ok) return readAfter;
  const unmatched = matcher.unmatched();
  const removed = new RemovedItems(unmatched);
  if (unmatched.size > 0) before(removed);
  const changes: SemanticChange[] = [
    ...removed.items.map(
      (b): SemanticChange => ({ kind: b.kind, change: 'removed', key: b.key, label: itemLabel(b), before: b }),
    ),
    ...matcher.changed.map(
      ({ before: b, after: a }): SemanticChange => ({
        kind: a.kind,
        change: 'changed',
        key: a.key,
        label: itemLabel(a),
        detail: describeValueChange(b.value, a.value),
        before: b,
        after: a,
      }),
    ),
    ...matcher.added.map(
      (a): SemanticChange => ({ kind: a.kind, change: 'added', key: a.key, label: itemLabel(a), after: a }),
    ),
  ];
  const order = new Map(ITEM_KINDS.map((k, i) => [k, i]));
  changes.sort((x, y) => (order.get(x.kind) ?? 0) - (order.get(y.kind) ?? 0));
  const counts = emptyCounts();
  for (const c of changes) counts[c.kind][c.change]++;
  return { ok: true, diff: { changes, counts } };
}

/** The before side: each item's value by the hash of its id. */
class ItemIndex extends ItemSink {
  readonly values = new Map<string, string>();

  protected add(full: Required<TrsxItem>): void {
    const { hash } = numberedItem(full.kind, full.key, idHash, (h) => this.values.has(h));
    this.values.set(hash, this.intern(full.value));
  }
}

/** What the index holds for an id the after side has met (no item value is ever empty: values are JSON). */
const MET = '';

/**
 * The after side, matched against the before side's index. Ids met are marked in the index itself rather than
 * in a set of their own (large files: one hash per item, not two), so what is left unmarked was removed.
 */
class ItemMatcher extends ItemSink {
  readonly added: TrsxItem[] = [];
  readonly changed: { before: TrsxItem; after: TrsxItem }[] = [];

  constructor(private readonly index: Map<string, string>) {
    super();
  }

  protected add(full: Required<TrsxItem>): void {
    const { key, hash } = numberedItem(full.kind, full.key, idHash, (h) => this.index.get(h) === MET);
    const value = this.index.get(hash);
    this.index.set(hash, MET);
    const item: TrsxItem = { kind: full.kind, key, value: full.value, source: full.source };
    if (value === undefined) this.added.push(item);
    else if (value !== full.value) this.changed.push({ before: { kind: full.kind, key, value }, after: item });
  }

  /** Call once the after side is walked: the before side's ids it did not meet. */
  unmatched(): Set<string> {
    const out = new Set<string>();
    for (const [hash, value] of this.index) if (value !== MET) out.add(hash);
    return out;
  }
}

/** The before side walked again for the items whose hashes `removed` holds. */
class RemovedItems extends ItemSink {
  readonly items: TrsxItem[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly removed: ReadonlySet<string>) {
    super();
  }

  protected add(full: Required<TrsxItem>): void {
    const { key, hash } = numberedItem(full.kind, full.key, idHash, (h) => this.seen.has(h));
    this.seen.add(hash);
    if (this.removed.has(hash)) this.items.push({ kind: full.kind, key, value: full.value });
  }
}

/** `count: 1 → 3, excluded: false → true` from two canonical values. */
export function describeValueChange(before: string, after: string): string {
  let b: unknown;
  let a: unknown;
  try {
    b = JSON.parse(before);
    a = JSON.parse(after);
  } catch {
    return 'changed';
  }
  if (!isRecord(b) || !isRecord(a)) return 'changed';
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  const parts = keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`);
  return parts.join(', ') || 'changed';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  if (v === undefined) return '(none)';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** One line per kind with changes: `samples +3 −1 ~2`. */
export function summarizeCounts(counts: ChangeCounts): string[] {
  const names: Record<ItemKind, string> = {
    header: 'header',
    intent: 'intents',
    entity: 'entities',
    literal: 'literals',
    sample: 'samples',
  };
  const out: string[] = [];
  for (const k of ITEM_KINDS) {
    const c = counts[k];
    const parts = [
      c.added ? `+${c.added}` : '',
      c.removed ? `−${c.removed}` : '',
      c.changed ? `~${c.changed}` : '',
    ].filter(Boolean);
    if (parts.length > 0) out.push(`${names[k]} ${parts.join(' ')}`);
  }
  return out;
}
