// Paged list endpoints as async iterators (`for await (const p of client.projects.list())`), fetching
// pages with limit/offset only as the consumer asks for more.
import { throwIfAborted } from '../progress';
import { CancelledError } from './errors';
import type { Page } from './types';

export type PageFetcher<T> = (limit: number, offset: number, signal?: AbortSignal) => Promise<Page<T>>;

export interface ListOptions {
  /** Items per request (default 100; the sandbox caps pages at 1000). */
  readonly pageSize?: number;
  readonly signal?: AbortSignal;
}

export const DEFAULT_PAGE_SIZE = 100;

/** Yields every item, page by page, until a short page or `totalSize` says the list is done. */
export async function* paginate<T>(fetchPage: PageFetcher<T>, options: ListOptions = {}): AsyncGenerator<T> {
  const limit = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
  let offset = 0;
  for (;;) {
    try {
      throwIfAborted(options.signal);
    } catch (cause) {
      throw new CancelledError('Cancelled while listing', { cause });
    }
    const page = await fetchPage(limit, offset, options.signal);
    for (const item of page.items) yield item;
    if (!page.hasMore) return;
    offset += page.items.length;
  }
}

/** Collects a paged list into an array (for callers that need it whole). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
