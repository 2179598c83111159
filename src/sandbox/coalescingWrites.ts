// One write at a time, and at most one more queued behind it. A change made while a write is in flight is
// covered by the queued write (it snapshots when it starts), so many commits together cost two writes, and each
// caller's promise resolves only once a write that began after its call is durable. Used by the sandbox's
// store (store.ts) and the log consumers' committed offsets (logs/offsetStore.ts).
export class CoalescingWrites {
  private writing: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  /** `write` snapshots what it persists synchronously, before its first await. */
  constructor(private readonly write: () => Promise<void>) {}

  /** Resolves once everything changed before this call is written (rejects with that write's error). */
  request(): Promise<void> {
    if (!this.writing) {
      this.writing = this.write().finally(() => {
        this.writing = undefined;
      });
      return this.writing;
    }
    this.queued ??= this.writing
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.request();
      });
    return this.queued;
  }

  /** Waits for the writes in flight and queued; their errors belong to their requesters. */
  async flush(): Promise<void> {
    while (this.writing || this.queued) await (this.queued ?? this.writing)?.catch(() => undefined);
  }
}
