// One partition of a topic: records in offset order, each kept as its serialized JSON record (the exact
// text Get Records sends), so a fetch concatenates strings instead of re-serializing objects. Offsets
// start at `beginning` (raised when retention drops old records) and the next append gets `end`.

export interface ReadResult {
  texts: string[];
  /** Sum of the texts' lengths: what `fetch.min.bytes` and `max_bytes` count. */
  bytes: number;
  /** The offset after the last record read. */
  next: number;
}

export class PartitionLog {
  private texts: string[] = [];
  /** Index in `texts` of the record at `beginning`; dropped records are spliced away in batches. */
  private head = 0;
  private first = 0;

  constructor(beginning = 0, texts: string[] = []) {
    this.first = beginning;
    this.texts = texts;
  }

  /** First available offset. */
  get beginning(): number {
    return this.first;
  }

  /** The offset the next record will get (Kafka's high watermark). */
  get end(): number {
    return this.first + this.texts.length - this.head;
  }

  get size(): number {
    return this.texts.length - this.head;
  }

  /** Appends one record; `build` receives its offset and returns the record's JSON text. */
  append(build: (offset: number) => string): string {
    const text = build(this.end);
    this.texts.push(text);
    return text;
  }

  /** Up to `maxRecords` records from `from`, stopping before `maxBytes` is exceeded (at least one record). */
  read(from: number, maxRecords: number, maxBytes: number): ReadResult {
    const start = Math.max(from, this.first);
    const texts: string[] = [];
    let bytes = 0;
    let at = start;
    for (let i = this.head + (start - this.first); i < this.texts.length && texts.length < maxRecords; i++, at++) {
      const text = this.texts[i] as string;
      if (texts.length > 0 && bytes + text.length > maxBytes) break;
      texts.push(text);
      bytes += text.length;
    }
    return { texts, bytes, next: at };
  }

  /** Bytes available from `from` up to `limit` (stops counting once reached). */
  bytesFrom(from: number, limit: number): number {
    let bytes = 0;
    for (let i = this.head + Math.max(0, from - this.first); i < this.texts.length && bytes < limit; i++)
      bytes += (this.texts[i] as string).length;
    return bytes;
  }

  /** Drops the oldest records beyond `retention`; returns how many were dropped. */
  trim(retention: number): number {
    const excess = this.size - retention;
    if (excess <= 0) return 0;
    this.head += excess;
    this.first += excess;
    // Splice in batches so trimming stays O(1) amortized per record.
    if (this.head > 4096 && this.head > this.texts.length / 2) {
      this.texts = this.texts.slice(this.head);
      this.head = 0;
    }
    return excess;
  }

  /** The retained records' texts, oldest first (for compaction). */
  retained(): string[] {
    return this.texts.slice(this.head);
  }
}
