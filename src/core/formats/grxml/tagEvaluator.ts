// Runs semantic tags outside this process, with hard limits `vm` alone cannot give: the tag process
// (sisrProcess.ts) has a capped heap, and a job that outlives its time budget (a built-in call the VM's timeout
// cannot interrupt, like `new Array(6e8).fill(0)`) is stopped by killing it. A process rather than a worker
// thread because a heap exhausted inside a built-in is a fatal V8 error that would abort the whole process a
// worker lives in. Either way the caller gets a semantic error naming the tag that ran (the tag process reports
// each tag as it starts, on a pipe), and its own process stays up. One tag process serves every job in turn
// (starting one costs tens of milliseconds); it is started again only after a kill. Owned by whoever matches
// sentences (a CLI command, the editor's tester), and disposed with it.

import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { NO_TAG, runningTag, type TagJob, type TagReply } from './tagJob';

export interface TagEvaluatorOptions {
  /** Heap cap of the tag process in MB (default 64). */
  maxHeapMb?: number;
  /** How long past a job's own time budget the tag process may take before it is killed (default 500 ms). */
  graceMs?: number;
  /** The tag process's script (default: sisrProcess.js beside this module, where both build layouts put it). */
  scriptPath?: string;
}

export const DEFAULT_TAG_HEAP_MB = 64;
/** Covers what the job does besides running tags (a fresh VM context, compiling them) on a busy machine. */
const DEFAULT_GRACE_MS = 500;

interface Running {
  child: ChildProcess;
  progress: Readable;
  /** The last tag the process reported as started: [rule, tag]. */
  at: [number, number];
  /** Unparsed rest of the progress stream. */
  partial: string;
  /** The process said it is ready (its start-up does not count against a job's time). */
  ready: boolean;
  closed: Promise<void>;
}

export class TagEvaluator {
  private current: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** Tag processes started so far (a test reads it to check reuse). */
  started = 0;

  constructor(private readonly options: TagEvaluatorOptions = {}) {}

  /** Evaluates one job; never rejects (failures are `{ error }`). Jobs run one after another. */
  evaluate(job: TagJob, signal?: AbortSignal): Promise<TagReply> {
    const run = this.queue.then(() => this.run(job, signal));
    this.queue = run;
    return run;
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private async run(job: TagJob, signal: AbortSignal | undefined): Promise<TagReply> {
    if (this.disposed) return { error: 'semantic tags were not evaluated: the evaluator was stopped' };
    if (signal?.aborted) return { error: 'semantic evaluation was cancelled' };
    const running = this.ensure();
    const { child } = running;
    running.at = [NO_TAG, 0];
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    const graceMs = this.options.graceMs ?? DEFAULT_GRACE_MS;
    const outcome = await new Promise<{ reply: TagReply } | { died: 'timeout' | 'exit' | 'cancel'; code?: number | null; signal?: string | null }>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (value: { reply: TagReply } | { died: 'timeout' | 'exit' | 'cancel'; code?: number | null; signal?: string | null }): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onMessage = (message: TagReply | { ready: true }): void => {
        if ('ready' in message) { arm(); return; }
        finish({ reply: message });
      };
      const onExit = (code: number | null, sig: string | null): void => finish({ died: 'exit', code, signal: sig });
      const onAbort = (): void => finish({ died: 'cancel' });
      // The budget counts from when the process is ready: starting it is not the tags' time.
      function arm(): void {
        running.ready = true;
        timer = setTimeout(() => finish({ died: 'timeout' }), job.timeoutMs + graceMs);
      }
      child.on('message', onMessage);
      child.on('exit', onExit);
      signal?.addEventListener('abort', onAbort);
      if (running.ready) arm();
      this.hold(running, true);
      child.send(job);
    });
    if ('reply' in outcome) {
      this.hold(running, false);
      return outcome.reply;
    }
    this.stop(running);
    await running.closed; // every progress line the process wrote is read by now
    const tag = runningTag(job, running.at[0], running.at[1]) ?? 'a semantic tag';
    switch (outcome.died) {
      case 'cancel': return { error: 'semantic evaluation was cancelled' };
      case 'timeout': return { error: `${tag} was stopped: ran longer than the ${job.timeoutMs} ms time limit (in a call that could not be interrupted)` };
      case 'exit': return {
        error: outcome.signal === 'SIGABRT' || outcome.signal === 'SIGTRAP' || outcome.code === 134
          ? `${tag} was stopped: it used more than the ${heapMb} MB memory limit of semantic tags`
          : `${tag} stopped the semantic evaluator (exit ${outcome.signal ?? outcome.code})`,
      };
    }
  }

  private ensure(): Running {
    if (this.current) return this.current;
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    const child = fork(this.options.scriptPath ?? defaultScriptPath(), [], {
      execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${Math.max(1, Math.floor(heapMb / 16))}`],
      env: { ...process.env, CSTUDIO_SISR_PROCESS: '1', NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.started++;
    const progress = child.stdio[3] as Readable;
    const running: Running = {
      child, progress, at: [NO_TAG, 0], partial: '', ready: false,
      closed: new Promise((resolve) => child.once('close', () => resolve())),
    };
    progress.setEncoding('utf8');
    progress.on('data', (chunk: string) => {
      const lines = (running.partial + chunk).split('\n');
      running.partial = lines.pop() ?? '';
      const last = lines[lines.length - 1];
      if (last !== undefined) {
        const [rule, tag] = last.split(' ').map(Number);
        running.at = [rule ?? NO_TAG, tag ?? 0];
      }
    });
    child.on('error', () => { if (this.current === running) this.current = undefined; });
    child.on('exit', () => { if (this.current === running) this.current = undefined; });
    this.hold(running, false);
    this.current = running;
    return running;
  }

  /** An idle tag process never keeps this process alive; a busy one must, until it answers. */
  private hold(running: Running, busy: boolean): void {
    const handles = [running.child, running.child.channel, running.progress] as ({ ref(): void; unref(): void } | null | undefined)[];
    for (const h of handles) if (busy) h?.ref(); else h?.unref();
  }

  private stop(running = this.current): void {
    if (!running) return;
    if (this.current === running) this.current = undefined;
    running.child.kill('SIGKILL');
  }
}

/** sisrProcess.js beside this module: transpiled tests keep src/'s layout, and the bundles are all in dist/. */
function defaultScriptPath(): string {
  const beside = join(__dirname, 'sisrProcess.js');
  if (existsSync(beside)) return beside;
  throw new Error(`the semantic tag process ${beside} is missing; rebuild with "npm run build"`);
}
