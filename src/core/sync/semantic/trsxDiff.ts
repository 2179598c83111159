// The semantic difference between two TRSX documents: which intents, entities, literals and samples were
// added, removed or changed, and whether the header changed. Line diffs would flag every re-indent and
// reorder; this says what the platform would see.
import type { TrsxDocument } from '../../formats/trsx/model';
import { ITEM_KINDS, itemLabel, trsxItems, type ItemKind, type TrsxItem, type TrsxItems } from './trsxItems';

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

export function diffTrsx(before: TrsxDocument, after: TrsxDocument): TrsxDiff {
  return diffItems(trsxItems(before), trsxItems(after));
}

export function diffItems(before: TrsxItems, after: TrsxItems): TrsxDiff {
  const changes: SemanticChange[] = [];
  const counts = emptyCounts();
  const push = (c: SemanticChange): void => {
    changes.push(c);
    counts[c.kind][c.change]++;
  };
  for (const [id, b] of before) {
    const a = after.get(id);
    if (!a) push({ kind: b.kind, change: 'removed', key: b.key, label: itemLabel(b), before: b });
    else if (a.value !== b.value) push({ kind: b.kind, change: 'changed', key: b.key, label: itemLabel(a), detail: describeValueChange(b.value, a.value), before: b, after: a });
  }
  for (const [id, a] of after) {
    if (!before.has(id)) push({ kind: a.kind, change: 'added', key: a.key, label: itemLabel(a), after: a });
  }
  const order = new Map(ITEM_KINDS.map((k, i) => [k, i]));
  changes.sort((x, y) => (order.get(x.kind) ?? 0) - (order.get(y.kind) ?? 0));
  return { changes, counts };
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
  const names: Record<ItemKind, string> = { header: 'header', intent: 'intents', entity: 'entities', literal: 'literals', sample: 'samples' };
  const out: string[] = [];
  for (const k of ITEM_KINDS) {
    const c = counts[k];
    const parts = [c.added ? `+${c.added}` : '', c.removed ? `−${c.removed}` : '', c.changed ? `~${c.changed}` : ''].filter(Boolean);
    if (parts.length > 0) out.push(`${names[k]} ${parts.join(' ')}`);
  }
  return out;
}
