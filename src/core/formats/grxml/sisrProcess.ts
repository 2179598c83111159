// The tag process's entry point (forked by tagEvaluator.ts with a capped heap): runs each job in the sandbox
// (sisrSandbox.ts) and answers with the root's value or a semantic error. Which tag starts is written, one short
// line per tag, to file descriptor 3 (a pipe the parent reads): written synchronously, so the parent still knows
// the tag after it had to kill this process (a built-in call that blocks, or a heap exhausted in one).
// A batch of sentences against one grammar reuses one sandbox context (a new one costs milliseconds, a
// sentence's tags microseconds): the same header tags, and a context the previous job left as new.

import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SemanticError, SisrSandbox } from './sisrSandbox';
import {
  MEMORY_CAP_ENV,
  NO_TAG,
  runningTag,
  type SequencedJob,
  type SequencedReply,
  type TagJob,
  type TagReply,
} from './tagJob';

export const PROGRESS_FD = 3;

/** How often the watchdog reads the resident set while a job runs: fresh pages fill at ~1 GB/s, ~5 MB between reads. */
const WATCHDOG_INTERVAL_MS = 5;

/**
 * The heap cap does not bound typed arrays and ArrayBuffers (`new Uint8Array(2**32 - 1).fill(1)` reached
 * 1.3 GB): their memory lives outside V8's heap, and a tag filling one is a built-in call nothing on this
 * thread can interrupt. A thread of its own reads the whole process's resident set and, past the cap, says
 * so on the progress pipe ("M <bytes>", synchronously, so the parent reads it) and kills the process. It
 * reads only while a job runs (`busy[0]` is 1) and sleeps in Atomics.wait otherwise, so an idle tag process
 * (the language server keeps one) costs no wake-ups. Its code is a string: the bundles have no file of it.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { cap, fd, interval, busy } = workerData;
for (;;) {
  Atomics.wait(busy, 0, 0);
  do {
    const rss = process.memoryUsage.rss();
    if (rss > cap) {
      try { writeSync(fd, 'M ' + rss + '\\n'); } catch (e) { /* the parent stopped reading */ }
      process.kill(process.pid, 'SIGKILL');
    }
  } while (Atomics.wait(busy, 0, 1, interval) !== 'not-equal' && Atomics.load(busy, 0) === 1);
}
`;

/** Starts the watchdog; the returned flag is 1 while a job runs. */
function startMemoryWatchdog(cap: number): Int32Array {
  const busy = new Int32Array(new SharedArrayBuffer(4));
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: { cap, fd: PROGRESS_FD, interval: WATCHDOG_INTERVAL_MS, busy },
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
  });
  watchdog.unref(); // the IPC channel decides when this process ends
  return busy;
}

function setBusy(flag: Int32Array | undefined, busy: boolean): void {
  if (!flag) return;
  Atomics.store(flag, 0, busy ? 1 : 0);
  Atomics.notify(flag, 0);
}

/**
 * Header tags run at global scope again for every job, which is how their variables start afresh; top-level
 * `let`, `const` and `class` cannot be declared twice in one context, so such headers get a new context each
 * time (the test may refuse a header that merely mentions the words).
 */
const LEXICAL_DECLARATION = /\b(?:let|const|class)\b/;

export class TagJobRunner {
  private kept: { sandbox: SisrSandbox; headers: string } | undefined;
  private finish: (() => void) | undefined;
  /** Contexts created so far (a test reads it to check reuse). */
  created = 0;

  constructor(private readonly progressFd?: number) {}

  /** `seq` names the job in the progress lines (the parent may have sent the next jobs already). */
  run(job: TagJob, seq = 0): TagReply {
    this.settle();
    const headers = JSON.stringify(job.globals.map((g) => g.code));
    const reusable = !job.globals.some((g) => LEXICAL_DECLARATION.test(g.code));
    const sandbox = this.kept?.headers === headers ? this.kept.sandbox : this.fresh();
    this.kept = undefined;
    const at = [NO_TAG, 0];
    const fd = this.progressFd;
    sandbox.begin({
      timeoutMs: job.timeoutMs,
      progress: (rule, tag) => {
        at[0] = rule;
        at[1] = tag;
        if (fd === undefined) return;
        try {
          writeSync(fd, `${seq} ${rule} ${tag}\n`);
        } catch {
          /* the parent stopped reading: it no longer needs to know */
        }
      },
      describeRunning: () => runningTag(job, at[0] ?? NO_TAG, at[1] ?? 0),
    });
    let reply: TagReply;
    try {
      job.globals.forEach((g, i) => sandbox.runGlobal(g.code, g.label, i));
      job.rules.forEach((r, i) => sandbox.compileRule(r.tags, r.labels, r.label, i));
      reply = { value: sandbox.evaluate(job.root) };
    } catch (e) {
      reply =
        e instanceof SemanticError
          ? { error: e.message }
          : { error: `semantic tags could not be evaluated: ${e instanceof Error ? e.message : String(e)}` };
    }
    this.finish = () => {
      if (sandbox.reset() && reusable) this.kept = { sandbox, headers };
    };
    return reply;
  }

  /** Resets the context the last job used (done after its reply is sent, while the parent reads it). */
  settle(): void {
    const finish = this.finish;
    this.finish = undefined;
    finish?.();
  }

  private fresh(): SisrSandbox {
    this.created++;
    return new SisrSandbox();
  }
}

if (process.send !== undefined && process.env.CSTUDIO_SISR_PROCESS === '1') {
  const cap = Number(process.env[MEMORY_CAP_ENV]);
  const busy = cap > 0 ? startMemoryWatchdog(cap) : undefined;
  const runner = new TagJobRunner(PROGRESS_FD);
  process.on('message', ({ seq, job }: SequencedJob) => {
    setBusy(busy, true);
    process.send?.({ seq, ...runner.run(job, seq) } satisfies SequencedReply);
    runner.settle();
    setBusy(busy, false);
  });
  // Starting Node takes a while on a busy machine: the parent's clock for the first job starts from here.
  process.send({ ready: true });
}
