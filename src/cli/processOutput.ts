// The one writer of the CLI's standard output. It honours the pipe's backpressure (a command that streams
// awaits `ready()` between records, so it stops fetching while a slow reader catches up instead of queueing
// everything in memory) and treats a reader that went away (EPIPE: `| head -n 5`) as the normal end of
// output, as Unix tools do: the command is stopped and the process exits 0 without a stack trace.

/** The abort reason when standard output's reader has gone: not a cancellation by the user. */
export class OutputClosed extends Error {
  constructor() {
    super('Standard output was closed by its reader.');
    this.name = 'OutputClosed';
  }
}

/** Whether an operation ended because the output's reader went away (so the command ends quietly with 0). */
export function outputClosed(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof OutputClosed;
}

/** The error codes of a write to a reader that is gone (a closed pipe or socket). */
const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

export class ProcessOutput {
  private closed = false;
  private waiting: Promise<void> | undefined;
  private release: (() => void) | undefined;

  /**
   * `onClosed` is told once when writing stopped: no error when the reader has gone (EPIPE), else the failure.
   * `onWaiting`, when given, is told each time the command starts waiting for a slow reader (a debug trace).
   */
  constructor(
    private readonly stream: NodeJS.WritableStream & { writableNeedDrain?: boolean },
    private readonly onClosed: (error: Error | undefined) => void,
    private readonly onWaiting?: () => void,
  ) {
    stream.on('error', (err: NodeJS.ErrnoException) => this.close(GONE.has(err.code ?? '') ? undefined : err));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write(text: string): void {
    if (this.closed) return;
    this.stream.write(text);
  }

  /** Resolves once the stream takes more without queueing: at once, after 'drain', or when the reader is gone. */
  ready(): Promise<void> {
    if (this.closed || this.stream.writableNeedDrain !== true) return Promise.resolve();
    if (this.waiting) return this.waiting;
    this.onWaiting?.();
    this.waiting = new Promise<void>((resolve) => {
      const done = (): void => {
        this.stream.off('drain', done);
        this.waiting = undefined;
        this.release = undefined;
        resolve();
      };
      this.release = done;
      this.stream.on('drain', done);
    });
    return this.waiting;
  }

  private close(error: Error | undefined): void {
    if (this.closed) return;
    this.closed = true;
    this.release?.();
    this.onClosed(error);
  }
}
