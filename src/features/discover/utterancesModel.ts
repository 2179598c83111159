// What the Utterances view shows, without VS Code: the reviewed utterances kept (at most `capacity`, oldest
// dropped first, so memory stays bounded on a busy topic), grouped by intent, narrowed by the filter and the
// ignore list, lowest confidence first, handed out a page at a time. Changes are announced at most once per
// `batchMs` while records stream in, so a fast stream does not redraw the tree for every utterance.
import { compileDiscoverFilter, type DiscoverFilter } from '../../core/discover/filters';
import type { ReviewItem } from '../../core/discover/review';

/** Rows of an intent shown at first, and added by each "Show more" (the view's page; bench/discover.ts pages the same). */
export const PAGE_SIZE = 200;

export interface IntentGroup {
  readonly intent: string;
  readonly count: number;
}

export class UtterancesModel {
  private readonly items = new Map<string, ReviewItem>();
  private filter: DiscoverFilter = {};
  private test = compileDiscoverFilter({});
  private ignored = new Set<string>();
  /** Groups of the current filter, computed on demand after a change. */
  private grouped: Map<string, ReviewItem[]> | undefined;
  private listeners: Array<() => void> = [];
  private pending: NodeJS.Timeout | undefined;

  constructor(
    private readonly capacity = 100_000,
    private readonly batchMs = 200,
  ) {}

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  }

  get size(): number {
    return this.items.size;
  }

  get currentFilter(): DiscoverFilter {
    return this.filter;
  }

  add(item: ReviewItem): void {
    this.items.delete(item.utterance.id);
    this.items.set(item.utterance.id, item);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as string);
    this.changed(false);
  }

  /** An utterance now a sample (added from the view): it is in training from now on. */
  markInTraining(id: string, intent: string): void {
    const item = this.items.get(id);
    if (!item) return;
    this.items.set(id, {
      utterance: item.utterance,
      training: { inTraining: true, intents: [...new Set([...item.training.intents, intent])] },
    });
    this.changed(true);
  }

  setFilter(filter: DiscoverFilter): void {
    this.filter = filter;
    this.test = compileDiscoverFilter(filter);
    this.changed(true);
  }

  setIgnored(ids: ReadonlySet<string>): void {
    this.ignored = new Set(ids);
    this.changed(true);
  }

  clear(): void {
    this.items.clear();
    this.changed(true);
  }

  get(id: string): ReviewItem | undefined {
    return this.items.get(id);
  }

  groups(): IntentGroup[] {
    return [...this.view().entries()]
      .map(([intent, list]) => ({ intent, count: list.length }))
      .sort((a, b) => a.intent.localeCompare(b.intent));
  }

  /** Up to `limit` utterances of an intent, lowest confidence first. */
  page(intent: string, limit: number): ReviewItem[] {
    return (this.view().get(intent) ?? []).slice(0, limit);
  }

  private view(): Map<string, ReviewItem[]> {
    if (this.grouped) return this.grouped;
    const groups = new Map<string, ReviewItem[]>();
    for (const item of this.items.values()) {
      if (this.ignored.has(item.utterance.id) || !this.test(item.utterance, item.training)) continue;
      const list = groups.get(item.utterance.intent);
      if (list) list.push(item);
      else groups.set(item.utterance.intent, [item]);
    }
    for (const list of groups.values()) list.sort((a, b) => a.utterance.confidence - b.utterance.confidence);
    this.grouped = groups;
    return groups;
  }

  private changed(now: boolean): void {
    this.grouped = undefined;
    if (now) {
      this.flush();
      return;
    }
    this.pending ??= setTimeout(() => this.flush(), this.batchMs);
  }

  /** Announces a change now (and cancels a batched one). */
  flush(): void {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
    }
    for (const l of this.listeners) l();
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.listeners = [];
  }
}
