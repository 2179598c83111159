// What the main process sends the tag process (sisrProcess.ts) and what it answers: one evaluation of a matched
// sentence's semantic tags. Plain data only (structured clone), so nothing host-side reaches the tag sandbox.

import type { SandboxInstance } from './sisrSandbox';

/** A grammar header tag, run at global scope before any rule's tags. */
export interface GlobalTag {
  code: string;
  /** Names the tag for people, e.g. `the header tag at line 4 of dates.grxml`. */
  label: string;
}

/** The tags of one rule, compiled into one function; instances refer to it by its index in `TagJob.rules`. */
export interface RuleTags {
  tags: string[];
  /** Names each tag for people, e.g. `the tag at line 12 (rule "time")`; same order as `tags`. */
  labels: string[];
  /** Names the rule, e.g. `rule "time"`. */
  label: string;
}

export interface TagJob {
  globals: GlobalTag[];
  rules: RuleTags[];
  root: SandboxInstance;
  /** Time budget of the whole evaluation, enforced inside the sandbox (loops) and by killing the tag process (built-ins). */
  timeoutMs: number;
}

export type TagReply = { value: unknown } | { error: string };

/** On the wire, a job and its reply carry the job's sequence number (jobs are pipelined, replies come in order). */
export interface SequencedJob {
  seq: number;
  job: TagJob;
}
export type SequencedReply = TagReply & { seq: number };

/** Which tag runs: (rule index, tag index); rule HEADER_TAGS for header tags, NO_TAG when none runs. */
export const HEADER_TAGS = -1;
export const NO_TAG = -2;

/** The label of the tag (rule, tag) names, if any. */
export function runningTag(job: TagJob, rule: number, tag: number): string | undefined {
  if (rule === HEADER_TAGS) return job.globals[tag]?.label;
  return rule >= 0 ? job.rules[rule]?.labels[tag] : undefined;
}

/** The tag process's memory cap in bytes, set by the parent (tagEvaluator.ts), enforced by sisrProcess.ts's watchdog. */
export const MEMORY_CAP_ENV = 'CSTUDIO_SISR_MEMORY_BYTES';
