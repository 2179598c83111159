// The clock consumer idleness is measured on: the registry's time minus the time this process could not serve
// requests. When the event loop is held up (a busy machine, or the sandbox's own synchronous work such as a
// simulation), requests of a polling client wait in the socket queue; measured on the wall clock, that client
// would look idle and lose its consumer — and its partitions — to a stall of the server, not of the client.
// A timer ticks every `tickMs`; any gap between two observations longer than that is a stall, and is left out.

export class AwakeClock {
  private stalledMs = 0;
  private last: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly now: () => number,
    private readonly tickMs: number,
    onTick: () => void,
  ) {
    this.last = now();
    this.timer = setInterval(() => {
      this.observe();
      onTick();
    }, tickMs);
    this.timer.unref();
  }

  /** Milliseconds of the registry's clock during which the process was responsive. */
  read(): number {
    this.observe();
    return this.now() - this.stalledMs;
  }

  close(): void {
    clearInterval(this.timer);
  }

  // Called by the timer and by every read (requests), so a stall is seen by whichever runs first after it.
  private observe(): void {
    const now = this.now();
    const gap = now - this.last;
    if (gap > this.tickMs * 2) this.stalledMs += gap - this.tickMs;
    this.last = Math.max(this.last, now);
  }
}
