// A fixed-capacity buffer that keeps the newest items: what a UI keeps of a stream (for "show the full
// record", "save logs", filters applied after the fact) so memory stays bounded at any volume.

export class RingBuffer<T> implements Iterable<T> {
  private readonly items: Array<T | undefined>;
  private start = 0;
  private length = 0;
  private droppedCount = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`A ring buffer needs a capacity ≥ 1 (got ${capacity}).`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.length;
  }

  /** Items pushed out because the buffer was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  push(item: T): void {
    if (this.length < this.capacity) {
      this.items[(this.start + this.length) % this.capacity] = item;
      this.length++;
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    this.droppedCount++;
  }

  /** The i-th oldest item kept. */
  at(index: number): T | undefined {
    return index >= 0 && index < this.length ? this.items[(this.start + index) % this.capacity] : undefined;
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.length = 0;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.length; i++) yield this.items[(this.start + i) % this.capacity] as T;
  }
}
