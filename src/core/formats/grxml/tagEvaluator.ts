// Runs semantic tags off the main thread, with hard limits `vm` alone cannot give: the tag worker
// (sisrWorker.ts) has a capped heap, and a job that outlives its time budget (a built-in call the VM's timeout
// cannot interrupt, like `new Array(6e8).fill(0)`) is stopped by terminating the worker. Either way the caller
// gets a semantic error naming the tag that ran, and its process stays up. One worker serves every job in turn
// (starting one costs tens of milliseconds); it is started again only after a kill. Owned by whoever matches
// sentences (a CLI command, the editor's tester), and disposed with it.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { NO_TAG, PROGRESS_SLOTS, runningTag, type TagJob, type TagReply } from './tagJob';

export interface TagEvaluatorOptions {
  /** Heap cap of the worker in MB (default 64). */
  maxHeapMb?: number;
  /** How long past a job's own time budget the worker may take before it is killed (default 250 ms). */
  graceMs?: number;
  /** The worker script (default: sisrWorker.js beside this module, which is where both build layouts put it). */
  scriptPath?: string;
}

export const DEFAULT_TAG_HEAP_MB = 64;
const DEFAULT_GRACE_MS = 250;

interface Running {
  worker: Worker;
  progress: Int32Array;
  online: boolean;
}

export class TagEvaluator {
  private current: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** Workers started so far (a test reads it to check reuse). */
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

  private run(job: TagJob, signal: AbortSignal | undefined): Promise<TagReply> {
    if (this.disposed) return Promise.resolve({ error: 'semantic tags were not evaluated: the evaluator was stopped' });
    if (signal?.aborted) return Promise.resolve({ error: 'semantic evaluation was cancelled' });
    const running = this.ensure();
    const { worker, progress } = running;
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    progress[0] = NO_TAG;
    return new Promise<TagReply>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const tag = (): string => runningTag(job, progress) ?? 'a semantic tag';
      const finish = (reply: TagReply, kill: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.off('online', arm);
        signal?.removeEventListener('abort', onAbort);
        if (kill) this.stop(running); else worker.unref();
        resolve(reply);
      };
      const onMessage = (reply: TagReply): void => finish(reply, false);
      const onError = (e: Error & { code?: string }): void => finish({
        error: e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `${tag()} was stopped: it used more than the ${heapMb} MB memory limit of semantic tags`
          : `${tag()} stopped the semantic evaluator: ${e.message}`,
      }, true);
      const onExit = (): void => finish({ error: `${tag()} stopped the semantic evaluator` }, true);
      const onAbort = (): void => finish({ error: 'semantic evaluation was cancelled' }, true);
      // The budget counts from when the worker can run the job: starting a worker is not the tags' time.
      function arm(): void {
        running.online = true;
        timer = setTimeout(() => finish({
          error: `${tag()} was stopped: ran longer than the ${job.timeoutMs} ms time limit (in a call that could not be interrupted)`,
        }, true), job.timeoutMs + graceMs);
      }
      const graceMs = this.options.graceMs ?? DEFAULT_GRACE_MS;
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort);
      if (running.online) arm(); else worker.once('online', arm);
      worker.ref(); // an idle worker never keeps the process alive; a busy one must, until it answers
      worker.postMessage(job);
    });
  }

  private ensure(): Running {
    if (this.current) return this.current;
    const heapMb = this.options.maxHeapMb ?? DEFAULT_TAG_HEAP_MB;
    const buffer = new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    const worker = new Worker(this.options.scriptPath ?? defaultScriptPath(), {
      workerData: { progress: buffer },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.floor(heapMb / 8)), stackSizeMb: 4 },
      stdout: false, stderr: false,
    });
    worker.unref();
    this.started++;
    const running: Running = { worker, progress: new Int32Array(buffer), online: false };
    // A worker that dies while idle (nothing listens then) is simply replaced by the next job.
    worker.on('error', () => { if (this.current === running) this.current = undefined; });
    worker.on('exit', () => { if (this.current === running) this.current = undefined; });
    this.current = running;
    return running;
  }

  private stop(running = this.current): void {
    if (!running) return;
    if (this.current === running) this.current = undefined;
    void running.worker.terminate();
  }
}

/** sisrWorker.js beside this module: transpiled tests keep src/'s layout, and the bundles are all in dist/. */
function defaultScriptPath(): string {
  const beside = join(__dirname, 'sisrWorker.js');
  if (existsSync(beside)) return beside;
  throw new Error(`the semantic tag worker ${beside} is missing; rebuild with "npm run build"`);
}
