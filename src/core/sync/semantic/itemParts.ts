// What an item's key and canonical value say, for code that holds only one side's model objects (the
// before side of a diff is read without sources to save memory).
import type { TrsxItem } from './trsxItems';

/** The intent of a sample, or the entity of a literal (the first part of their keys). */
export function owner(item: TrsxItem): string {
  return item.key.split('\u0000')[0] ?? '';
}

export interface IntentValue {
  readonly sourceref?: string;
  readonly links: readonly string[];
}

export function intentValue(item: TrsxItem): IntentValue {
  const v = JSON.parse(item.value) as Partial<IntentValue>;
  return { sourceref: v.sourceref, links: v.links ?? [] };
}

/** A sample's attributes (count, excluded, …) from its canonical value. */
export function sampleAttributes(item: TrsxItem): Record<string, unknown> & { count: number } {
  const v = JSON.parse(item.value) as Record<string, unknown>;
  return { ...v, count: typeof v.count === 'number' ? v.count : 1 };
}
