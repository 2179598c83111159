// The tag process's entry point (forked by tagEvaluator.ts with a capped heap): runs each job in a fresh sandbox
// (sisrSandbox.ts) and answers with the root's value or a semantic error. Which tag starts is written, one short
// line per tag, to file descriptor 3 (a pipe the parent reads): written synchronously, so the parent still knows
// the tag after it had to kill this process (a built-in call that blocks, or a heap exhausted in one).

import { writeSync } from 'node:fs';
import { SemanticError, SisrSandbox } from './sisrSandbox';
import { NO_TAG, runningTag, type TagJob, type TagReply } from './tagJob';

export const PROGRESS_FD = 3;

export function runTagJob(job: TagJob, progressFd?: number): TagReply {
  const at = [NO_TAG, 0];
  const progress = (rule: number, tag: number): void => {
    at[0] = rule;
    at[1] = tag;
    if (progressFd === undefined) return;
    try { writeSync(progressFd, `${rule} ${tag}\n`); } catch { /* the parent stopped reading: it no longer needs to know */ }
  };
  try {
    const sandbox = new SisrSandbox(job.timeoutMs, progress, () => runningTag(job, at[0] ?? NO_TAG, at[1] ?? 0));
    job.globals.forEach((g, i) => sandbox.runGlobal(g.code, g.label, i));
    job.rules.forEach((r, i) => sandbox.compileRule(r.tags, r.labels, r.label, i));
    return { value: sandbox.evaluate(job.root) };
  } catch (e) {
    if (e instanceof SemanticError) return { error: e.message };
    return { error: `semantic tags could not be evaluated: ${e instanceof Error ? e.message : String(e)}` };
  }
}

if (process.send !== undefined && process.env.CSTUDIO_SISR_PROCESS === '1') {
  process.on('message', (job: TagJob) => { process.send?.(runTagJob(job, PROGRESS_FD)); });
  // Starting Node takes a while on a busy machine: the parent's clock for the first job starts from here.
  process.send({ ready: true });
}


