// Runs semantic tags outside this process, with hard limits `vm` alone cannot give: the tag process
// (sisrProcess.ts) has a capped heap, and a job that outlives its time budget (a built-in call the VM's timeout
// cannot interrupt, like `new Array(6e8).fill(0)`) is stopped by killing it. A process rather than a worker
// thread because a heap exhausted inside a built-in is a fatal V8 error that would abort the whole process a
// worker lives in. Either way the caller gets a semantic error naming the tag that ran (the tag process reports
// each tag as it starts, on a pipe), and its own process stays up. One tag process serves every job in turn
// (starting one costs tens of milliseconds); it is started again only after a kill. Owned by whoever matches
// sentences (a CLI command, the editor's tester), and disposed with it.
// Jobs are pipelined: each is sent as soon as it is asked for, and the tag process runs them in order, so a
// batch of sentences does not wait for a round trip per sentence. Only the oldest unanswered job is running;
// its time budget starts when the one before it was answered. When the process has to be killed, that job
// gets the error and the jobs sent after it are sent again to a new process: none is lost or run twice.

import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  MEMORY_CAP_ENV,
  NO_TAG,
  runningTag,
  type SequencedJob,
  type SequencedReply,
  type TagJob,
  type TagReply,
} from './tagJob';

export interface TagEvaluatorOptions {
  /** Heap cap of the tag process in MB (default 64). */
  maxHeapMb?: number;
  /**
   * The tag process's whole memory (resident set) in MB, typed arrays and ArrayBuffers included, which the heap
   * cap does not count (default 256; a watchdog thread in the process kills it past this, ~5 MB late at most).
   */
  maxMemoryMb?: number;
  /** How long past a job's own time budget the tag process may take before it is killed (default 500 ms). */
  graceMs?: number;
  /** The tag process's script (default: sisrProcess.js beside this module, where both build layouts put it). */
  scriptPath?: string;
}

export const DEFAULT_TAG_HEAP_MB = 64;
/** Node itself takes ~45 MB and the heap 64 MB more: this leaves tags ~150 MB of arrays, and bounds the worst well under 512 MB. */
export const DEFAULT_TAG_MEMORY_MB = 256;
/** Covers what the job does besides running tags (a fresh VM context, compiling them) on a busy machine. */
const DEFAULT_GRACE_MS = 500;

interface Pending {
  seq: number;
  job: TagJob;
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve(reply: TagReply): void;
  /** Answered (or cancelled): never sent again. */
  done?: boolean;
}

interface Running {
  child: ChildProcess;
  progress: Readable;
  /** The last tag the process reported as started: [job seq, rule, tag]. */
  at: [number, number, number];
  /** The resident set (bytes) the process's watchdog saw past the memory cap, before it killed the process. */
  overMemory?: number;
  /** Unparsed rest of the progress stream. */
  partial: string;
  /** The process said it is ready (its start-up does not count against a job's time). */
  ready: boolean;
  /** Sent and not yet answered, oldest (the running one) first. */
  sent: Pending[];
  timer?: NodeJS.Timeout;
  /** Why the process was stopped, when this evaluator stopped it. */
  stoppedFor?: 'timeout' | 'cancel';
  closed: Promise<void>;
}

export class TagEvaluator {
  private current: Running | undefined;
  private disposed = false;
  private seq = 0;
  /** Tag processes started so far (a test reads it to check reuse). */
  started = 0;

  constructor(private readonly options: TagEvaluatorOptions = {}) {}

  /** The tag process's id while one runs (a test reads its memory from /proc). */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  /** Evaluates one job; never rejects (failures are `{ error }`). Jobs run one after another, in the order asked. */
  evaluate(job: TagJob, signal?: AbortSignal): Promise<TagReply> {
    if (this.disposed) return Promise.resolve({ error: 'semantic tags were not evaluated: the evaluator was stopped' });
    if (signal?.aborted) return Promise.resolve({ error: 'semantic evaluation was cancelled' });
    return new Promise<TagReply>((resolve) => {
      const pending: Pending = { seq: ++this.seq, job, signal, resolve };
      if (signal) {
        pending.onAbort = () => this.cancel(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.send(pending);
    });
  }

  dispose(): void {
    this.disposed = true;
    const running = this.current;
    if (!running) return;
    this.current = undefined;
    clearTimeout(running.timer);
    running.child.kill('SIGKILL');
    for (const p of running.sent.splice(0))
      this.settle(p, { error: 'semantic tags were not evaluated: the evaluator was stopped' });
  }

  private send(pending: Pending): void {
    const running = this.ensure();
    running.sent.push(pending);
    if (running.sent.length === 1) {
      this.hold(running, true);
      this.arm(running);
    }
    running.child.send({ seq: pending.seq, job: pending.job } satisfies SequencedJob);
  }

  /** The oldest unanswered job's time budget runs from now (once the process is ready). */
  private arm(running: Running): void {
    clearTimeout(running.timer);
    running.timer = undefined;
    const head = running.sent[0];
    if (!head || !running.ready) return;
    running.timer = setTimeout(
      () => this.kill(running, 'timeout'),
      head.job.timeoutMs + (this.options.graceMs ?? DEFAULT_GRACE_MS),
    );
  }

  private cancel(pending: Pending): void {
    const running = this.current;
    const index = running?.sent.indexOf(pending) ?? -1;
    if (running && index === 0) {
      this.kill(running, 'cancel');
      return;
    }
    if (running && index > 0) running.sent.splice(index, 1); // its reply, if it comes, is for no one
    this.settle(pending, { error: 'semantic evaluation was cancelled' });
  }

  private settle(pending: Pending, reply: TagReply): void {
    pending.done = true;
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    pending.resolve(reply);
  }

  private onMessage(running: Running, message: SequencedReply | { ready: true }): void {
    if ('ready' in message) {
      running.ready = true;
      this.arm(running);
      return;
    }
    const index = running.sent.findIndex((p) => p.seq === message.seq);
    if (index < 0) return; // cancelled while it ran
    const [pending] = running.sent.splice(0, index + 1); // replies come in order: nothing before it is waiting
    const { seq: _seq, ...reply } = message;
    this.arm(running);
    if (running.sent.length === 0) this.hold(running, false);
    if (pending) this.settle(pending, reply as TagReply);
  }

  private kill(running: Running, why: 'timeout' | 'cancel'): void {
    running.stoppedFor = why;
    running.child.kill('SIGKILL');
  }

  /** The process is gone: the running job gets the error; the jobs sent after it go to a new process. */
  private async onExit(running: Running, code: number | null, signal: string | null): Promise<void> {
    clearTimeout(running.timer);
    if (this.current === running) this.current = undefined;
    const [head, ...rest] = running.sent.splice(0);
    if (!head) return;
    await running.closed; // every progress line the process wrote is read by now
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    const memoryMb = this.options.maxMemoryMb ?? DEFAULT_TAG_MEMORY_MB;
    const [seq, rule, index] = running.at;
    const tag = (seq === head.seq ? runningTag(head.job, rule, index) : undefined) ?? 'a semantic tag';
    const error =
      running.stoppedFor === 'cancel'
        ? 'semantic evaluation was cancelled'
        : running.stoppedFor === 'timeout'
          ? `${tag} was stopped: ran longer than the ${head.job.timeoutMs} ms time limit (in a call that could not be interrupted)`
          : running.overMemory !== undefined
            ? `${tag} was stopped: it used more than the ${memoryMb} MB memory limit of semantic tags (${Math.round(running.overMemory / 1e6)} MB, arrays included)`
            : signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134
              ? `${tag} was stopped: it used more than the ${heapMb} MB heap limit of semantic tags`
              : `${tag} stopped the semantic evaluator (exit ${signal ?? code})`;
    this.settle(head, { error });
    for (const p of rest.filter((r) => r.done !== true)) {
      if (this.disposed) this.settle(p, { error: 'semantic tags were not evaluated: the evaluator was stopped' });
      else this.send(p);
    }
  }

  private ensure(): Running {
    if (this.current) return this.current;
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    const child = fork(this.options.scriptPath ?? defaultScriptPath(), [], {
      execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${Math.max(1, Math.floor(heapMb / 16))}`],
      env: {
        ...process.env,
        CSTUDIO_SISR_PROCESS: '1',
        NODE_OPTIONS: '',
        [MEMORY_CAP_ENV]: String((this.options.maxMemoryMb ?? DEFAULT_TAG_MEMORY_MB) * 1024 * 1024),
      },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.started++;
    const progress = child.stdio[3] as Readable;
    const running: Running = {
      child,
      progress,
      at: [0, NO_TAG, 0],
      partial: '',
      ready: false,
      sent: [],
      closed: new Promise((resolve) => child.once('close', () => resolve())),
    };
    progress.setEncoding('utf8');
    progress.on('data', (chunk: string) => {
      const lines = (running.partial + chunk).split('\n');
      running.partial = lines.pop() ?? '';
      // "M <bytes>": the watchdog's last word before it kills the process (over the memory cap).
      let last: string | undefined;
      for (const line of lines)
        if (line.startsWith('M ')) running.overMemory = Number(line.slice(2));
        else last = line;
      if (last !== undefined) {
        const [seq, rule, tag] = last.split(' ').map(Number);
        running.at = [seq ?? 0, rule ?? NO_TAG, tag ?? 0];
      }
    });
    child.on('message', (message: SequencedReply | { ready: true }) => this.onMessage(running, message));
    child.on('error', (e) => {
      if (this.current === running) this.current = undefined;
      if (child.pid !== undefined) return; // it started: its exit settles the jobs
      for (const p of running.sent.splice(0))
        this.settle(p, { error: `semantic tags were not evaluated: the tag process could not start (${e.message})` });
    });
    child.once('exit', (code, signal) => {
      void this.onExit(running, code, signal);
    });
    this.hold(running, false);
    this.current = running;
    return running;
  }

  /** An idle tag process never keeps this process alive; a busy one must, until it answers. */
  private hold(running: Running, busy: boolean): void {
    const handles = [running.child, running.child.channel, running.progress] as (
      | { ref(): void; unref(): void }
      | null
      | undefined
    )[];
    for (const h of handles)
      if (busy) h?.ref();
      else h?.unref();
  }
}

/** sisrProcess.js beside this module: transpiled tests keep src/'s layout, and the bundles are all in dist/. */
function defaultScriptPath(): string {
  const beside = join(__dirname, 'sisrProcess.js');
  if (existsSync(beside)) return beside;
  throw new Error(`the semantic tag process ${beside} is missing; rebuild with "npm run build"`);
}
