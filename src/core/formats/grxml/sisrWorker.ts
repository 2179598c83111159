// The tag worker's entry point (started by tagEvaluator.ts with a heap cap): runs each job in a fresh sandbox
// (sisrSandbox.ts) and answers with the root's value or a semantic error. A job that exhausts the heap or
// blocks in a built-in is stopped by the main thread, which then reads the progress array to name the tag.

import { parentPort, workerData } from 'node:worker_threads';
import { SemanticError, SisrSandbox } from './sisrSandbox';
import { runningTag, type TagJob, type TagReply } from './tagJob';

export function runTagJob(job: TagJob, progressBuffer: SharedArrayBuffer): TagReply {
  const progress = new Int32Array(progressBuffer);
  try {
    const sandbox = new SisrSandbox(job.timeoutMs, progressBuffer, () => runningTag(job, progress));
    job.globals.forEach((g, i) => sandbox.runGlobal(g.code, g.label, i));
    job.rules.forEach((r, i) => sandbox.compileRule(r.tags, r.labels, r.label, i));
    return { value: sandbox.evaluate(job.root) };
  } catch (e) {
    if (e instanceof SemanticError) return { error: e.message };
    return { error: `semantic tags could not be evaluated: ${e instanceof Error ? e.message : String(e)}` };
  }
}

const port = parentPort;
if (port) {
  const { progress } = workerData as { progress: SharedArrayBuffer };
  port.on('message', (job: TagJob) => port.postMessage(runTagJob(job, progress)));
}
