// The contract every CLI command module implements. main.ts owns dispatch; a command owns its flags,
// its output and its exit code (0 ok, 1 failure/rejection, 2 usage or invalid input).

export interface CliIO {
  stdout(text: string): void;
  /**
   * Resolves when standard output can take more without queueing in memory. Commands that stream (logs tail)
   * await it between records, so they stop fetching while a slow reader catches up. Absent: never waits.
   */
  stdoutReady?(): Promise<void>;
  stderr(text: string): void;
  /** Reads one answer from the user (for confirmations); undefined when stdin is not interactive. */
  prompt?(question: string): Promise<string | undefined>;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Aborted on SIGINT; every long operation must honour it. */
  readonly signal: AbortSignal;
}

export interface CliCommand {
  /** Words that select the command, e.g. `['validate']` or `['projects', 'list']`. */
  readonly path: readonly string[];
  readonly summary: string;
  /** Usage text printed for `--help` and on usage errors. */
  readonly usage: string;
  /**
   * Exit code when the command fails with an unexpected error (default 1). Commands whose 1 is a verdict
   * ("errors found", "rejected") say 2, so CI never reads a failure to judge as a judgment.
   */
  readonly failureExitCode?: number;
  /**
   * The command only reads and prints (nothing a signal could leave half done), and may compute for long in
   * one synchronous stretch (validating or matching a huge grammar), during which a JavaScript signal handler
   * cannot run: main installs none, so SIGINT and SIGTERM end it at once by their default action.
   */
  readonly stopsAtOnce?: boolean;
  run(args: string[], io: CliIO): Promise<number>;
}

/** A usage problem: main prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
